// The search stage: the search records of the example catalogue, and the index made of them as files of the site.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { headerRules, headersFor } from '../../src/build/headers.ts';
import { searchIndex } from '../../src/build/search.ts';
import { buildModel, type Site } from '../../src/model/model.ts';
import { findRecords, termsOf, type SearchEntry, type SearchShard } from '../../src/core/siteSearch.ts';
import { resultCard } from '../../templates/siteSearch.ts';
import { searchRecords } from '../../templates/searchIndex.ts';
import { wordsOf } from '../../src/core/searchTerms.ts';
import { BUDGET_STEPS } from '../../templates/searchState.ts';
import { validate } from '../support/site.ts';

let site: Site;
beforeAll(async () => {
  const { catalogue } = await validate(await loadCatalogue(new URL('../../examples/agency/catalogue/', import.meta.url).pathname));
  site = buildModel(catalogue!);
});

describe('the search records', () => {
  it('hold one record per service, found by name, summary, category and label', () => {
    const records = searchRecords(site);
    expect(records).toHaveLength(site.services.length);
    const record = records.find((r) => r.meta.id === 'listing-1')!;
    const service = site.services.find((s) => s.id === 'listing-1')!;
    expect(record.url).toBe(service.route);
    expect(record.content).toContain(service.name);
    expect(record.content).toContain(service.summary);
    expect(record.filters.category).toEqual([service.categoryAnchor]);
  });
  it('hold the words of each description, so a word only there finds its service', () => {
    const records = searchRecords(site);
    const withWord = (word: string) => records.filter((r) => new RegExp(`\\b${word}\\b`, 'i').test(r.content)).map((r) => r.meta.id);
    // Neither word is in any name, summary, category or label; each is in these descriptions.
    expect(withWord('journalists')).toEqual(expect.arrayContaining(['pressreleases-8', 'pressreleases-21', 'trending-6']));
    expect(withWord('interview')).toContain('celebrities-4');
    // Each word once: the index grows by the words a description adds, not by its length.
    const record = records.find((r) => r.meta.id === 'celebrities-4')!;
    const words = record.content.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)!;
    expect(words.filter((w) => w === 'project')).toHaveLength(1); // three times in the description
    // The commonest words, and words of one or two letters, find nothing: they are not added.
    const lead = record.content.split('. ').length;
    expect(lead).toBeGreaterThan(1);
    for (const record of records) {
      const added = record.content.slice(record.content.lastIndexOf('. ') + 2).split(' ');
      expect(added.filter((w) => ['the', 'your', 'and', 'to', 'of', 'in'].includes(w)), record.meta.id).toEqual([]);
      // At most 80 words of a description: each costs the visitor's first search a few bytes.
      expect(added.length, record.meta.id).toBeLessThanOrEqual(80);
    }
  });
  it("add a description's terms after the lead, none it already has, and nothing for a description without any", () => {
    const category = site.categories[0]!;
    const service = category.services[0]!;
    const contentWith = (searchTerms: string) => searchRecords({ ...site, categories: [{ ...category, services: [{ ...service, searchTerms }] }] })[0]!.content;
    const lead = contentWith('');
    expect(lead.endsWith(' ')).toBe(false);
    expect(contentWith('zephyr quasar')).toBe(`${lead}. zephyr quasar`);
    expect(contentWith(`${wordsOf(service.name)[0]} zephyr`)).toBe(`${lead}. zephyr`);
  });
  it('put each service in every budget step its price is within', () => {
    for (const record of searchRecords(site)) {
      const price = Number(record.meta.price);
      expect(record.filters.max).toEqual(BUDGET_STEPS.filter((s) => price <= s).map(String));
      expect(record.filters.min).toEqual(BUDGET_STEPS.filter((s) => price >= s).map(String));
    }
  });
  it('give back the card the service has everywhere else', () => {
    const record = searchRecords(site)[0]!;
    const service = site.services.find((s) => s.route === record.url)!;
    expect(resultCard(record)).toEqual({
      id: service.id, name: service.name, shortName: service.name, summary: service.summary, label: service.label, price: service.price,
      priceFrom: service.priceFrom, delivery: service.delivery, thumbnail: service.thumbnail, route: service.route,
    });
  });
});

describe('the search index', () => {
  const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  let files: Map<string, Uint8Array>;
  beforeAll(async () => {
    files = await searchIndex(searchRecords(site));
  });
  /** The example's index, searched as the browser does: the entry, then the shards the words need. */
  function searchExample(words: string, filters: Record<string, string> = {}) {
    const records = searchRecords(site);
    const entry = json(files.get('search-index/entry.json')!) as SearchEntry;
    const shards = new Map(Object.entries(entry.words).map(([key, path]) => [key, json(files.get(path.slice(1))!) as SearchShard]));
    return findRecords(entry, shards, { terms: termsOf(words), filters }).map((at) => records[at]!.meta.id);
  }

  it('is an entry file and hashed parts under /search-index/, each named by the entry', () => {
    const entry = json(files.get('search-index/entry.json')!) as SearchEntry;
    expect(entry.count).toBe(site.services.length);
    const named = [...Object.values(entry.words), ...entry.cards].map((path) => path.slice(1)).sort();
    expect(named).toEqual([...files.keys()].filter((p) => p !== 'search-index/entry.json').sort());
    for (const path of named) expect(path).toMatch(/^search-index\/(words|cards)\/\w+\.[0-9a-f]{12}\.json$/);
  });
  it('finds a service by a word of its description, a plural and the beginning of a word', () => {
    expect(searchExample('journalists')).toEqual(expect.arrayContaining(['pressreleases-8', 'pressreleases-21', 'trending-6']));
    expect(searchExample('journalist')).toEqual(searchExample('journalists'));
    expect(searchExample('stick').sort()).toEqual(searchExample('stickers').sort());
    expect(searchExample('zzyzx')).toEqual([]);
  });
  it('lists first the services a word is in the name of', () => {
    const found = searchExample('moderator');
    expect(found.slice(0, 2).sort()).toEqual(['chinesemarketing-5', 'other-5']);
  });
  it('filters by category and budget', () => {
    const inCategory = searchExample('', { category: 'billboards' });
    expect(inCategory.length).toBe(site.categories.find((c) => c.anchor === 'billboards')!.services.length);
    const cheap = searchExample('', { max: '1000' });
    expect(cheap.every((id) => site.services.find((s) => s.id === id)!.price <= 1000)).toBe(true);
  });
  it('is the same files for the same records', async () => {
    const paths = (made: Map<string, Uint8Array>) => [...made].map(([path, bytes]) => `${path} ${bytes.length}`);
    expect(paths(await searchIndex(searchRecords(site)))).toEqual(paths(files));
  });
  it('is nothing when no page kind offers search', async () => expect((await searchIndex([])).size).toBe(0));
});

describe('the headers of a site with search', () => {
  it('revalidate the index files, and let no page compile WebAssembly', () => {
    const rules = headerRules({ routes: ['/', '/search/'], scriptHashes: [], search: true });
    expect(headersFor('/search/', rules)['Content-Security-Policy']).not.toMatch(/wasm/);
    expect(headersFor('/search-index/entry.json', rules)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
  });
});
