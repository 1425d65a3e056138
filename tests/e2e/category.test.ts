// Category pages in real Chromium, on the example catalogue: "Press Releases & Articles" has 28 services, so
// two pages of 24; "Listing" has 6, one page. Content, pagination (by pointer and by keyboard), head links,
// sitemap.xml, and the links to the category pages from the sitemap page and a service page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { devSiteUrl, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const sitemapXml = () => readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8');
const fetchHtml = async (path: string) => {
  const response = await fetch(siteUrl(path));
  return { status: response.status, html: await response.text() };
};
const PRESS = '/category/press-releases/';
/** The service links of the page's cards (ServiceCard's own markup is another concern: not matched here). */
const CARDS = 'main [data-prerendered="category"] a[href^="/service/"]';
const PRESS_2 = '/category/press-releases/page/2/';

describe('a category page', () => {
  it('is prerendered: breadcrumb, name, description, info, notice, count and its cards, with JavaScript disabled', async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(siteUrl(PRESS));
    await expect(page.locator('h1').textContent()).resolves.toBe('Press Releases & Articles');
    await expect(page.locator('.category-page-lead').textContent()).resolves.toMatch(/^Submit, distribute and publish press releases/);
    await expect(page.locator('.category-page-info').textContent()).resolves.toMatch(/^Published within 24 hours/);
    await expect(page.locator('main .notice[role="note"]').textContent()).resolves.toMatch(/editorial approval/);
    await expect(page.locator('.category-page-count').textContent()).resolves.toBe('28 services · showing 1–24, page 1 of 2');
    expect(await page.locator(CARDS).count()).toBe(24);
    // The cards' titles are h2: the page's h1 is the category.
    expect(await page.locator('main [data-prerendered="category"] h2 a[href^="/service/"]').count()).toBe(24);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.locator('ol > li').allTextContents()).toEqual(['Home', 'Press Releases & Articles']);
    await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe('Press Releases & Articles');
    await close();
  });

  it('of a short category shows all its services and no pagination', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/category/listing/'));
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Listing');
    await expect(page.locator('.category-page-count').textContent()).resolves.toBe('6 services');
    expect(await page.locator(CARDS).count()).toBe(6);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await expect(page.title()).resolves.toBe('Listing services | Astrolift Media');
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['production', siteUrl],
    ['development', devSiteUrl],
  ])('hydrates without a console error with %s React (which also checks attributes)', async (_, url) => {
    for (const path of [PRESS, PRESS_2]) {
      const { page, errors, close } = await openPage(browser());
      await page.goto(url(path));
      await hydrated(page);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
      expect(errors, path).toEqual([]);
      await close();
    }
  });

  it('names its neighbours in the head and is listed in sitemap.xml; a page past the last is a 404', async () => {
    const first = await fetchHtml(PRESS);
    expect(first.status).toBe(200);
    expect(first.html).toContain(`<link rel="canonical" href="https://www.example.com${PRESS}">`);
    expect(first.html).toContain(`<link rel="next" href="https://www.example.com${PRESS_2}">`);
    expect(first.html).not.toContain('rel="prev"');
    const second = await fetchHtml(PRESS_2);
    expect(second.html).toContain(`<link rel="prev" href="https://www.example.com${PRESS}">`);
    expect(second.html).not.toContain('rel="next"');
    expect(second.html).toContain('<title>Press Releases &amp; Articles services – page 2 | Astrolift Media</title>');
    const urls = [...sitemapXml().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls).toContain(PRESS);
    expect(urls).toContain(PRESS_2);
    expect(urls.filter((u) => /^\/category\/[^/]+\/$/.test(u))).toHaveLength(11);
    for (const path of ['/category/press-releases/page/3/', '/category/press-releases/page/1/', '/category/no-such-category/']) expect((await fetchHtml(path)).status, path).toBe(404);
  });
});

describe('pagination', () => {
  it('goes to the next page and back client-side, marking the current page', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl(PRESS));
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.locator('[aria-current="page"]').textContent()).resolves.toBe('Page 1');
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.pathname === PRESS_2);
    await expect.poll(() => page.locator(CARDS).count()).toBe(4);
    await expect(page.locator('.category-page-count').textContent()).resolves.toBe('28 services · showing 25–28, page 2 of 2');
    await expect(pages.locator('[aria-current="page"]').textContent()).resolves.toBe('Page 2');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]').textContent()).resolves.toBe('Page 2');
    await expect.poll(() => page.title()).toBe('Press Releases & Articles services – page 2 | Astrolift Media');
    expect(await pages.getByRole('link', { name: 'Next page' }).count()).toBe(0);
    await pages.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL((url) => url.pathname === PRESS);
    await expect.poll(() => page.locator(CARDS).count()).toBe(24);
    await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.pathname === PRESS_2);
    await expect.poll(() => page.locator(CARDS).count()).toBe(4);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(errors).toEqual([]);
    await close();
  });

  it('is reached with Tab, each link with a visible focus outline', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl(PRESS));
    await hydrated(page);
    const reached: { label: string; outline: string }[] = [];
    for (let i = 0; i < 120 && !reached.some((r) => r.label === 'Next page'); i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        if (!element.closest('nav[aria-label="Pages"]')) return null;
        const style = getComputedStyle(element);
        return { label: element.textContent!.replace(/\s+/g, ' ').replace(/[←→]/g, '').trim(), outline: `${style.outlineStyle} ${style.outlineWidth}`, visible: element.matches(':focus-visible') };
      });
      if (focused) {
        expect(focused.visible).toBe(true);
        reached.push(focused);
      }
    }
    expect(reached.map((r) => r.label)).toEqual(['Page 1', 'Page 2', 'Next page']);
    for (const { outline } of reached) expect(outline).toMatch(/^solid [2-9]/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === PRESS_2);
    // As after a page load, the next Tab starts at the top of the new page's content, not at the footer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')) && !document.activeElement?.closest('nav[aria-label="Pages"]'))).toBe(true);
    await close();
  });

  it('has no axe violations on its second page (previous and the page numbers), at phone and desktop widths, light and dark', async () => {
    // As tests/e2e/a11y.test.ts, which checks a category page without pagination.
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const width of [375, 1280]) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
        await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
        await page.goto(siteUrl('/category/press-releases/page/2/'));
        await hydrated(page);
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
          const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
          return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        });
        expect(violations, `${width} px, ${mode}`).toEqual([]);
        await close();
      }
    }
  });

  it('gives every link a touch target at least 44 px square on a phone', async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(siteUrl(PRESS_2));
    await hydrated(page);
    const boxes = await page.getByRole('navigation', { name: 'Pages' }).locator('a').evaluateAll((links) => links.map((a) => a.getBoundingClientRect()).map((r) => [r.width, r.height]));
    expect(boxes).toHaveLength(3);
    for (const [width, height] of boxes) {
      expect(width).toBeGreaterThanOrEqual(44);
      expect(height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await close();
  });
});

describe('links to category pages', () => {
  it('from each category heading of the sitemap page', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    const headings = page.locator('main .sitemap-heading a');
    expect(await headings.count()).toBe(11);
    expect((await headings.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).every((href) => /^\/category\/[a-z-]+\/$/.test(href!))).toBe(true);
    await page.locator('main .sitemap-heading a', { hasText: 'Listing' }).click();
    await page.waitForURL((url) => url.pathname === '/category/listing/');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Listing');
    await expect.poll(() => page.locator(CARDS).count()).toBe(6);
    expect(errors).toEqual([]);
    await close();
  });

  it("from a service page's breadcrumb", async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/category/listing/'));
    await hydrated(page);
    await page.locator(CARDS).first().click();
    await page.waitForURL(/\/service\//);
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Listing' });
    await expect(crumb.getAttribute('href')).resolves.toBe('/category/listing/');
    await crumb.click();
    await page.waitForURL((url) => url.pathname === '/category/listing/');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Listing');
    await close();
  });
});

describe('in forced colours (Windows High Contrast)', () => {
  it('marks the current category chip and page number as the system marks a selected item', async () => {
    const { page, close } = await openPage(browser(), { forcedColors: 'active' });
    await page.goto(siteUrl(PRESS_2));
    const look = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    expect(await look('.chip[aria-current]')).not.toBe(await look('.chip:not([aria-current])'));
    expect(await look(".pagination-link[aria-current='page']")).not.toBe(await look('.pagination-link:not([aria-current])'));
    await close();
  });

  it("draws the phone menu toggle's bars, which are backgrounds, in the button's text colour", async () => {
    const { page, close } = await openPage(browser(), { forcedColors: 'active', viewport: { width: 390, height: 800 } });
    await page.goto(siteUrl('/'));
    const bars = await page.locator('.menu-icon').evaluate((el) => [getComputedStyle(el, '::before').backgroundColor, getComputedStyle(el.closest('button')!).color]);
    expect(bars[0]).toBe(bars[1]);
    await close();
  });
});
