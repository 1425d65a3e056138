// A visitor's first page fetches Inter after its largest paint without turning it on; every page after it, and
// the first link followed inside it, have it on (src/client/fontLoader.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

/** The font files fetched so far, and when the first of them started (ms from the navigation's start). */
const fontRequests = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith('.woff2')).map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  );

/** data-font as it was when the document had been parsed, before anything waited for `load`. */
const recordFontAtParse = (page: Page) =>
  page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => ((window as unknown as { fontAtParse?: string }).fontAtParse = document.documentElement.dataset.font ?? 'none')));

describe('the font', () => {
  it("on a visitor's first page, is fetched only after the page has loaded, and not turned on there", async () => {
    const { page, errors, close } = await openPage(browser());
    await recordFontAtParse(page);
    await page.goto(siteUrl('/service/banner-on-a-chinese-coin-site/chinesemarketing-2/'), { waitUntil: 'load' });
    expect(await page.evaluate(() => (window as unknown as { fontAtParse?: string }).fontAtParse)).toBe('none');
    await page.waitForFunction(() => localStorage.getItem('storefront-font') !== null && document.fonts.check('16px Inter'));
    const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    const fonts = await fontRequests(page);
    expect(fonts.map((f) => f.path)).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)]);
    expect(fonts[0]!.start).toBeGreaterThanOrEqual(loadEnd);
    expect(await page.evaluate(() => document.documentElement.dataset.font ?? 'none')).toBe('none');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^Inter\b/);
    expect(errors).toEqual([]);
    await close();
  });

  it('comes on with the first link the client follows inside that page', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/'), { waitUntil: 'load' });
    await page.waitForFunction(() => localStorage.getItem('storefront-font') !== null);
    await hydrated(page);
    // A mark a full page load would lose: the client routed the link, no new document turned Inter on.
    await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));
    await followLink(page, '/sitemap/');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.font)).toBe('inter');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Inter, "Inter Fallback"/);
    expect(errors).toEqual([]);
    await close();
  });

  it('on every page after that, is on before the first paint', async () => {
    const { page, errors, close } = await openPage(browser());
    await recordFontAtParse(page);
    await page.goto(siteUrl('/'), { waitUntil: 'load' });
    await page.waitForFunction(() => localStorage.getItem('storefront-font') !== null);
    await page.goto(siteUrl('/sitemap/'), { waitUntil: 'load' });
    expect(await page.evaluate(() => (window as unknown as { fontAtParse?: string }).fontAtParse)).toBe('inter');
    expect(errors).toEqual([]);
    await close();
  });

  it('comes after the page has loaded, on every page, where storage is blocked', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.addInitScript(() => Object.defineProperty(window, 'localStorage', { get: () => { throw new Error('blocked'); } }));
    await recordFontAtParse(page);
    for (const path of ['/thread/', '/sitemap/']) {
      await page.goto(siteUrl(path), { waitUntil: 'load' });
      expect(await page.evaluate(() => (window as unknown as { fontAtParse?: string }).fontAtParse)).toBe('none');
      await page.waitForFunction(() => document.documentElement.dataset.font === 'inter' && document.fonts.check('16px Inter'));
    }
    expect(errors).toEqual([]);
    await close();
  });
});
