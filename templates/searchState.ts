// The search page's state and its address: /search/?q=&category=&min=&max=&sort=. Pure functions, so the
// address a search makes, the one the visitor shares and the one Back returns to all read the same way, and
// the question the page asks the index (searchIndex.ts) follows from the address alone.
import { formatPrice } from './format.ts';

/**
 * The budget choices, in dollars. The index filters by exact values only, so each service carries every step
 * its price is within (searchIndex.ts): "up to $1,000" is the filter max=1000, "from $5,000" min=5000.
 */
export const BUDGET_STEPS = [100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000] as const;

/** The sort choices, in the order the page offers them ("Best match" only when there is a query). */
export const SORT_LABELS = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name A–Z',
} as const;
export type SortKey = keyof typeof SORT_LABELS;

export interface SearchState {
  /** The words as typed. */
  q: string;
  /** A category's anchor, or '' for all. */
  category: string;
  /** Budget steps (BUDGET_STEPS), in dollars. */
  min?: number;
  max?: number;
  /** The visitor's choice; absent, the default (effectiveSort). */
  sort?: SortKey;
}

export const EMPTY_SEARCH: SearchState = { q: '', category: '' };

/** Longer queries are cut: nobody types one, and each word is a lookup in the index. */
export const MAX_QUERY = 200;

const isSort = (value: string): value is SortKey => Object.hasOwn(SORT_LABELS, value);
/** A budget step written as the address writes it ("1000"; not "1e3" or "01000"). */
const step = (value: string | null) => (BUDGET_STEPS as readonly number[]).find((s) => String(s) === value);

/**
 * The state in an address's query string. Unknown values are dropped (a category not in `anchors`, when
 * given; a budget that is not a step; an unknown sort), and a "from" above the "up to" is read as the range
 * between them.
 */
export function parseSearch(search: string, anchors?: readonly string[]): SearchState {
  const params = new URLSearchParams(search);
  const category = params.get('category') ?? '';
  const sort = params.get('sort') ?? '';
  let min = step(params.get('min'));
  let max = step(params.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
    category: /^[a-z0-9-]+$/.test(category) && (!anchors || anchors.includes(category)) ? category : '',
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
    ...(isSort(sort) && { sort }),
  };
}

/**
 * What the page says when the address's budget was reversed ("from" above "up to") and parseSearch swapped
 * it: a count of "32 services found" alone would leave the visitor wondering why a $5,000 service shows up
 * in a search for at most $1,000. Undefined when there is nothing to say.
 */
export function reversedBudgetNote(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const min = step(params.get('min'));
  const max = step(params.get('max'));
  if (min === undefined || max === undefined || min <= max) return undefined;
  return `Showing ${formatPrice(max)} to ${formatPrice(min)}: the range was reversed.`;
}

/** The query string for a state ("" when there is nothing to say), its keys always in the same order. */
export function serializeSearch(state: SearchState): string {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.category) params.set('category', state.category);
  if (state.min !== undefined) params.set('min', String(state.min));
  if (state.max !== undefined) params.set('max', String(state.max));
  if (state.sort && state.sort !== 'relevance') params.set('sort', state.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const SEARCH_ROUTE = '/search/';
export const searchHref = (state: SearchState) => `${SEARCH_ROUTE}${serializeSearch(state)}`;

/** Whether two states ask the same question (the same address). */
export const sameSearch = (a: SearchState, b: SearchState) => serializeSearch(a) === serializeSearch(b);

export const hasFilters = (state: SearchState) => Boolean(state.category) || state.min !== undefined || state.max !== undefined;

/** Whether the state asks anything: words, a filter or a sort. With nothing asked, the page loads nothing. */
export const isActive = (state: SearchState) => Boolean(state.q.trim()) || hasFilters(state) || state.sort !== undefined;

/** The sort that applies: the visitor's, else best match for words and the lowest price first without. */
export function effectiveSort(state: SearchState): SortKey {
  const words = Boolean(state.q.trim());
  if (state.sort && (state.sort !== 'relevance' || words)) return state.sort;
  return words ? 'relevance' : 'price-asc';
}

/** The sorts the page offers for a state. */
export const sortChoices = (state: SearchState): SortKey[] =>
  (Object.keys(SORT_LABELS) as SortKey[]).filter((key) => key !== 'relevance' || Boolean(state.q.trim()));
