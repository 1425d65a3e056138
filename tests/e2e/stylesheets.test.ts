// A page links only its kind's stylesheet (src/client/stylesheets.ts): on a fresh load, after client-side
// navigation in both directions, and when a kind's stylesheet fails to load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const html = (path: string) => readFileSync(join(inject('siteDir'), path), 'utf8');
const stylesheetsOf = (document: string) => [...document.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);

/** The document's stylesheet links, in order, and whether each applies. */
const linkState = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
      href: link.getAttribute('href')!,
      on: !link.media || matchMedia(link.media).matches,
    })),
  );
const kindOf = (href: string) => /\/styles-(\w+)-/.exec(href)?.[1] ?? (/\/theme-/.test(href) ? 'theme' : href);

describe("each page kind's stylesheet", () => {
  it("is the only one a page links, before the theme's", () => {
    const byKind = {
      home: 'index.html',
      sitemap: 'sitemap/index.html',
      notFound: '404.html',
      search: 'search/index.html',
    };
    for (const [kind, path] of Object.entries(byKind)) expect(stylesheetsOf(html(path)).map(kindOf), path).toEqual([kind, 'theme']);
  });

  it('switches with client-side navigation, so exactly the shown kind applies, in both directions', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    await page.locator('.sitemap-list a[href^="/service/"]').first().click();
    await page.locator('#service-title').waitFor();
    const onService = await linkState(page);
    expect(onService.map(({ href, on }) => [kindOf(href), on])).toEqual([
      ['sitemap', false],
      ['service', true],
      ['theme', true],
    ]);
    expect(await page.locator('.service').evaluate((el) => getComputedStyle(el).display)).toBe('grid');

    await page.goBack();
    await page.locator('.sitemap-grid').waitFor();
    const onSitemap = await linkState(page);
    expect(onSitemap.map(({ href, on }) => [kindOf(href), on])).toEqual([
      ['sitemap', true],
      ['service', false],
      ['theme', true],
    ]);
    expect(await page.locator('.sitemap-grid').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    expect(errors).toEqual([]);
    await close();
  });

  it('that fails to load shows the failure message with its address, and a retry that works', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    const serviceStyles = (url: URL) => /^\/assets\/styles-service-\w+\.css$/.test(url.pathname);
    await page.route(serviceStyles, (route) => route.abort());
    await page.locator('.sitemap-list a[href^="/service/"]').first().click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/Loading chunk service \(stylesheet\) failed\(error: \/assets\/styles-service-\w+\.css\)/);
    await page.unroute(serviceStyles);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#service-title').waitFor();
    expect(await page.locator('.service').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    expect((await linkState(page)).filter(({ on }) => on).map(({ href }) => kindOf(href))).toEqual(['service', 'theme']);
    await close();
  });
});
