// The site's search index in the browser: Pagefind's own script, which the build writes to /pagefind/ with the
// index (src/build/search.ts). It is fetched on first use only, never bundled: the import's URL is a variable,
// so esbuild leaves it alone, and the types below are the part of Pagefind's API the search page uses
// (https://pagefind.app/docs/api/). This module, which asks it, is loaded with it: the search page imports it
// on its first search or when the visitor focuses the field, so a visitor who came to browse the categories
// downloads neither.
import type { SiteImage } from '../src/core/images.ts';
import type { ServiceCard } from '../src/model/shell.ts';
import { FILTERS, SORTS } from './searchFields.ts';
import type { SearchState, SortKey } from './searchState.ts';

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

export interface IndexQuery {
  /** null: no words, filters and sort only. */
  term: string | null;
  options: { filters: Record<string, string>; sort?: Record<string, 'asc' | 'desc'> };
}

/**
 * The question for the index (Pagefind's `search(term, options)`), by the filters and sorts of searchIndex.ts;
 * `sort` is the one that applies (searchState.ts's effectiveSort).
 */
export function indexQuery(state: SearchState, sort: SortKey): IndexQuery {
  const filters: Record<string, string> = {};
  if (state.category) filters[FILTERS.category] = state.category;
  if (state.min !== undefined) filters[FILTERS.min] = String(state.min);
  if (state.max !== undefined) filters[FILTERS.max] = String(state.max);
  const sorts: Record<SortKey, Record<string, 'asc' | 'desc'> | undefined> = {
    relevance: undefined,
    'price-asc': { [SORTS.price]: 'asc' },
    'price-desc': { [SORTS.price]: 'desc' },
    name: { [SORTS.name]: 'asc' },
  };
  const order = sorts[sort];
  return { term: state.q.trim() || null, options: { filters, ...(order && { sort: order }) } };
}

/** A search result's card, from the record's URL and meta (written by searchIndex.ts's searchRecords). */
export const resultCard = (url: string, meta: Record<string, string | undefined>): ServiceCard => ({
  id: meta.id ?? url,
  name: meta.title ?? '',
  shortName: meta.title ?? '',
  summary: meta.summary ?? '',
  label: meta.label || undefined,
  price: Number(meta.price ?? 0),
  priceFrom: meta.priceFrom === 'true',
  delivery: meta.delivery || undefined,
  thumbnail: thumbnailOf(meta.thumbnail),
  route: url,
});

/** The card's image from its record. */
const thumbnailOf = (json: string | undefined): SiteImage => (json ? (JSON.parse(json) as SiteImage) : { src: '' });

/** Results shown at a time: each one's data is a request of its own. */
const PAGE_SIZE = 24;

export interface Found {
  /** The address of the search these results answer. */
  asked: string;
  all: PagefindResult[];
  cards: ServiceCard[];
}

const cardsOf = async (results: readonly PagefindResult[]) => (await Promise.all(results.map((r) => r.data()))).map((d) => resultCard(d.url, d.meta));

/** The services a search finds (`asked`, its address), with the cards of the first of them: at least a page, and
 *  as many as the visitor had shown when `kept` is the state the search page kept in its history entry (Back to
 *  it, a reload: { shown }, but a history entry may hold anything). */
export async function findServices(query: SearchState, sort: SortKey, asked: string, kept?: unknown): Promise<Found> {
  const pagefind = await loadPagefind();
  const { term, options } = indexQuery(query, sort);
  const response = await pagefind.search(term, options);
  // A sort other than best match is Pagefind's own, by the records' sort keys.
  const all = options.sort ? response.results : inStableOrder(response.results);
  const shown = (kept as { shown?: unknown } | null)?.shown;
  const count = Number.isInteger(shown) ? Math.max(PAGE_SIZE, shown as number) : PAGE_SIZE;
  return { asked, all, cards: await cardsOf(all.slice(0, count)) };
}

/** The same results with the cards of the next few. */
export const withMore = async (found: Found): Promise<Found> => ({
  ...found,
  cards: [...found.cards, ...(await cardsOf(found.all.slice(found.cards.length, found.cards.length + PAGE_SIZE)))],
});

/** Starts fetching Pagefind and, for words, the index chunks a search for them needs. */
export async function warmUp(state: SearchState | undefined, sort: SortKey) {
  const pagefind = await loadPagefind();
  const q = state?.q.trim();
  if (q) await pagefind.preload(q, indexQuery(state!, sort).options);
}
