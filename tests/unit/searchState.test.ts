// The search page's address: parsed, written back, and turned into the question for the index.
import { describe, expect, it } from 'vitest';
import { indexQuery as askIndex } from '../../templates/siteSearch.ts';
import { FILTERS, SORTS } from '../../templates/searchFields.ts';
import {
  BUDGET_STEPS,
  EMPTY_SEARCH,
  MAX_QUERY,
  effectiveSort,
  hasFilters,
  isActive,
  parseSearch,
  reversedBudgetNote,
  sameSearch,
  searchHref,
  serializeSearch,
  sortChoices,
  type SearchState,
} from '../../templates/searchState.ts';

const anchors = ['listing', 'press-releases', 'billboards'];

describe('parseSearch', () => {
  it('reads every key', () => {
    expect(parseSearch('?q=press+release&category=press-releases&min=500&max=5000&sort=price-desc', anchors)).toEqual({
      q: 'press release',
      category: 'press-releases',
      min: 500,
      max: 5000,
      sort: 'price-desc',
    });
  });

  it('is empty for an empty address, with or without the question mark', () => {
    expect(parseSearch('', anchors)).toEqual(EMPTY_SEARCH);
    expect(parseSearch('?', anchors)).toEqual(EMPTY_SEARCH);
    expect(parseSearch('q=listing')).toEqual({ q: 'listing', category: '' });
  });

  it('reads what a form without JavaScript sends: every field, the empty ones too', () => {
    expect(parseSearch('?q=listing&category=&min=&max=', anchors)).toEqual({ q: 'listing', category: '' });
  });

  it('decodes the words', () => {
    expect(parseSearch('?q=%E2%80%9CA%26B%E2%80%9D%20caf%C3%A9').q).toBe('“A&B” café');
  });

  it('drops a category that is not one of the site’s, and any that could not be an anchor', () => {
    expect(parseSearch('?category=nope', anchors).category).toBe('');
    expect(parseSearch('?category=listing', anchors).category).toBe('listing');
    expect(parseSearch('?category=<script>').category).toBe('');
    expect(parseSearch('?category=anything-goes').category).toBe('anything-goes');
  });

  it('keeps only budgets that are steps of the index', () => {
    expect(parseSearch('?min=1000&max=2500')).toMatchObject({ min: 1000, max: 2500 });
    for (const bad of ['999', '1e3', 'abc', '-100', '0', '']) {
      const state = parseSearch(`?min=${bad}&max=${bad}`);
      expect(state.min, bad).toBeUndefined();
      expect(state.max, bad).toBeUndefined();
    }
  });

  it('reads a "from" above the "up to" as the range between them', () => {
    expect(parseSearch('?min=5000&max=1000')).toMatchObject({ min: 1000, max: 5000 });
  });

  it('says so when it swaps a reversed budget, with the range it shows instead', () => {
    expect(reversedBudgetNote('?min=5000&max=1000')).toBe('Showing $1,000 to $5,000: the range was reversed.');
    expect(reversedBudgetNote('?q=press&max=250&min=10000&sort=name')).toBe('Showing $250 to $10,000: the range was reversed.');
  });

  it('has nothing to say of a range in order, a one-sided one, or budgets it drops', () => {
    for (const search of ['?min=1000&max=5000', '?min=1000&max=1000', '?min=5000', '?max=1000', '', '?min=5000&max=999', '?min=abc&max=1000']) {
      expect(reversedBudgetNote(search), search).toBeUndefined();
    }
  });

  it('drops an unknown sort', () => {
    expect(parseSearch('?sort=cheapest').sort).toBeUndefined();
    expect(parseSearch('?sort=toString').sort).toBeUndefined();
    expect(parseSearch('?sort=name').sort).toBe('name');
  });

  it('cuts a very long query', () => {
    expect(parseSearch(`?q=${'a'.repeat(MAX_QUERY + 50)}`).q).toHaveLength(MAX_QUERY);
  });
});

describe('serializeSearch', () => {
  it('is empty for the empty state', () => {
    expect(serializeSearch(EMPTY_SEARCH)).toBe('');
    expect(searchHref(EMPTY_SEARCH)).toBe('/search/');
  });

  it('writes the keys in one order and leaves the defaults out', () => {
    expect(serializeSearch({ sort: 'name', max: 1000, min: 100, category: 'listing', q: 'token' })).toBe('?q=token&category=listing&min=100&max=1000&sort=name');
    expect(serializeSearch({ q: 'token', category: '', sort: 'relevance' })).toBe('?q=token');
  });

  it('trims the words, and writes none when there are only spaces', () => {
    expect(serializeSearch({ q: '  press  ', category: '' })).toBe('?q=press');
    expect(serializeSearch({ q: '   ', category: '' })).toBe('');
  });

  it('encodes the words', () => {
    expect(searchHref({ q: 'A&B =?#', category: '' })).toBe('/search/?q=A%26B+%3D%3F%23');
  });

  it('round-trips through parseSearch', () => {
    const states: SearchState[] = [
      EMPTY_SEARCH,
      { q: 'listing', category: '' },
      { q: 'A&B café', category: 'billboards', min: 250, max: 1_000_000, sort: 'price-asc' },
      { q: '', category: '', max: 1000 },
      { q: '', category: '', sort: 'name' },
    ];
    for (const state of states) expect(parseSearch(serializeSearch(state), anchors)).toEqual(state);
  });

  it('tells the same search apart from another', () => {
    expect(sameSearch({ q: 'press ', category: '' }, { q: 'press', category: '' })).toBe(true);
    expect(sameSearch({ q: 'press', category: '' }, { q: 'press', category: 'listing' })).toBe(false);
  });
});

describe('what a state asks', () => {
  it('is nothing for the empty state or spaces, something for words, a filter or a sort', () => {
    expect(isActive(EMPTY_SEARCH)).toBe(false);
    expect(isActive({ q: '  ', category: '' })).toBe(false);
    expect(isActive({ q: 'x', category: '' })).toBe(true);
    expect(isActive({ q: '', category: 'listing' })).toBe(true);
    expect(isActive({ q: '', category: '', min: 100 })).toBe(true);
    expect(isActive({ q: '', category: '', max: 100 })).toBe(true);
    expect(isActive({ q: '', category: '', sort: 'name' })).toBe(true);
    expect(hasFilters({ q: 'x', category: '', sort: 'name' })).toBe(false);
  });

  it('sorts by best match for words, by the lowest price without, and by the visitor’s choice', () => {
    expect(effectiveSort({ q: 'listing', category: '' })).toBe('relevance');
    expect(effectiveSort({ q: '', category: 'listing' })).toBe('price-asc');
    expect(effectiveSort({ q: '', category: '', sort: 'relevance' })).toBe('price-asc');
    expect(effectiveSort({ q: 'listing', category: '', sort: 'name' })).toBe('name');
    expect(sortChoices({ q: 'listing', category: '' })).toEqual(['relevance', 'price-asc', 'price-desc', 'name']);
    expect(sortChoices({ q: ' ', category: '' })).toEqual(['price-asc', 'price-desc', 'name']);
  });
});

/** The question for the state, with the sort that applies to it (as the search page asks). */
const indexQuery = (state: SearchState) => askIndex(state, effectiveSort(state));

describe('indexQuery', () => {
  it('asks for the words with no filters and no sort: best match', () => {
    expect(indexQuery({ q: ' Listings ', category: '' })).toEqual({ terms: ['list'], filters: {} });
  });

  it('filters by the index’s filter names, budgets as their step', () => {
    expect(indexQuery({ q: '', category: 'listing', min: 500, max: 5000 })).toEqual({
      terms: [],
      filters: { [FILTERS.category]: 'listing', [FILTERS.min]: '500', [FILTERS.max]: '5000' },
      sort: { [SORTS.price]: 'asc' },
    });
  });

  it('sorts by the index’s sort keys', () => {
    const sortOf = (sort: SearchState['sort']) => indexQuery({ q: 'x', category: '', sort }).sort;
    expect(sortOf('price-asc')).toEqual({ price: 'asc' });
    expect(sortOf('price-desc')).toEqual({ price: 'desc' });
    expect(sortOf('name')).toEqual({ name: 'asc' });
    expect(sortOf('relevance')).toBeUndefined();
  });

  it('asks only for budgets the index has', () => {
    for (const step of BUDGET_STEPS) expect(parseSearch(`?max=${step}`).max).toBe(step);
  });
});
