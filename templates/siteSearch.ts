// The site's search in the browser: reads the index the build writes under /search-index/ (src/build/search.ts)
// and asks it with src/core/siteSearch.ts. The search page imports this module on its first search or when the
// visitor focuses the field, so a visitor who came to browse the categories downloads none of it. A search
// fetches the entry file, the postings of the words it asks for, and the result data of the cards it shows.
import type { SiteImage } from '../src/core/images.ts';
import { cardPlace, findRecords, queryTerms, shardsFor, type SearchCard, type SearchEntry, type SearchShard } from '../src/core/siteSearch.ts';
import type { ServiceCard } from '../src/model/shell.ts';
import { FILTERS, SORTS } from './searchFields.ts';
import type { SearchState, SortKey } from './searchState.ts';

/** The index's entry (src/build/search.ts's SEARCH_ENTRY), written out: a deploy finds the files a script names
 *  by their addresses in it. */
export const SEARCH_ENTRY_URL = '/search-index/entry.json';

export interface IndexQuery {
  /** The query's terms; none: filters and sort only. */
  terms: string[];
  filters: Record<string, string>;
  sort?: Record<string, 'asc' | 'desc'>;
}

/**
 * The question for the index, by the filters and sorts of searchIndex.ts; `sort` is the one that applies
 * (searchState.ts's effectiveSort).
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
  return { terms: queryTerms(state.q), filters, ...(order && { sort: order }) };
}

/** A search result's card, from the record's URL and meta (written by searchIndex.ts's searchRecords). */
export const resultCard = ({ url, meta }: SearchCard): ServiceCard => ({
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

/** Results shown at a time. */
const PAGE_SIZE = 24;

export interface Found {
  /** The address of the search these results answer. */
  asked: string;
  /** The records found, in order. */
  all: number[];
  cards: ServiceCard[];
}

export interface SiteSearch {
  /** The services a search finds (`asked`, its address), with the cards of the first of them: at least a page,
   *  and as many as the visitor had shown when `kept` is the state the search page kept in its history entry
   *  (Back to it, a reload: { shown }, but a history entry may hold anything). */
  find(query: SearchState, sort: SortKey, asked: string, kept?: unknown): Promise<Found>;
  /** The same results with the cards of the next few. */
  more(found: Found): Promise<Found>;
  /** Starts fetching the entry and, for words, the postings a search for them needs. */
  warmUp(state: SearchState | undefined, sort: SortKey): Promise<void>;
}

const fetchJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
};

/**
 * The index, read as searches need it. Each file is fetched once for the life of the object (the search page
 * keeps one); one that failed is fetched again by the next search that needs it.
 */
export function openSiteSearch(load: (url: string) => Promise<unknown> = fetchJson): SiteSearch {
  const files = new Map<string, Promise<unknown>>();
  const get = <T>(url: string) => {
    let file = files.get(url);
    if (!file) {
      file = load(url);
      files.set(url, file);
      file.catch(() => files.delete(url));
    }
    return file as Promise<T>;
  };
  const entry = () => get<SearchEntry>(SEARCH_ENTRY_URL);
  const shardsOf = async (index: SearchEntry, terms: readonly string[]) => {
    const keys = [...new Set(terms.flatMap((term) => shardsFor(term, index)))];
    const loaded = await Promise.all(keys.map((key) => get<SearchShard>(index.words[key]!)));
    return new Map(keys.map((key, at) => [key, loaded[at]!]));
  };
  const cardsOf = async (index: SearchEntry, records: readonly number[]) => {
    const places = records.map(cardPlace);
    const loaded = await Promise.all(places.map(({ file }) => get<SearchCard[]>(index.cards[file]!)));
    return places.map(({ at }, i) => resultCard(loaded[i]![at]!));
  };
  return {
    async find(state, sort, asked, kept) {
      const index = await entry();
      const query = indexQuery(state, sort);
      // Typed, but no word in it (an emoji, punctuation): nothing matches, rather than everything.
      const all = state?.q.trim() && !query.terms.length ? [] : findRecords(index, await shardsOf(index, query.terms), query);
      const shown = (kept as { shown?: unknown } | null)?.shown;
      const count = Number.isInteger(shown) ? Math.max(PAGE_SIZE, shown as number) : PAGE_SIZE;
      return { asked, all, cards: await cardsOf(index, all.slice(0, count)) };
    },
    async more(found) {
      const next = found.all.slice(found.cards.length, found.cards.length + PAGE_SIZE);
      return { ...found, cards: [...found.cards, ...(await cardsOf(await entry(), next))] };
    },
    async warmUp(state, sort) {
      const index = await entry();
      if (state?.q.trim()) await shardsOf(index, indexQuery(state, sort).terms);
    },
  };
}
