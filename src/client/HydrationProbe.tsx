// Marks the document once React has hydrated (or rendered) it: end-to-end tests wait for this attribute,
// as React Router's own prerender tests do with their "mounted" probe, and the inline start script
// (clientLoader.ts) stops holding button clicks from then on.
import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set by the inline start script: clicks again the buttons clicked before the client hydrated. */
    storefrontReplay?: () => void;
  }
}

export function HydrationProbe() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * Clicks again the buttons the start script held, once the route's page has hydrated: RouteView renders it
 * after the page, and it waits a task more, so every effect of that commit (the header's document listeners
 * among them) is in place. A route whose chunk failed never renders it: its held clicks are dropped.
 */
export function ReplayEarlyClicks() {
  useEffect(() => {
    const replay = setTimeout(() => window.storefrontReplay?.());
    return () => clearTimeout(replay);
  }, []);
  return null;
}
