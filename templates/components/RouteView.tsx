// Renders one route kind: its (possibly still loading) page module with its (possibly still loading) data.
// Also owns scrolling on navigation, because only here is the new page actually in the DOM.
import { useLayoutEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { kindsWithData } from '../../src/model/pages.ts';
import { routes, type RouteKind } from '../../src/model/routes.ts';
import { settle, usePageSource, useSite } from '../../src/client/runtime.tsx';

export function RouteView({ kind }: { kind: RouteKind }) {
  const source = usePageSource();
  const site = useSite();
  const { pathname } = useLocation();
  const { default: Page } = settle(source.page(kind));
  const data = kindsWithData.has(kind) ? settle(source.data(pathname)) : undefined;
  useScrollOnNavigation();
  if (data === null) return <Navigate to={routes.notFound()} replace />;
  return <Page site={site} data={data} />;
}

/** Every route change scrolls to the top; a link with a #hash scrolls to that section instead. */
function useScrollOnNavigation() {
  const { key, hash } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    // The first render is the page the browser loaded: it has already placed the scroll position.
    if (first.current) {
      first.current = false;
      if (key === 'default') return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash]);
}
