// Case studies (catalogue/cases/*.md): the list, a case with its results, sources, quote and disclosure, a
// service page's "Results with this service", the home page's featured ones and the footer's link; axe-clean in
// both colour modes at phone and desktop widths.
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { holdStill, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const CASE = '/cases/city-square-launch/';
const SERVICE = '/service/city-square-screen-7-day-package/billboards-4/';

async function open(path: string, options: BrowserContextOptions = {}) {
  const tracked = await openPage(browser(), options);
  await tracked.page.goto(siteUrl(path));
  return tracked;
}

describe('the list of case studies', () => {
  it('shows each case as a card with its lead figure, its source and date, client and period, marked as an example', async () => {
    const { page, errors, close } = await open('/cases/');
    expect(await page.locator('h1').textContent()).toBe('Case studies');
    const cards = page.locator('.case-card');
    expect(await cards.count()).toBe(3);
    expect(await cards.locator('.case-example-badge').count()).toBe(3);
    const first = cards.filter({ hasText: 'city square' });
    expect(await first.locator('.case-card-value').textContent()).toBe('1,176');
    // The list says each figure comes with its source and date: the card shows the lead figure's.
    expect(await first.locator('.case-card-source').textContent()).toBe("Source: The screen operator's play log (example data), 22 March 2026");
    expect(await first.locator('.case-card-source time').getAttribute('datetime')).toBe('2026-03-22');
    expect(await first.locator('.case-card-client').textContent()).toBe('Example Lending Protocol (a fictional client) · March 2026');
    expect(await cards.filter({ hasText: 'news cycle' }).locator('.case-card-client').textContent()).toMatch(/^Under NDA: a self-custody wallet maker/);
    await first.locator('.case-card-link').click();
    await page.waitForURL(siteUrl(CASE));
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a case study', () => {
  it('shows every result with its source and date, the quote with its author, the services and the disclosure', async () => {
    const { page, errors, close } = await open(CASE);
    expect(await page.locator('h1').textContent()).toBe("A launch week on the city square's big screen");
    expect(await page.locator('.case-kicker .case-example-badge').textContent()).toBe('Example case study');
    const results = page.locator('.case-result');
    expect(await results.count()).toBe(2);
    expect(await results.first().locator('.case-result-source').textContent()).toBe("Source: The screen operator's play log (example data), 22 March 2026");
    expect(await results.first().locator('time').getAttribute('datetime')).toBe('2026-03-22');
    expect(await page.locator('.case-quote figcaption').textContent()).toBe('Alex Example, Founder, Example Lending Protocol (fictional)');
    expect(await page.locator('.case-services a').allTextContents()).toEqual(['City-Square Screen, 7-Day Package', 'Fast-Track Listing on the Largest Coin-Data Site']);
    expect(await page.locator('.case-disclosure').textContent()).toMatch(/^Disclosure: Example Lending Protocol paid for this campaign/);
    const mail = new URL((await page.locator('.case-next a').getAttribute('href'))!);
    expect(`${mail.protocol}${mail.pathname}`).toBe('mailto:hello@example.com');
    expect(mail.searchParams.get('subject')).toBe('A campaign like "A launch week on the city square\'s big screen"');
    // The title quoted in the sentence: unquoted, it ran into the words around it.
    expect(mail.searchParams.get('body')).toContain('We read your case study "A launch week on the city square\'s big screen" and would like a campaign like it.');
    expect(errors).toEqual([]);
    await close();
  });

  it('is an Article in its JSON-LD, about the services it used, and in the sitemap', async () => {
    const { page, close } = await open(CASE);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@graph': { '@type': string; headline?: string; about?: { name: string }[] }[] };
    const article = jsonLd['@graph'].find((node) => node['@type'] === 'Article');
    expect(article?.headline).toBe("A launch week on the city square's big screen");
    expect(article?.about?.map((s) => s.name)).toEqual(['City-Square Screen, 7-Day Package', 'Fast-Track Listing on the Largest Coin-Data Site']);
    const sitemap = await (await page.request.get(siteUrl('/sitemap.xml'))).text();
    for (const route of ['/cases/', CASE]) expect(sitemap).toContain(`${route}</loc>`);
    await close();
  });
});

describe('where case studies are shown', () => {
  it('a service page shows the cases that used it, under "Results with this service"', async () => {
    const { page, errors, close } = await open(SERVICE);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Results with this service' }) });
    expect(await section.locator('.case-card-link').allTextContents()).toEqual(["A launch week on the city square's big screen"]);
    expect(errors).toEqual([]);
    await close();
  });

  it('the home page shows the featured ones, and the footer links the list', async () => {
    const { page, close } = await open('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Case studies' }) });
    expect(await section.locator('.case-card').count()).toBe(2);
    expect(await section.getByRole('link', { name: 'All case studies' }).getAttribute('href')).toBe('/cases/');
    expect(await page.locator('#footer a[href="/cases/"]').textContent()).toBe('Case studies');
    await close();
  });

  it('reaches a case by client-side navigation from the home page, with its head', async () => {
    const { page, errors, close } = await open('/');
    await hydrated(page);
    const link = page.locator('.case-card-link').first();
    await holdStill(link);
    await link.click();
    await page.waitForURL(siteUrl(CASE));
    await page.waitForFunction(() => document.title.startsWith('A launch week'));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/cases\/city-square-launch\/$/);
    expect(await page.locator('.case-result').count()).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });
});

describe.each([390, 1280])('axe at %i px', (width) => {
  it.each(['light', 'dark'] as const)('finds nothing on the list, a case and a service page with results, in %s mode', async (mode) => {
    for (const path of ['/cases/', CASE, SERVICE]) {
      const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
      await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
      await page.goto(siteUrl(path));
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      expect(await axeViolations(page), path).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await close();
    }
  });
});
