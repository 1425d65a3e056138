// The React half of the browser entry (entry.tsx imports it once React DOM has been evaluated): works out the
// route, loads the site shell, the route's chunk (already modulepreloaded) and its data before hydrating so
// React adopts the server HTML as it is, then hands over to the router.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '../../templates/App.tsx';
import { matchRoute } from '../../templates/routes.ts';
import type { BootData } from '../../templates/server.tsx';
import { pageMarkupOf } from '../../templates/components/Prerendered.tsx';
import { routes, type RouteKind } from '../model/routes.ts';
import { browserPageSource, type ClientManifest } from './loaders.ts';
import { startPerformanceReporting } from './performance.ts';

export async function mount(boot: BootData, manifest: ClientManifest, container: HTMLElement) {
  let kind: RouteKind | undefined = matchRoute(location.pathname)?.kind;
  // The static host answers unknown paths with 404.html. Alternatives pages render by the headline rule even
  // when not prerendered; anything else becomes /404/, which is what the document already shows.
  const clientOnly = boot.kind === 'notFound' && kind === 'alternatives';
  if (boot.kind === 'notFound' && !clientOnly) {
    history.replaceState(history.state, '', routes.notFound());
    kind = 'notFound';
  }

  // The prerendered parts' markup is read now, before React owns the document.
  const source = browserPageSource(manifest, { route: location.pathname, markup: pageMarkupOf(document) });
  // The route's chunk before hydrating, so React adopts the server HTML without suspending. A failure shows
  // in the app, with a retry.
  const ready = kind ? source.preload(kind).catch(() => undefined) : undefined;
  // Without the shell there is nothing to hydrate with: the prerendered page stays as it is, links and all.
  const site = await source.site();
  await ready;

  const app = (
    <StrictMode>
      <BrowserRouter useTransitions={false}>
        <App site={site} source={source} onRetry={source.forget} />
      </BrowserRouter>
    </StrictMode>
  );
  if (clientOnly) createRoot(container).render(app);
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser in between,
  // instead of one long task for the whole page (Total Blocking Time); the page is already on screen.
  else startTransition(() => void hydrateRoot(container, app));
  startPerformanceReporting();
}
