// Renders one route kind: its (possibly still loading) chunk with its (possibly still loading) content. Also
// owns the document's head and scrolling on navigation, because only here is the new page in the DOM.
import { useLayoutEffect, useRef, useState } from 'react';
import { showPageHead } from './headTags.ts';
import { ReplayEarlyClicks } from './HydrationProbe.tsx';
import { Navigate, useLocation } from './location.tsx';
import { PageMarkupContext, SharedPartsContext, type PageMarkup } from './Prerendered.tsx';
import { settle, usePageSource, useSite } from './runtime.tsx';

export function RouteView({ kind, params }: { kind: string; params: Readonly<Record<string, string>> }) {
  const source = usePageSource();
  const site = useSite();
  const { pathname } = useLocation();
  const chunk = settle(source.page(kind));
  const prerenderedParts = source.routes.kinds[kind]?.prerenderedParts === true;
  const content = prerenderedParts ? settle(source.content(pathname)) : undefined;
  const markup = content && 'markup' in content ? content.markup : null;
  // The HTML of a page without prerendered parts of its own: a new render takes its shared parts (the footer).
  const [, setFetched] = useState<PageMarkup>();
  // First of the layout effects: the page is laid out, scrolled and painted with its own kind's styles.
  useLayoutEffect(() => source.showStyles?.(kind), [source, kind]);
  // The document's head follows client-side navigation (headTags.ts): the title a screen reader announces, the
  // description, canonical link, previews and JSON-LD of the page it is on. Pages with prerendered parts have
  // it in their markup; the others' comes from their HTML, applied once it is there, unless the visitor has
  // moved on. Without it (offline) the last page's stays: the page itself works all the same.
  useLayoutEffect(() => {
    if (markup) {
      showPageHead(markup.head);
      return;
    }
    if (prerenderedParts || !source.pageMarkup) return;
    let current = true;
    source.pageMarkup(pathname).then(
      (page) => {
        if (!current) return;
        showPageHead(page.head);
        setFetched(page);
      },
      () => undefined,
    );
    return () => void (current = false);
  }, [markup, prerenderedParts, pathname, source]);
  useScrollOnNavigation();
  // No content: the host has no such page, so the route is no page of the site.
  if (content === null) return <GoToNotFound />;
  const { default: Page } = chunk;
  return (
    <SharedPartsContext value={source.sharedParts?.() ?? null}>
      <PageMarkupContext value={markup}>
        <Page site={site} data={content && 'data' in content ? content.data : undefined} params={params} />
        {/* After the page, in the same commit: its effects (the header's listeners) run first. */}
        <ReplayEarlyClicks />
      </PageMarkupContext>
    </SharedPartsContext>
  );
}

/** Replaces the current address with the 404 page's. */
export function GoToNotFound() {
  return <Navigate to={usePageSource().routes.notFound.route} replace />;
}

/**
 * Every route change scrolls to the top and moves focus to the page's main content; a link with a #hash scrolls to
 * that section instead. A change of the
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
    const target = hash ? document.getElementById(anchorOf(hash)) : null;
    if (!target) {
      if (loaded || queryOnly) return;
      window.scrollTo(0, 0);
      // As a page load would: the next Tab starts at the top of the new page, not where the link that led here
      // was (pagination and related cards keep the page kind, so React keeps their place in the document).
      document.getElementById('main')?.focus({ preventScroll: true });
      return;
    }
    target.scrollIntoView();
    // As a link to a section does in the browser: the next Tab starts there, not back at the link. Setting
    // tabIndex to what it reads makes a section (-1) focusable and leaves a link or a field as it is.
    if (!loaded) {
      target.tabIndex = target.tabIndex;
      target.focus({ preventScroll: true });
    }
    return keepInView(target);
  }, [key, hash]);
}

/** The id a #hash names; the hash as it is when it is no valid escape (a shared link cut short after a "%"),
 *  which then names no element rather than stopping the page. */
function anchorOf(hash: string): string {
  const id = hash.slice(1);
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * Sections above the target that are skipped until they near the viewport (content-visibility in home.css)
 * take their real height once laid out, and the web font may swap in later still: either pushes the target
 * away. Scroll back to it whenever a box above it changes size (before that frame is painted), until the
 * visitor scrolls, clicks or types, or a few seconds have passed.
 */
function keepInView(target: HTMLElement): () => void {
  const observer = new ResizeObserver(() => target.scrollIntoView());
  for (let node: Element | null = target; node && node !== document.body; node = node.parentElement) {
    for (let box = node.previousElementSibling; box; box = box.previousElementSibling) observer.observe(box);
  }
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of events) removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, 5000);
  for (const type of events) addEventListener(type, stop, { passive: true });
  return stop;
}
