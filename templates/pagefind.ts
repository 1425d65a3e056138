// The site's search index in the browser: Pagefind's own script, which the build writes to /pagefind/ with the
// index (src/build/search.ts). It is fetched on first use only, never bundled: the import's URL is a variable,
// so esbuild leaves it alone, and the types below are the part of Pagefind's API the search page uses
// (https://pagefind.app/docs/api/).

export interface PagefindSearchOptions {
  filters?: Record<string, string | string[]>;
  sort?: Record<string, 'asc' | 'desc'>;
}

/** One result, before its data is loaded: each data() is a request. */
export interface PagefindResult {
  id: string;
  data(): Promise<{ url: string; meta: Record<string, string | undefined> }>;
}

export interface PagefindResponse {
  results: PagefindResult[];
  unfilteredResultCount: number;
}

export interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  /** Fetches the index chunks a search would need, without searching. */
  preload(term: string, options?: PagefindSearchOptions): Promise<void>;
  search(term: string | null, options?: PagefindSearchOptions): Promise<PagefindResponse>;
}

export const PAGEFIND_URL = '/pagefind/pagefind.js';

let loading: Promise<Pagefind> | undefined;

/** Pagefind, imported and initialised once; a failed load is tried again on the next call. */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    const url = PAGEFIND_URL;
    const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
    // Results carry the site's own paths; no excerpts are shown, so none are made.
    await pagefind.options({ baseUrl: '/', excerptLength: 0 });
    await pagefind.init();
    return pagefind;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
