// What site search finds and shows. One record per service goes into the search index (built by the build's
// search stage, src/build/search.ts, from the search page kind's `searchRecords`); the search page asks the
// index with the filters and sort keys named here and shows each result as the same card as everywhere else.
import type { SearchRecord } from '../src/client/api.ts';
import { wordsOf } from '../src/core/searchTerms.ts';
import type { Category, Service, Site } from '../src/model/model.ts';
import { FILTERS, SORTS } from './searchFields.ts';
import { BUDGET_STEPS } from './searchState.ts';

export { FILTERS, SORTS } from './searchFields.ts';

export function searchRecords(site: Site): SearchRecord[] {
  return site.categories.flatMap((category) => category.services.map((s) => recordOf(s, category)));
}

const recordOf = (s: Service, category: Category): SearchRecord => ({
  url: s.route,
  content: searchText(s, category),
  meta: {
    title: s.name,
    id: s.id,
    summary: s.summary,
    // With options, the lowest: the starting price the card shows, "from" it (priceFrom).
    price: String(s.price),
    priceFrom: s.priceFrom ? 'true' : '',
    delivery: s.delivery ?? '',
    label: s.label ?? '',
    // The card's image as JSON (meta values are text): a raster image's variants and sizes with it.
    thumbnail: JSON.stringify(s.thumbnail),
    category: category.name,
  },
  filters: {
    [FILTERS.category]: [category.anchor],
    [FILTERS.max]: BUDGET_STEPS.filter((step) => s.price <= step).map(String),
    [FILTERS.min]: BUDGET_STEPS.filter((step) => s.price >= step).map(String),
  },
  // Numbers sort as numbers when every value of the key is one.
  sort: { [SORTS.price]: String(s.price), [SORTS.name]: s.name.toLowerCase() },
});

/**
 * What search finds a service by: its name, summary, category, label and option labels, then the first
 * DESCRIPTION_WORDS terms of its description that they do not have (src/core/searchTerms.ts: words of three
 * letters or more but the commonest English ones, once each). Every word is a posting in the index's file of its
 * first two letters, which a search for it fetches: a word that finds nothing new costs the visitor bytes.
 */
function searchText(s: Service, category: Category): string {
  const lead = [s.name, s.summary, category.name, s.label, ...(s.options?.map((o) => o.label) ?? [])].filter(Boolean).join('. ');
  const seen = new Set(wordsOf(lead));
  const added: string[] = [];
  for (const term of s.searchTerms ? s.searchTerms.split(' ') : []) {
    if (added.length === DESCRIPTION_WORDS) break;
    if (!seen.has(term)) added.push(term);
  }
  return added.length ? `${lead}. ${added.join(' ')}` : lead;
}

const DESCRIPTION_WORDS = 80;
