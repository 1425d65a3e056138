// Marks the document once React has hydrated (or rendered) it: end-to-end tests wait for this attribute,
// as React Router's own prerender tests do with their "mounted" probe.
import { useEffect } from 'react';

export function HydrationProbe() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
