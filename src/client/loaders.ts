// The browser's PageSource: route chunks by URL from the build manifest, and the prerendered markup of the
// pages that have some (Prerendered.tsx): the loaded page's from the document, the next
// page's from its HTML. A kind's chunk counts as loaded once its stylesheet has loaded too (stylesheets.ts).
// Promises are cached, failures included, so React's `use` sees the same promise on every render; `forget`
// drops them when the visitor asks to try again. A chunk that fails to load (gone after a redeploy, say)
// first reloads the page once; only if that fails too does the failure reach the error boundary.
import type { SiteShell } from '../model/shell.ts';
import type { BootData, ClientManifest } from './manifest.ts';
import type { PageChunk } from './pageKind.ts';
import { pageMarkupOf, type PageMarkup } from './Prerendered.tsx';
import { reloadOnce, loadSucceeded } from './reloadOnce.ts';
import { routeTable, type RouteTable } from './routeTable.ts';
import { loadStylesheet, showStylesheet } from './stylesheets.ts';
import { ChunkLoadError, type PageContent, type PageSource } from './runtime.tsx';

/** PRODUCT.md: a lazily loaded part that takes longer than this fails. */
export const LOAD_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, onTimeout: () => Error, ms = LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The boot data a page carries (document.ts writes it), or undefined when it has none. */
export function bootDataOf(page: Document): BootData | undefined {
  const text = page.getElementById('storefront-boot')?.textContent;
  return text ? (JSON.parse(text) as BootData) : undefined;
}

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * A promise that records its outcome the way React's `use` reads it, so `use` returns a settled one's value
 * without suspending. The source then hands out the same promise for good, never its value instead: a render
 * that suspended on one `use` and is replayed once that promise settles must make the same `use` calls in the
 * same order, or React gives the next call the earlier promise's value (a route's chunk read as its content).
 */
function tracked<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as Tracked<T>;
  thenable.status = 'pending';
  promise.then(
    (value) => void Object.assign(thenable, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(thenable, { status: 'rejected', reason }),
  );
  return promise;
}

const settled = (promise: Promise<unknown>) => (promise as Tracked<unknown>).status === 'fulfilled';

export function browserPageSource(manifest: ClientManifest, loaded?: { route: string; markup: PageMarkup }): PageSource & {
  preload(kind: string): Promise<PageChunk>;
  site(): Promise<SiteShell>;
  forget(): void;
} {
  const routes = routeTable(manifest.kinds);
  const kindStylesheets = new Set(Object.values(manifest.styles));
  const pending = new Map<string, Promise<PageChunk>>();
  const attempts = new Map<string, number>();
  const contents = new Map<string, PageContent | null | Promise<PageContent | null>>();
  const markups = new Map<string, Promise<PageMarkup>>();
  // The parts every page has (the footer), as the newest page seen has them.
  const shared: Record<string, string> = {};
  const seen = (markup: PageMarkup) => {
    Object.assign(shared, markup.parts);
    return markup;
  };
  if (loaded) {
    contents.set(normalise(loaded.route), { markup: seen(loaded.markup) });
    markups.set(normalise(loaded.route), Promise.resolve(loaded.markup));
  }

  const load = (kind: string): Promise<PageChunk> => {
    const existing = pending.get(kind);
    if (existing) return existing;
    const url = manifest.chunks[kind];
    if (!url) return tracked(Promise.reject(new Error(`No chunk for page kind "${kind}" in the manifest`)));
    const attempt = attempts.get(kind) ?? 0;
    attempts.set(kind, attempt + 1);
    const promise = loadChunk(kind, url, attempt, manifest.styles[kind], kindStylesheets);
    pending.set(kind, tracked(promise));
    return promise;
  };

  return {
    routes,
    page: load,
    pageMarkup: (route) => {
      const key = normalise(route);
      const markup =
        markups.get(key) ??
        fetchMarkup(key).then(seen, (error: unknown) => {
          markups.delete(key); // a failed fetch is tried again on the next visit
          throw error;
        });
      markups.set(key, markup);
      return markup;
    },
    sharedParts: () => shared,
    content: (route) => {
      const key = normalise(route);
      const known = contents.get(key);
      if (known !== undefined) return known;
      const promise = fetchContent(key, routes, seen);
      contents.set(key, promise);
      return promise;
    },
    preload: load,
    showStyles: (kind) => {
      const stylesheet = manifest.styles[kind];
      if (stylesheet) showStylesheet(stylesheet, kindStylesheets);
    },
    site: () => fetchSite(manifest.site),
    /** Drops pending and failed loads so a retry starts afresh. */
    forget: () => {
      for (const [kind, promise] of pending) if (!settled(promise)) pending.delete(kind);
      for (const [key, value] of contents) if (value instanceof Promise && !settled(value)) contents.delete(key);
    },
  };
}

/** A page kind's chunk, once its stylesheet has loaded too. One that fails to load reloads the page once (a
 *  promise that never settles, as the page goes); after that, or on a timeout, the failure is the caller's. */
function loadChunk(kind: string, url: string, attempt: number, stylesheet: string | undefined, kindStylesheets: ReadonlySet<string>): Promise<PageChunk> {
  // Browsers remember a failed import() of a URL for the life of the page, so a retry asks for a new URL.
  const request = attempt ? `${url}?retry=${attempt}` : url;
  const chunk = import(/* @vite-ignore */ request).catch((cause: unknown) => {
    throw new ChunkLoadError(kind, 'error', url, { cause });
  }) as Promise<PageChunk>;
  const styles = stylesheet
    ? loadStylesheet(stylesheet, kindStylesheets).catch((cause: unknown) => {
        throw new ChunkLoadError(`${kind} (stylesheet)`, 'error', stylesheet, { cause });
      })
    : undefined;
  return withTimeout(
    Promise.all([chunk, styles]).then(([module]) => module),
    () => new ChunkLoadError(kind, 'timeout', url),
  ).then(
    (module) => {
      loadSucceeded();
      return module;
    },
    // A timeout does not reload: the visitor has already waited two minutes.
    (error: unknown) => (error instanceof ChunkLoadError && error.type === 'error' && reloadOnce() ? new Promise<never>(() => {}) : Promise.reject(error)),
  );
}

/**
 * The page's own HTML: the markup the server rendered from its data. Null when the host has no such page:
 * a 404, or a page of another kind than the route's (a host that answers unknown paths with the 404 page, or
 * with the home page, and status 200).
 */
function fetchContent(route: string, routes: RouteTable, seen: (markup: PageMarkup) => PageMarkup): Promise<PageContent | null> {
  const request = fetch(route).then(async (response) => {
    if (response.status === 404) return null;
    if (!response.ok) throw new ChunkLoadError(`page ${route}`, 'error', route);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (bootDataOf(page)?.kind !== routes.match(route)?.kind) return null;
    return { markup: seen(pageMarkupOf(page)) };
  });
  return tracked(
    withTimeout(request, () => new ChunkLoadError(`page ${route}`, 'timeout', route)).catch((error: unknown) => {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(`page ${route}`, 'error', route, { cause: error });
    }),
  );
}

/** The head tags and parts of the route's HTML, whatever its status: the 404 page's are those of a page too. */
function fetchMarkup(route: string): Promise<PageMarkup> {
  const request = fetch(route).then(async (response) => pageMarkupOf(new DOMParser().parseFromString(await response.text(), 'text/html')));
  return withTimeout(request, () => new ChunkLoadError(`page ${route}`, 'timeout', route));
}

/** The site shell (site.json) the client pages share. */
function fetchSite(url: string): Promise<SiteShell> {
  return withTimeout(
    fetch(url).then((response) => {
      if (!response.ok) throw new ChunkLoadError('site', 'error', url);
      return response.json() as Promise<SiteShell>;
    }),
    () => new ChunkLoadError('site', 'timeout', url),
  );
}

const normalise = (route: string) => route.replace(/\/?$/, '/');
