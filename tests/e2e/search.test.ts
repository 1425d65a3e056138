// The search page (templates/pages/search.tsx) against the real index the build writes to /search-index/: what a
// search finds, the budget and the sort, the address as the state, the live count, the keyboard, loading
// nothing until used, the page without JavaScript, the header's entry points, and axe once results show.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { devSiteUrl, holdRequests, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

const catalogueDir = new URL('../../examples/agency/catalogue/categories/', import.meta.url).pathname;
interface CatalogueService {
  name: string;
  price?: number;
  options?: { price: number }[];
}
/** Each service's name and starting price: its price, or with price options the lowest of them. */
const services = readdirSync(catalogueDir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => (parse(readFileSync(join(catalogueDir, f), 'utf8')) as { services: CatalogueService[] }).services)
  .map((s) => ({ name: s.name, price: s.price ?? Math.min(...(s.options ?? []).map((o) => o.price)) }));

async function open(path = '/search/', options = {}) {
  const tracked = await openPage(browser(), options);
  await tracked.page.goto(siteUrl(path));
  await hydrated(tracked.page);
  return tracked;
}

const field = (page: Page) => page.getByRole('searchbox', { name: 'Search services' });
const status = (page: Page) => page.locator('.search-status');
/** Waits until the live region says this (the results are rendered with it). */
const announced = (page: Page, text: RegExp) => page.locator('.search-status[role="status"]', { hasText: text }).waitFor();
const found = /^\d+ services? found/;
/** Waits until the results shown answer the address, and no search is running. */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const results = document.querySelector('.search-results');
    return results?.getAttribute('aria-busy') === 'false' && results.getAttribute('data-for') === location.search;
  });
const names = (page: Page) => page.locator('.search-grid .card-title').allTextContents();
const countIn = async (page: Page) => Number(/^(\d+)/.exec((await status(page).textContent()) ?? '')?.[1]);

/** "$1,200", "from $400", "Free" as dollars. */
const dollars = (text: string) => (text === 'Free' ? 0 : Number(text.replace(/^from /, '').replace(/[$,]/g, '')));
const prices = async (page: Page) => (await page.locator('.search-grid .card-price').allTextContents()).map(dollars);

/** Clicks "Show more" until every result is shown. */
async function showAll(page: Page) {
  const more = page.getByRole('button', { name: 'Show more' });
  while (await more.isVisible()) {
    const before = await page.locator('.search-grid .card').count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('.search-grid .card').length > n, before);
  }
}

const indexRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/search-index/')) seen.push(url.pathname);
  });
  return seen;
};

describe('searching', () => {
  it('finds the services a word names, and only those', async () => {
    const { page, errors, close } = await open();
    await field(page).fill('sticker');
    await announced(page, /^2 services found for “sticker”$/);
    expect((await names(page)).sort()).toEqual(['Custom Messaging-App Sticker Pack (Animated)', 'Custom Messaging-App Sticker Pack (Static)']);
    // Across categories: one is Chinese Marketing, the other Other.
    await field(page).fill('moderator');
    await announced(page, /^2 services found for “moderator”$/);
    expect((await names(page)).sort()).toEqual(['Chinese-Speaking Community Moderator', 'Community Moderators for One Day (5-10 Moderators)']);
    // The cards link to the services' pages.
    expect(await page.locator('.search-grid .card-link').first().getAttribute('href')).toMatch(/^\/service\/[^/]+\/[^/]+\/$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('says so when nothing matches, with a way on', async () => {
    const { page, close } = await open('/search/?q=zzyzx&category=listing');
    await announced(page, /^No services match “zzyzx” with these filters\.$/);
    expect(await page.locator('.search-grid .card').count()).toBe(0);
    await page.getByRole('button', { name: 'clear the filters' }).press('Enter');
    await page.waitForURL((url) => url.search === '?q=zzyzx');
    await announced(page, /^No services match “zzyzx”\.$/);
    // The button went with its message: focus is in the field, not lost to the body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    expect(await page.getByRole('heading', { name: 'Browse by category' }).isVisible()).toBe(true);
    await close();
  });

  // "84 services found for “🚀”": with no word to look for, every service was a result.
  it('finds nothing for a query with no word in it, an emoji or punctuation alone', async () => {
    for (const [q, shown] of [['%F0%9F%9A%80', '🚀'], ['!!!', '!!!']]) {
      const { page, close } = await open(`/search/?q=${q}`);
      await announced(page, new RegExp(`^No services match “${shown}”\\.$`));
      expect(await page.locator('.search-grid .card').count()).toBe(0);
      await close();
    }
  });

  it("keeps words typed before the client started, over the address's", async () => {
    const { page, close } = await openPage(browser());
    // The loader is held until the words are in, as on a slow network.
    const release = await holdRequests(page, '**/assets/loader-*.js');
    await page.goto(siteUrl('/search/?q=listing'));
    await field(page).pressSequentially('bill');
    release();
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await field(page).pressSequentially('board');
    await page.waitForURL((url) => url.search === '?q=billboard');
    expect(await field(page).inputValue()).toBe('billboard');
    await announced(page, found);
    await close();
  });

  it('offers to try again when the index cannot be fetched, and keeps the focus in the field', async () => {
    const { page, close } = await open('/search/');
    await page.route('**/search-index/**', (route) => route.abort());
    await field(page).fill('listing');
    const again = page.getByRole('button', { name: 'try again' });
    await again.waitFor();
    await page.unroute('**/search-index/**');
    await again.press('Enter');
    await announced(page, found);
    // The button went with its message: focus is in the field, not lost to the body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await close();
  });

  it('"up to $1,000" shows every service priced at most $1,000, and no other', async () => {
    const { page, close } = await open();
    await page.getByLabel('Budget up to').selectOption({ label: '$1,000' });
    await page.waitForURL((url) => url.search === '?max=1000');
    await settled(page);
    await showAll(page);
    const shown = await prices(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const price of shown) expect(price).toBeLessThanOrEqual(1000);
    expect(shown.length).toBe(services.filter((s) => s.price <= 1000).length);
    expect(await countIn(page)).toBe(shown.length);
    await close();
  });

  it('"from $5,000" with words shows only the matching services at $5,000 and more', async () => {
    const { page, close } = await open('/search/?q=press&min=5000');
    await announced(page, found);
    await showAll(page);
    const shown = await prices(page);
    expect(shown.length).toBeGreaterThan(1);
    for (const price of shown) expect(price).toBeGreaterThanOrEqual(5000);
    await close();
  });

  it('swaps a reversed budget in the address, and says so with the count', async () => {
    const { page, close } = await open('/search/?min=5000&max=1000');
    await announced(page, found);
    const inOrder = services.filter((s) => s.price >= 1000 && s.price <= 5000).length;
    await expect.poll(() => status(page).textContent()).toBe(`${inOrder} services found. Showing $1,000 to $5,000: the range was reversed.`);
    // The form shows the range searched; a change of it writes the range in order, and the note goes.
    expect([await page.getByLabel('Budget from').inputValue(), await page.getByLabel('Budget up to').inputValue()]).toEqual(['1000', '5000']);
    await page.getByLabel('Budget up to').selectOption('10000');
    await page.waitForURL((url) => url.search === '?min=1000&max=10000');
    await settled(page);
    expect(await status(page).textContent()).toMatch(/^\d+ services found$/);
    await close();
  });

  it('sorts by price, both ways, and by name', async () => {
    const { page, close } = await open('/search/?q=press');
    await announced(page, found);
    const sort = page.getByLabel('Sort by');
    expect(await sort.inputValue()).toBe('relevance');

    await sort.selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.search === '?q=press&sort=price-asc');
    await settled(page);
    await showAll(page);
    const ascending = await prices(page);
    expect(ascending.length).toBeGreaterThan(5);
    expect(ascending).toEqual(ascending.toSorted((a, b) => a - b));
    expect(new Set(ascending).size).toBeGreaterThan(2);

    await sort.selectOption({ label: 'Price: high to low' });
    await page.waitForURL((url) => url.search === '?q=press&sort=price-desc');
    await settled(page);
    await showAll(page);
    expect(await prices(page)).toEqual(ascending.toSorted((a, b) => b - a));

    await sort.selectOption({ label: 'Name A–Z' });
    await page.waitForURL((url) => url.search === '?q=press&sort=name');
    await settled(page);
    const byName = await names(page);
    expect(byName).toEqual(byName.toSorted((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await close();
  });

  it('shows results a page at a time, and "Show more" moves focus to the first new one', async () => {
    const { page, close } = await open('/search/?sort=name');
    await announced(page, new RegExp(`^${services.length} services found$`));
    expect(await page.locator('.search-grid .card').count()).toBe(24);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .card').length === 48);
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe((await names(page))[24]);
    await close();
  });
});

describe('the address', () => {
  it('keeps the state, and Back and Forward restore the searches', async () => {
    const { page, close } = await open('/search/?q=listing');
    await announced(page, found);
    const all = await countIn(page);
    const listingNames = await names(page);

    await page.getByLabel('Category').selectOption({ label: 'Listing' });
    await page.waitForURL((url) => url.search === '?q=listing&category=listing');
    await settled(page);
    const inCategory = await countIn(page);
    expect(inCategory).toBeLessThan(all);

    await page.getByLabel('Budget up to').selectOption({ label: '$2,500' });
    await page.waitForURL((url) => url.search === '?q=listing&category=listing&max=2500');
    await settled(page);

    await page.goBack();
    await page.waitForURL((url) => url.search === '?q=listing&category=listing');
    await settled(page);
    await announced(page, new RegExp(`^${inCategory} services found`));
    expect(await page.getByLabel('Budget up to').inputValue()).toBe('');

    await page.goBack();
    await page.waitForURL((url) => url.search === '?q=listing');
    await settled(page);
    await announced(page, new RegExp(`^${all} services found`));
    expect(await page.getByLabel('Category').inputValue()).toBe('');
    expect(await field(page).inputValue()).toBe('listing');
    expect(await names(page)).toEqual(listingNames);

    await page.goForward();
    await page.waitForURL((url) => url.search === '?q=listing&category=listing');
    await settled(page);
    await announced(page, new RegExp(`^${inCategory} services found`));
    expect(await page.getByLabel('Category').inputValue()).toBe('listing');
    await close();
  });

  it('comes back to the results "Show more" showed, where the visitor was, on Back from a result', async () => {
    const { page, errors, close } = await open('/search/?sort=name');
    await announced(page, found);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .card').length === 48);
    const shown = await names(page);
    const result = page.locator('.search-grid .card-link').nth(40);
    await result.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => scrollY);
    expect(y).toBeGreaterThan(1000);
    await result.click();
    await page.waitForURL(/\/service\//);
    await page.locator('#service-title').waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.search === '?sort=name');
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .card').length === 48);
    expect(await names(page)).toEqual(shown);
    await page.waitForFunction((at) => scrollY === at, y);

    // A reload keeps the results shown (the browser puts back what place it can).
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .card').length === 48);

    // Left by Forward, which notes no place, and back again: not the place of the visit before.
    await page.evaluate(() => scrollTo(0, 0));
    await page.goForward();
    await page.locator('#service-title').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.search === '?sort=name');
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .card').length === 48);
    await settled(page);
    expect(await page.evaluate(() => scrollY)).toBeLessThan(y);
    expect(errors).toEqual([]);
    await close();
  });

  it('follows typing after a pause, in a new entry, so Back returns to the search before', async () => {
    const { page, close } = await open('/search/?q=listing');
    await announced(page, found);
    await field(page).fill('screen');
    await page.waitForURL((url) => url.search === '?q=screen');
    await announced(page, /for “screen”$/);
    await field(page).fill('billboard');
    await page.waitForURL((url) => url.search === '?q=billboard');
    await page.goBack();
    // Typing replaced its own entry: one step back is the search before it, not "screen".
    await page.waitForURL((url) => url.search === '?q=listing');
    await announced(page, /for “listing”$/);
    await close();
  });
});

describe('the page while searching', () => {
  it('stays where the visitor is when a sort or a filter changes the address', async () => {
    const { page, close } = await open('/search/?q=press', { viewport: { width: 390, height: 700 } });
    await announced(page, found);
    await page.evaluate(() => window.scrollTo(0, 400));
    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.search === '?q=press&sort=price-asc');
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    await page.getByLabel('Budget up to').selectOption({ label: '$5,000' });
    await page.waitForURL((url) => url.searchParams.get('max') === '5000');
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    await close();
  });
});

describe('the live region', () => {
  it('is a status region that announces the count', async () => {
    const { page, close } = await open();
    // The page's own region (the header's quote button and the footer's copy button have theirs).
    const region = page.getByRole('main').getByRole('status');
    expect(await region.count()).toBe(1);
    expect(await region.textContent()).toBe('');
    await field(page).fill('sticker');
    await expect.poll(() => region.textContent()).toBe('2 services found for “sticker”');
    // It was in the page before it changed (a region added with its text is not announced).
    expect(await page.locator('.search-status').evaluate((el) => el.getAttribute('role'))).toBe('status');
    await close();
  });
});

describe('loading', () => {
  it('fetches nothing from /search-index/ until the visitor uses the field', async () => {
    const { page, close } = await openPage(browser());
    const seen = indexRequests(page);
    await page.goto(siteUrl('/search/'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    await field(page).focus();
    await expect.poll(() => seen.includes('/search-index/entry.json')).toBe(true);
    await close();
  });

  it('fetches nothing from /search-index/ on other pages', async () => {
    const { page, close } = await openPage(browser());
    const seen = indexRequests(page);
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    await close();
  });

  it('searches at once when the address asks something', async () => {
    const { page, close } = await openPage(browser());
    const seen = indexRequests(page);
    await page.goto(siteUrl('/search/?category=billboards'));
    await announced(page, /^5 services found$/);
    expect(seen).toContain('/search-index/entry.json');
    await close();
  });

  it('hydrates an address with a query without a mismatch (development React)', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(devSiteUrl('/search/?q=listing&max=5000&sort=price-desc'));
    await hydrated(page);
    await announced(page, found);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('keyboard', () => {
  it('type, Enter, then Tab reaches the results; Escape clears the field', async () => {
    const { page, close } = await open();
    await field(page).focus();
    await page.keyboard.type('sticker');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === '?q=sticker');
    await announced(page, /^2 services found/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q');

    let tabs = 0;
    while (tabs < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains('card-link')))) {
      await page.keyboard.press('Tab');
      tabs++;
      // Every stop on the way shows where focus is.
      const outline = await page.evaluate(() => {
        const el = document.activeElement!;
        const style = getComputedStyle(el.closest('.card') ?? el);
        return el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      });
      expect(outline).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe((await names(page))[0]);
    expect(tabs).toBeLessThanOrEqual(6);

    await field(page).focus();
    // The page clears the field itself: Chromium would for a search field, Firefox does not.
    await page.evaluate(() =>
      addEventListener('keydown', (event) => {
        if (event.key === 'Escape') document.documentElement.dataset.escapeHandled = String(event.defaultPrevented);
      }),
    );
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.dataset.escapeHandled)).toBe('true');
    expect(await field(page).inputValue()).toBe('');
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => status(page).textContent()).toBe('');
    await close();
  });
});

describe('without JavaScript', () => {
  it("says search needs it, links the categories and the sitemap; the home page's field still leads here", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(siteUrl('/search/'));
    expect(await page.locator('h1').textContent()).toBe('Find a service');
    // (Playwright's text locators skip <noscript>.)
    const note = page.locator('.search-note');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toMatch(/^Search needs JavaScript/);
    const categories = await page.locator('.search-categories a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(categories).toHaveLength(11);
    for (const href of categories) expect(href).toMatch(/^\/category\/[a-z-]+\/$/);
    expect(await page.locator('main a[href="/sitemap/"]').count()).toBeGreaterThan(0);
    const response = await page.goto(siteUrl(categories[0]!));
    expect(response?.status()).toBe(200);

    // The page's own form is not shown (it could only reload this note); the home page's field leads here.
    await page.goto(siteUrl('/search/'));
    expect(await page.locator('.search-form').isVisible()).toBe(false);
    await page.goto(siteUrl('/'));
    await page.locator('.hero-search input[type=search]').fill('listing');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === 'listing');
    expect(await page.locator('.search-note').isVisible()).toBe(true);
    await close();
  });

  it('is not indexed and not in the sitemap', async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(siteUrl('/search/'));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await page.title()).toBe('Search | Astrolift Media');
    expect(await (await page.request.get(siteUrl('/sitemap.xml'))).text()).not.toContain('/search/');
    await close();
  });
});

describe('entry points in the header', () => {
  it('desktop: a Search link in the bar, which leads to the field, ready to type in', async () => {
    const { page, close } = await open('/');
    const link = page.locator('.header-bar').getByRole('link', { name: 'Search' });
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/search/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    expect(await link.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.title()).toBe('Search | Astrolift Media');
    await close();
  });

  it("home: the hero's field searches, on a phone too, and loads nothing until submitted", async () => {
    const { page, errors, close } = await open('/', { viewport: { width: 375, height: 740 } });
    const requests = indexRequests(page);
    const hero = page.locator('.hero').getByRole('searchbox', { name: 'Search services' });
    expect(await hero.isVisible()).toBe(true);
    await hero.fill('sticker');
    expect(requests).toEqual([]);
    await hero.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === 'sticker');
    await announced(page, /^2 services found for “sticker”$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('phone: the first entry of the menu; the bar keeps the brand on one line', async () => {
    const { page, close } = await open('/', { viewport: { width: 375, height: 740 } });
    const brand = page.locator('.header-bar .brand');
    expect((await brand.boundingBox())!.height).toBeLessThan(40);
    await page.locator('.menu-toggle').click();
    const link = page.locator('.mobile-menu').getByRole('link', { name: 'Search' });
    await link.click();
    await page.waitForURL((url) => url.pathname === '/search/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    await close();
  });
});

describe('accessibility once results show', () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const cases = [375, 1280].flatMap((width) => (['light', 'dark'] as const).map((mode) => ({ width, mode })));

  it.each(cases)('has no axe violations at $width px in $mode mode', async ({ width, mode }) => {
    const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
    await page.goto(siteUrl('/search/?q=listing&max=50000'));
    await hydrated(page);
    await announced(page, found);
    // The cards' images are lazy: scroll them in so their colours count too, then back to the top, where the
    // sticky header covers nothing (scrolled down, it covers whichever link is under it, which axe counts).
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.search-grid img')].at(-1)?.complete);
    await page.evaluate(() => scrollTo(0, 0));
    await page.addScriptTag({ content: axeSource });
    const result = (await page.evaluate(() =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      }),
    )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
    expect(result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    await close();
  });
});
