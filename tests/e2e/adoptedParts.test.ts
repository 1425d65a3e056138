// Parts of the page that hold no state are the server's markup, adopted by the browser rather than drawn from
// code it downloads (src/client/Prerendered.tsx): the footer and the skip links on every page, the search
// page's category list. They must be there, and work, on every page the client shows, however it got there;
// and code the site does not use is not fetched (the performance reporter).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

/** The footer's copy button, clicked, says so. */
async function copiesFromFooter(page: Page) {
  const button = page.locator('#footer').getByRole('button', { name: 'Copy address' });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await page.waitForFunction(() => document.querySelector('#footer [role="status"]')?.textContent === 'Address copied');
}

describe('the footer and the skip links', () => {
  it.each([
    ['the quote page', '/quote/'],
    ['the search page', '/search/'],
    ['a category page', '/category/listing/'],
  ])('are there after a client-side navigation to %s, and the copy button works', async (_, path) => {
    const { page, errors, close } = await openPage(browser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(siteUrl('/'));
    await hydrated(page);
    const footer = await page.locator('#footer').innerHTML();
    await followLink(page, path);
    await page.waitForFunction(() => document.querySelector('#footer .copy-address-button'));
    expect(await page.locator('#footer').innerHTML()).toBe(footer);
    expect(await page.locator('.skip-links a').allTextContents()).toEqual(['Skip to content', 'Skip to footer']);
    await copiesFromFooter(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('are filled in from the next page when the visit began on a page without them (/thread/)', async () => {
    const { page, errors, close } = await openPage(browser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(siteUrl('/thread/'));
    await hydrated(page);
    expect(await page.locator('#footer').count()).toBe(0);
    await followLink(page, '/quote/');
    await page.waitForFunction(() => document.querySelector('#footer a[href="/sitemap/"]'));
    await copiesFromFooter(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the search page', () => {
  it('shows its category list after a client-side navigation, hides it with results and shows it again', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await followLink(page, '/search/');
    const list = page.locator('.search-browse .search-category-link');
    await list.first().waitFor();
    const categories = await list.count();
    expect(categories).toBeGreaterThan(3);
    await page.locator('#search-q').fill('billboard');
    await page.locator('.search-grid .card').first().waitFor();
    expect(await page.locator('.search-browse').count()).toBe(0);
    await page.locator('#search-q').fill('zzzzqqqq');
    await page.waitForFunction(() => /No services match/.test(document.querySelector('.search-status')?.textContent ?? ''));
    expect(await list.count()).toBe(categories);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the performance reporter', () => {
  /** The text of every script the page has fetched. */
  const scriptTexts = (page: Page) =>
    page.evaluate(() =>
      Promise.all(
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.endsWith('.js'))
          .map((url) => fetch(url).then((r) => r.text())),
      ),
    );

  it('is not fetched when the site defines no reporter', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/'));
    await hydrated(page);
    const scripts = await scriptTexts(page);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.some((text) => text.includes('largest-contentful-paint'))).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('reports the page’s figures to the reporter a site defines', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.addInitScript(() => {
      const reported: string[] = [];
      Object.assign(window, { reported, storefrontReportPerformance: (metric: { name: string }) => reported.push(metric.name) });
    });
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.waitForFunction(() => (window as unknown as { reported: string[] }).reported.includes('FCP'));
    expect(await page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(expect.arrayContaining(['TTFB', 'FCP']));
    expect(errors).toEqual([]);
    await close();
  });
});
