// Renders one route kind: its (possibly still loading) chunk with its (possibly still loading) content. Also
// owns the title and scrolling on navigation, because only here is the new page in the DOM.
import { useLayoutEffect, useRef } from 'react';
import { Navigate, useLocation } from './location.tsx';
import { PageMarkupContext } from './Prerendered.tsx';
import { settle, usePageSource, useSite } from './runtime.tsx';

export function RouteView({ kind, params }: { kind: string; params: Readonly<Record<string, string>> }) {
  const source = usePageSource();
  const site = useSite();
  const { pathname } = useLocation();
  const chunk = settle(source.page(kind));
  const prerenderedParts = source.routes.kinds[kind]?.prerenderedParts === true;
  const content = prerenderedParts ? settle(source.content(pathname)) : undefined;
  const markup = content && 'markup' in content ? content.markup : null;
  // The document's title follows client-side navigation, so a screen reader announces the page it is on.
  // Pages with prerendered parts have it in their markup; the others' head follows from the route alone.
  useLayoutEffect(() => {
    if (markup) document.title = markup.title;
    else if (!prerenderedParts) document.title = chunk.head({ kind, route: pathname, indexed: true }, site).title;
  }, [markup, prerenderedParts, pathname, kind, site, chunk]);
  useScrollOnNavigation();
  // No content: the route is no page of the site, unless its kind also renders routes that were not
  // prerendered (an alternatives page without content of its own, or one for an unlisted competitor).
  if (content === null && !source.routes.kinds[kind]?.rendersUnlisted) return <GoToNotFound />;
  const { default: Page } = chunk;
  return (
    <PageMarkupContext value={markup}>
      <Page site={site} data={content && 'data' in content ? content.data : undefined} params={params} />
    </PageMarkupContext>
  );
}

/** Replaces the current address with the 404 page's. */
export function GoToNotFound() {
  return <Navigate to={usePageSource().routes.notFound.route} replace />;
}

/**
 * Every route change scrolls to the top; a link with a #hash scrolls to that section instead. A change of the
 * query alone on the same page (the search page keeping its state in the address) is no new page: it stays.
 */
function useScrollOnNavigation() {
  const { key, hash, pathname, search } = useLocation();
  const first = useRef(true);
  const shown = useRef({ pathname, search });
  useLayoutEffect(() => {
    // The first render is the page the browser loaded: it has already placed the scroll position, but a
    // #hash target may have moved since (see keepInView).
    const loaded = first.current && key === 'default';
    first.current = false;
    const queryOnly = shown.current.pathname === pathname && shown.current.search !== search;
    shown.current = { pathname, search };
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) {
      if (!loaded && !queryOnly) window.scrollTo(0, 0);
      return;
    }
    target.scrollIntoView();
    return keepInView(target);
  }, [key, hash]);
}

/**
 * Sections above the target that are skipped until they near the viewport (content-visibility in home.css)
 * take their real height a frame or two later and push the target away: scroll back to it whenever it moves,
 * until it has stayed put for a few frames (a second at most), and not once the visitor scrolls.
 */
function keepInView(target: HTMLElement): () => void {
  let frames = 0;
  let still = 0;
  let top = target.getBoundingClientRect().top;
  let frame = requestAnimationFrame(function check() {
    const now = target.getBoundingClientRect().top;
    if (Math.abs(now - top) < 1) still++;
    else {
      still = 0;
      target.scrollIntoView();
      top = target.getBoundingClientRect().top;
    }
    if (still < 3 && ++frames < 60) frame = requestAnimationFrame(check);
  });
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of events) removeEventListener(type, stop);
  };
  for (const type of events) addEventListener(type, stop, { passive: true });
  return stop;
}
