// The example catalogue's raster images in Chromium, on a 390 px phone at 3x: the service page fetches its image
// as AVIF at once, at a width its screen needs, in a box that does not move when it arrives; the cards, lazily,
// a small AVIF thumbnail.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The first service of the example whose image is a PNG or a JPEG (catalogue/categories/*.yaml). */
const rasterService = () => {
  const paths = [...readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8').matchAll(/<loc>[^<]*?(\/service\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
  return paths.find((p) => readFileSync(join(inject('siteDir'), p, 'index.html'), 'utf8').includes('<picture>'))!;
};

/** Every image the page fetches, with its type and size. */
function recordImages(page: Page) {
  const images: { path: string; type: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'image') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.push({ path: new URL(response.url()).pathname, type: response.headers()['content-type'] ?? '', bytes: body.byteLength });
  });
  return images;
}

describe('a service page with a raster image, on a phone', () => {
  it('fetches it as AVIF, wide enough for the screen and small, in a box that does not move', async () => {
    const { page, errors, close } = await openPage(browser(), PHONE);
    const images = recordImages(page);
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(siteUrl(rasterService()), { waitUntil: 'networkidle' });
    const image = page.locator('picture img.service-image');
    expect(await image.evaluate((img: HTMLImageElement) => ({ loading: img.loading, priority: img.getAttribute('fetchpriority'), width: img.getAttribute('width'), height: img.getAttribute('height') }))).toEqual({
      loading: 'eager',
      priority: 'high',
      width: '560',
      height: '336',
    });
    // 350 px wide at 3x: the 1120 px file (1050 device pixels are needed).
    const current = await image.evaluate((img: HTMLImageElement) => ({ src: new URL(img.currentSrc).pathname, complete: img.complete, shown: img.getBoundingClientRect().width }));
    expect(current).toEqual({ src: expect.stringMatching(/\.1120\.avif$/), complete: true, shown: 350 });
    const fetched = images.filter((i) => i.path.startsWith('/img/'));
    expect(fetched.map((i) => i.path)).toEqual([current.src]);
    expect(fetched[0]!.type).toBe('image/avif');
    expect(Math.max(...images.map((i) => i.bytes))).toBeLessThan(150 * 1024);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the cards on the home page, on a phone', () => {
  it('fetch a raster image’s 208 px AVIF, lazily', async () => {
    const { page, close } = await openPage(browser(), PHONE);
    const images = recordImages(page);
    await page.goto(siteUrl('/'), { waitUntil: 'networkidle' });
    const card = page.locator('.card:has(picture)').first();
    await card.scrollIntoViewIfNeeded();
    const img = card.locator('img.card-image');
    expect(await img.getAttribute('loading')).toBe('lazy');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && new URL(i.currentSrc).pathname)).toMatch(/\.208\.avif$/);
    const thumbnail = images.find((i) => /\.208\.avif$/.test(i.path));
    expect(thumbnail?.type).toBe('image/avif');
    expect(thumbnail!.bytes).toBeLessThan(10 * 1024);
    await close();
  });
});
