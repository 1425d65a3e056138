// Nothing is wider than a phone's screen: every page kind at 320 and 390 px, with the basket open and holding
// the example's longest option label (a <select> is as wide as its longest option unless told otherwise) and
// its longest name and price. The open basket is a modal dialog in the top layer: what overflows it scrolls
// the dialog, not the document, so both are measured.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const QUOTE_KEY = 'storefront-quote-v1';

interface CatalogueService {
  id: string;
  name: string;
  options?: { label: string }[];
}

const categories = new URL('../../examples/agency/catalogue/categories/', import.meta.url).pathname;
const catalogueServices = () =>
  readdirSync(categories)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => (load(readFileSync(join(categories, file), 'utf8')) as { services: CatalogueService[] }).services);
const longest = <T>(items: T[], length: (item: T) => number) => items.reduce((a, b) => (length(b) > length(a) ? b : a));

const routeOf = (id: string) => {
  const found = new RegExp(`<loc>[^<]*?(/service/[^<]*/${id}/)</loc>`).exec(readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8'));
  if (!found) throw new Error(`No page for ${id}`);
  return found[1]!;
};

/** The basket's lines as store.ts keeps them: the longest option label chosen, and the longest name twice ("… each"). */
function basket() {
  const withOptions = catalogueServices().flatMap((s) => (s.options ?? []).map((o) => ({ id: s.id, option: o.label })));
  const longOption = longest(withOptions, (o) => o.option.length);
  const longName = longest(catalogueServices(), (s) => s.name.length);
  return [
    { id: longOption.id, route: routeOf(longOption.id), option: longOption.option, quantity: 1 },
    { id: longName.id, route: routeOf(longName.id), quantity: 2 },
  ];
}

const pages: { kind: string; path: () => string; header: boolean }[] = [
  { kind: 'home', path: () => '/', header: true },
  { kind: 'category', path: () => '/category/listing/', header: true },
  { kind: 'search', path: () => '/search/?q=listing', header: true },
  { kind: 'service with the longest option', path: () => basket()[0]!.route, header: true },
  { kind: 'alternatives', path: () => '/alternatives/alternative-to-icoda/', header: true },
  { kind: 'sitemap', path: () => '/sitemap/', header: true },
  { kind: '404', path: () => '/404/', header: true },
  // For embedding: no header, so no basket to open.
  { kind: 'thread', path: () => '/thread/', header: false },
];

/** How far the page, and the open basket's dialog, reach past the screen's right edge (0: nothing does). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return {
      page: Math.max(0, document.documentElement.scrollWidth - innerWidth),
      basket: dialog ? Math.max(0, dialog.scrollWidth - dialog.clientWidth) : 0,
    };
  });

describe.each([320, 390])('at %i px', (width) => {
  it.each(pages)('nothing overflows the $kind page, with the basket open', async ({ kind, path, header }) => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width, height: 800 } });
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [QUOTE_KEY, JSON.stringify({ items: basket() })]);
    await page.goto(siteUrl(path()));
    await hydrated(page);
    if (kind === 'search') await page.locator('.search-grid .card').first().waitFor();
    expect(await overflow(page)).toEqual({ page: 0, basket: 0 });

    if (header) {
      await page.locator('.quote-button').click();
      const lines = page.locator('dialog.quote-dialog[open] .quote-panel:not([aria-busy="true"]) .quote-line');
      await expect.poll(() => lines.count()).toBe(2);
      expect(await overflow(page)).toEqual({ page: 0, basket: 0 });
      // "Remove" shares its row with the service's name rather than wrapping onto a row of its own.
      for (const line of await lines.all()) {
        const name = (await line.locator('.quote-line-name').boundingBox())!;
        const remove = (await line.locator('.quote-remove').boundingBox())!;
        expect(remove.y < name.y + name.height && name.y < remove.y + remove.height).toBe(true);
      }
    }
    expect(errors).toEqual([]);
    await close();
  });
});

// A catalogue's names may hold a word wider than a phone's screen (a German compound, a token's name run
// together): it breaks between its letters, on the service's page and on its card in the category's list.
describe('a word wider than the screen', () => {
  const word = 'Kryptowährungsmarketingdienstleistungen'.repeat(2);
  it.each([
    { kind: 'service', path: () => basket()[0]!.route, selector: 'main h1' },
    { kind: 'category', path: () => '/category/listing/', selector: 'main .card .card-title' },
  ])('breaks rather than widening the $kind page at 320 px', async ({ path, selector }) => {
    const { page, close } = await openPage(browser(), { viewport: { width: 320, height: 800 } });
    await page.goto(siteUrl(path()));
    await page.locator(selector).first().evaluate((element, text) => (element.textContent = text), word);
    expect(await overflow(page)).toEqual({ page: 0, basket: 0 });
    await close();
  });
});
