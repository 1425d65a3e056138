// The home page stays small at any catalogue size: each category's section shows its first
// homeServicesPerCategory services (site.yaml, default 6) and ends with a link to the category's page, "All n
// {name} services"; every category keeps its section and anchor. Checked on the example catalogue, in the
// page's data and in the HTML the prerenderer makes of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { loadCatalogue, type CatalogueSource } from '../../src/catalogue/load.ts';
import type { Renderer } from '../../src/build/bundle.ts';
import { buildModel, type Site } from '../../src/model/model.ts';
import { siteShell } from '../../src/model/shell.ts';
import type { HomeData } from '../../templates/data.ts';
import { categorySectionIds, isHomePageId } from '../../src/core/homePageIds.ts';
import { prerenderer, validate } from '../support/site.ts';

const catalogueDir = new URL('../../examples/agency/catalogue/', import.meta.url).pathname;
let source: CatalogueSource;
let renderer: Renderer;
const work = mkdtempSync(join(tmpdir(), 'storefront-home-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  [source, renderer] = await Promise.all([loadCatalogue(catalogueDir), prerenderer()]);
});

/** The example catalogue, with site.yaml's homeServicesPerCategory set when given. */
async function siteWith(perCategory?: number): Promise<Site> {
  const siteYaml = source.texts.get('site.yaml')!;
  const texts = perCategory === undefined ? source.texts : new Map(source.texts).set('site.yaml', `${siteYaml}\nhomeServicesPerCategory: ${perCategory}\n`);
  const { problems, catalogue } = await validate({ ...source, texts });
  // The example's one warning, about alternatives pages without content (catalogue.test.ts).
  expect(problems.map((p) => p.code)).toEqual(['alternatives-without-content']);
  return buildModel(catalogue!);
}

const homeOf = (site: Site) => renderer.pagesOf(site).find((p) => p.kind === 'home')!;

/** The home page's HTML, cut into its category sections by anchor. */
function sectionsOf(site: Site): Map<string, string> {
  const html = renderer.renderPage(homeOf(site), siteShell(site), { styles: [], fonts: [], loader: '/assets/loader.js' });
  const parts = html.split(/(?=<section class="category")/).slice(1);
  return new Map(parts.map((part) => [/ id="([^"]+)"/.exec(part)![1]!, part.slice(0, part.indexOf('</section>'))]));
}

describe('the home page', () => {
  it('holds no id but its categories\' sections, React\'s own and those src/core/homePageIds.ts names (which no anchor may take)', async () => {
    const site = await siteWith();
    const html = renderer.renderPage(homeOf(site), siteShell(site), { styles: [], fonts: [], loader: '/assets/loader.js' });
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    const sections = new Set(site.categories.flatMap((c) => categorySectionIds(c.anchor)));
    // The example's home page has what the list guards against: stats, featured cases, clients, the footer.
    expect(ids).toEqual(expect.arrayContaining(['main', 'hero-title', 'stat-ref-1', 'stat-note-1', 'featured-cases-title', 'clients', 'footer']));
    expect(ids.filter((id) => !sections.has(id) && !isHomePageId(id) && !/^_R_\w+_$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });


  it('gives each category its first homeServicesPerCategory services (6 by default), its count and its page', async () => {
    const site = await siteWith();
    expect(site.homeServicesPerCategory).toBe(6);
    const { categories } = homeOf(site).data as HomeData;
    expect(categories.map((c) => c.anchor)).toEqual(site.categories.map((c) => c.anchor));
    for (const [i, category] of categories.entries()) {
      const all = site.categories[i]!.services;
      expect(category.services.map((s) => s.id), category.anchor).toEqual(all.slice(0, 6).map((s) => s.id));
      expect(category.count).toBe(all.length);
      expect(category.pageRoute).toBe(`/category/${category.anchor}/`);
    }
    // The example has categories longer than that, so the limit is exercised.
    expect(site.categories.find((c) => c.anchor === 'press-releases')!.services.length).toBeGreaterThan(6);
  });

  it.each([1, 3])('shows %i service(s) a section when site.yaml says so', async (perCategory) => {
    const site = await siteWith(perCategory);
    for (const category of (homeOf(site).data as HomeData).categories) {
      expect(category.services).toHaveLength(Math.min(perCategory, category.count));
    }
  });

  it('renders a section per category, under its anchor, with those cards and then the "All n" link when there are more', async () => {
    const site = await siteWith(3);
    const sections = sectionsOf(site);
    expect([...sections.keys()]).toEqual(site.categories.map((c) => c.anchor));
    for (const c of site.categories) {
      const section = sections.get(c.anchor)!;
      const cards = [...section.matchAll(/<li class="card">[^]*?<\/li>/g)].map((m) => m[0]);
      expect(cards, c.anchor).toHaveLength(Math.min(3, c.services.length));
      expect(cards.map((card) => /href="([^"]+)"/.exec(card)![1])).toEqual(c.services.slice(0, 3).map((s) => s.route));
      const more = /<a href="([^"]+)" class="category-more-link">([^]*?)<\/a>/.exec(section);
      // A section that shows the whole category has no link to "all" of it.
      expect(more === null, c.anchor).toBe(c.services.length <= 3);
      if (!more) continue;
      expect(more[1]).toBe(c.pageRoute);
      const name = more[2]!.replace(/<span aria-hidden="true"[^>]*>.*?<\/span>/g, '').replace(/&amp;/g, '&');
      expect(name).toBe(`All ${c.services.length} ${c.name} ${c.services.length === 1 ? 'service' : 'services'}`);
      expect(section.indexOf(more[0])).toBeGreaterThan(section.lastIndexOf('<li class="card">'));
    }
  });

  it('stays small: ten times the services make about the same page, far under 100 KB of brotli', async () => {
    const home = async (services: number) => {
      const dir = join(work, String(services));
      await writeSyntheticCatalogue(dir, { services });
      const { problems, catalogue } = await validate(await loadCatalogue(dir));
      expect(problems).toEqual([]);
      const site = buildModel(catalogue!);
      return renderer.renderPage(homeOf(site), siteShell(site), { styles: [], fonts: [], loader: '/assets/loader.js' });
    };
    const [small, large] = [await home(260), await home(2600)];
    expect(large.length).toBeLessThan(small.length * 1.1);
    expect(brotliCompressSync(large).length).toBeLessThan(100_000);
    // Two builds; the timeout only guards against a hang (one run took over 60 s on a busy machine).
  }, 300_000);
});
