// The React half of the browser entry (entry.tsx imports it once React DOM has been evaluated): works out the
// route, loads the site shell, the route's chunk (already modulepreloaded) and its data before hydrating so
// React adopts the server HTML as it is, then hands over to the router.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { browserPageSource } from './loaders.ts';
import { BrowserLocation } from './location.tsx';
import type { BootData, ClientManifest } from './manifest.ts';
import { pageMarkupOf } from './Prerendered.tsx';

export async function mount(boot: BootData, manifest: ClientManifest, container: HTMLElement) {
  // The prerendered parts' markup is read now, before React owns the document.
  const source = browserPageSource(manifest, { route: location.pathname, markup: pageMarkupOf(document) });
  const { routes } = source;
  // The static host answers unknown paths with 404.html, whatever route they match: the address becomes the
  // 404 page's route, which is what the document shows.
  const notFound = boot.kind === routes.notFound.kind;
  if (notFound) history.replaceState(history.state, '', routes.notFound.route);
  const kind = notFound ? routes.notFound.kind : routes.match(location.pathname)?.kind;

  // The route's chunk before hydrating, so React adopts the server HTML without suspending. A failure shows
  // in the app, with a retry.
  const ready = kind ? source.preload(kind).catch(() => undefined) : undefined;
  // Without the shell there is nothing to hydrate with: the prerendered page stays as it is, links and all.
  const site = await source.site();
  await ready;

  const app = (
    <StrictMode>
      <BrowserLocation>
        <App site={site} source={source} onRetry={source.forget} />
      </BrowserLocation>
    </StrictMode>
  );
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser in between,
  // instead of one long task for the whole page (Total Blocking Time); the page is already on screen.
  startTransition(() => void hydrateRoot(container, app));
  // Its observers are fetched only for a site that defines a reporter (performance.ts).
  if (typeof window.storefrontReportPerformance === 'function') void import('./performance.ts').then((reporting) => reporting.startPerformanceReporting());
}
