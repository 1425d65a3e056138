// Inter comes after the first page's largest paint, and before the first paint of every page after it
// (src/client/fontLoader.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, siteUrl, useBrowser } from './browser.ts';

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
  it("on a visitor's first page, is asked for only after the page has loaded, then turned on", async () => {
    const { page, errors, close } = await openPage(browser());
    await recordFontAtParse(page);
    await page.goto(siteUrl('/service/banner-on-a-chinese-coin-site/chinesemarketing-2/'), { waitUntil: 'load' });
    expect(await page.evaluate(() => (window as unknown as { fontAtParse?: string }).fontAtParse)).toBe('none');
    await page.waitForFunction(() => document.documentElement.dataset.font === 'inter' && document.fonts.check('16px Inter'));
    const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    const fonts = await fontRequests(page);
    expect(fonts.map((f) => f.path)).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)]);
    expect(fonts[0]!.start).toBeGreaterThanOrEqual(loadEnd);
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
