// The browser's PageSource: route chunks by URL from the build manifest, route data from data.json files, or,
// for the kinds whose pages carry their data (kindsCarryingData), from the boot script of the page itself:
// the loaded page's is at hand, the next page's is read from its HTML.
// Promises are cached, failures included, so React's `use` sees the same promise on every render; `forget`
// drops them when the visitor asks to try again. A chunk that fails to load (gone after a redeploy, say)
// first reloads the page once; only if that fails too does the failure reach the error boundary.
import { dataUrl, kindsCarryingData, type PageData, type SiteShell } from '../model/pages.ts';
import { matchRoute } from '../../templates/routes.ts';
import type { BootData } from '../../templates/server.tsx';
import type { RouteKind } from '../model/routes.ts';
import { reloadOnce, loadSucceeded } from './reloadOnce.ts';
import { ChunkLoadError, type PageModule, type PageSource } from './runtime.tsx';

/** PRODUCT.md: a lazily loaded part that takes longer than this fails. */
export const LOAD_TIMEOUT_MS = 120_000;

export interface ClientManifest {
  /** Route kind → URL of its chunk. */
  pages: Partial<Record<RouteKind, string>>;
  /** URL of the site shell (brand, navigation, footer), shared by every page. */
  site: string;
}

function withTimeout<T>(promise: Promise<T>, onTimeout: () => Error, ms = LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The boot data in a page's HTML (templates/document.ts writes it), or undefined when there is none. */
export function bootDataIn(html: string): BootData | undefined {
  const json = /<script type="application\/json" id="storefront-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as BootData) : undefined;
}

export function browserPageSource(manifest: ClientManifest, loaded?: { route: string; data: PageData }): PageSource & {
  preload(kind: RouteKind): Promise<PageModule>;
  site(): Promise<SiteShell>;
  forget(): void;
} {
  const modules = new Map<RouteKind, PageModule>();
  const pending = new Map<RouteKind, Promise<PageModule>>();
  const attempts = new Map<RouteKind, number>();
  const data = new Map<string, PageData | null | Promise<PageData | null>>();
  if (loaded) data.set(normalise(loaded.route), loaded.data);

  const load = (kind: RouteKind): Promise<PageModule> => {
    const existing = pending.get(kind);
    if (existing) return existing;
    const url = manifest.pages[kind];
    if (!url) return Promise.reject(new Error(`No chunk for route kind "${kind}" in the manifest`));
    // Browsers remember a failed import() of a URL for the life of the page, so a retry asks for a new URL.
    const attempt = attempts.get(kind) ?? 0;
    attempts.set(kind, attempt + 1);
    const request = attempt ? `${url}?retry=${attempt}` : url;
    const promise = withTimeout(
      import(/* @vite-ignore */ request).catch((cause: unknown) => {
        throw new ChunkLoadError(kind, 'error', url, { cause });
      }) as Promise<PageModule>,
      () => new ChunkLoadError(kind, 'timeout', url),
    ).then(
      (module) => {
        modules.set(kind, module);
        loadSucceeded();
        return module;
      },
      // A timeout does not reload: the visitor has already waited two minutes.
      (error: unknown) => (error instanceof ChunkLoadError && error.type === 'error' && reloadOnce() ? new Promise<never>(() => {}) : Promise.reject(error)),
    );
    pending.set(kind, promise);
    return promise;
  };

  const fetchData = (route: string): Promise<PageData | null> => {
    const kind = matchRoute(route)?.kind;
    const inPage = kind !== undefined && kindsCarryingData.has(kind);
    const url = kind ? dataUrl(route, kind) : `${route}data.json`;
    const request = fetch(url).then(async (response) => {
      if (response.status === 404) return null;
      if (!response.ok) throw new ChunkLoadError(`data ${route}`, 'error', url);
      if (!inPage) return (await response.json()) as PageData;
      // The host's 404 page has no data: the route has no page.
      return bootDataIn(await response.text())?.data ?? null;
    });
    return withTimeout(request, () => new ChunkLoadError(`data ${route}`, 'timeout', url)).then(
      (value) => {
        data.set(route, value);
        return value;
      },
      (error: unknown) => {
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError(`data ${route}`, 'error', url, { cause: error });
      },
    );
  };

  return {
    page: (kind) => modules.get(kind) ?? load(kind),
    data: (route) => {
      const key = normalise(route);
      const known = data.get(key);
      if (known !== undefined) return known;
      const promise = fetchData(key);
      data.set(key, promise);
      return promise;
    },
    preload: load,
    site: () =>
      withTimeout(
        fetch(manifest.site).then((response) => {
          if (!response.ok) throw new ChunkLoadError('site', 'error', manifest.site);
          return response.json() as Promise<SiteShell>;
        }),
        () => new ChunkLoadError('site', 'timeout', manifest.site),
      ),
    /** Drops pending and failed loads so a retry starts afresh. */
    forget: () => {
      for (const kind of pending.keys()) if (!modules.has(kind)) pending.delete(kind);
      for (const [key, value] of data) if (value instanceof Promise) data.delete(key);
    },
  };
}

const normalise = (route: string) => route.replace(/\/?$/, '/');
