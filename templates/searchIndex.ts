// What site search finds and shows. One record per service goes into the search index (Pagefind, built by the
// build's search stage from the search page kind's `searchRecords`); the search page asks the index with the
// filters and sort keys named here and shows each result as the same card as everywhere else.
import type { SearchRecord } from '../src/client/api.ts';
import type { SiteImage } from '../src/core/images.ts';
import { perObject } from '../src/core/perObject.ts';
import { treeText } from '../src/core/tree.ts';
import { deepFreeze, type Category, type Service, type Site } from '../src/model/model.ts';
import type { ServiceCard } from '../src/model/shell.ts';

/**
 * The budget choices, in dollars. The index filters by exact values only, so each service carries every step
 * its price is within: "up to $1,000" is the filter max=1000, "from $5,000" min=5000.
 */
export const BUDGET_STEPS = [100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000] as const;

/** The index's filters (`category` holds the category's anchor) and sort keys. */
export const FILTERS = { category: 'category', max: 'max', min: 'min' } as const;
export const SORTS = { price: 'price', name: 'name' } as const;

export function searchRecords(site: Site): SearchRecord[] {
  return site.categories.flatMap((category) => category.services.map((s) => recordOf(s)(category)));
}

/** A service's record, made once per service and category (frozen): dev's rebuilds keep unchanged services and
 *  categories as the same objects, so their records are too, and the search stage knows them unchanged without
 *  writing them out and hashing them (build/cachedStages.ts). */
const recordOf = /* @__PURE__ */ perObject((s: Service) =>
  perObject(
    (category: Category): SearchRecord =>
      deepFreeze({
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
      }),
  ),
);

/**
 * What search finds a service by: its name, summary, category, label and option labels, then the first
 * DESCRIPTION_WORDS words of its description that they do not have, once each, leaving out words of one or
 * two letters and the commonest English ones. Pagefind keeps each record's text in the files a search loads,
 * so every word is paid for by the visitor's first search: a repeated or common word finds nothing new.
 */
function searchText(s: Service, category: Category): string {
  const lead = [s.name, s.summary, category.name, s.label, ...(s.options?.map((o) => o.label) ?? [])].filter(Boolean).join('. ');
  const seen = new Set(wordsOf(lead));
  const added = wordsOf(treeText(s.description))
    .filter((word) => word.length > 2 && !COMMON_WORDS.has(word) && !seen.has(word) && seen.add(word))
    .slice(0, DESCRIPTION_WORDS);
  return added.length ? `${lead}. ${added.join(' ')}` : lead;
}

/** Words in lowercase, a hyphen or an apostrophe inside one kept ("multi-channel", "service's"). */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

const DESCRIPTION_WORDS = 80;
const COMMON_WORDS = new Set(
  'the and for you your are with that this from our can will have has not but all any its was were been more than into per each who what when which also one two get out use'.split(' '),
);

/** A search result's card, from the record's URL and meta. */
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

/** The card's image from its record (written by searchRecords above, with the index). */
const thumbnailOf = (json: string | undefined): SiteImage => (json ? (JSON.parse(json) as SiteImage) : { src: '' });
