// The search stage: Pagefind's index of the search records, as files of the site.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { headerRules, headersFor } from '../../src/build/headers.ts';
import { searchIndex } from '../../src/build/search.ts';
import { buildModel, type Site } from '../../src/model/model.ts';
import { resultCard } from '../../templates/pagefind.ts';
import { searchRecords } from '../../templates/searchIndex.ts';
import { BUDGET_STEPS } from '../../templates/searchState.ts';
import { validate } from '../support/site.ts';

/** The names of this process's child processes, from /proc. */
const childCommands = () =>
  readdirSync(`/proc/${process.pid}/task`)
    .flatMap((tid) => readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean))
    .map((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim());

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
    expect(resultCard(record.url, record.meta)).toEqual({
      id: service.id, name: service.name, shortName: service.name, summary: service.summary, label: service.label, price: service.price,
      priceFrom: service.priceFrom, delivery: service.delivery, thumbnail: service.thumbnail, route: service.route,
    });
  });
});

describe('the search index', () => {
  it('is Pagefind’s runtime and index files under /pagefind/, without its ready-made UIs', async () => {
    const files = await searchIndex(searchRecords(site));
    const paths = [...files.keys()];
    expect(paths).toContain('pagefind/pagefind.js');
    expect(paths).toContain('pagefind/pagefind-entry.json');
    // Pagefind searches in a worker when it can; without its script, each first search logged a failed request.
    expect(paths).toContain('pagefind/pagefind-worker.js');
    expect(paths.filter((p) => p.startsWith('pagefind/wasm.'))).toEqual(['pagefind/wasm.en.pagefind']);
    expect(paths.some((p) => /^pagefind\/wasm\.en\.pagefind$/.test(p))).toBe(true);
    expect(paths.some((p) => /^pagefind\/pagefind\.en_\w+\.pf_meta$/.test(p))).toBe(true);
    expect(paths.some((p) => p.startsWith('pagefind/filter/'))).toBe(true);
    expect(paths.filter((p) => /ui|playground|highlight/.test(p))).toEqual([]);
  }, 30_000);
  it('leaves no indexer process behind, which would hold the memory it indexed in until the build ends', async () => {
    await searchIndex(searchRecords(site));
    // Pagefind's close() signals the process and returns; it is gone a moment later.
    await vi.waitFor(() => expect(childCommands().filter((name) => name.startsWith('pagefind'))).toEqual([]), { timeout: 10_000 });
  }, 30_000);
  it('is nothing when no page kind offers search', async () => expect((await searchIndex([])).size).toBe(0));
});

describe('the headers of a site with search', () => {
  it('let its pages run WebAssembly, and revalidate the index files', () => {
    const rules = headerRules({ routes: ['/', '/search/'], scriptHashes: [], search: true });
    expect(headersFor('/search/', rules)['Content-Security-Policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(headersFor('/pagefind/pagefind.js', rules)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    const without = headerRules({ routes: ['/'], scriptHashes: [] });
    expect(headersFor('/', without)['Content-Security-Policy']).not.toMatch(/wasm/);
  });
});
