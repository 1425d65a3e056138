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
  /** How well it matches the words; results come best first. */
  score: number;
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

/**
 * The results best first, and of equal matches in the order of their ids. Pagefind orders equal scores by the
 * index chunks it happens to have loaded, so the same words gave a different order after a filtered search,
 * and Back did not bring the same page back. Scores are compared to 4 decimals: the same match can differ
 * in the sixth from one search to the next.
 */
export function inStableOrder(results: readonly PagefindResult[]): PagefindResult[] {
  const rank = (result: PagefindResult) => Math.round(result.score * 1e4);
  return [...results].sort((a, b) => rank(b) - rank(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Pagefind, imported and initialised. The browser keeps the module once imported, and Pagefind its one
 * instance (init() makes it only once), so a later call costs an options message; a failed import is tried
 * again on the next call.
 */
export async function loadPagefind(): Promise<Pagefind> {
  const url = PAGEFIND_URL;
  const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
  // Results carry the site's own paths; no excerpts are shown, so none are made.
  await pagefind.options({ baseUrl: '/', excerptLength: 0 });
  await pagefind.init();
  return pagefind;
}
