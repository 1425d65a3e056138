// The first search on a built site, in Chromium with a cold cache, as a visitor makes it: open /search/, type a
// word, press Enter. Measured: the time from Enter until the first result card shows, and the bytes fetched
// for it (the search page's reader of the index, the index's entry, the postings of the word and the results'
// data, as a CDN would send them).
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM_FLAGS, compressedSizes } from './bytes.ts';

export interface SearchFigures {
  /** From pressing Enter to the first result card, in ms (the median of the runs). */
  firstResultMs: number;
  /** Bytes fetched for the search: each response at its brotli size, or as it is when that is smaller. */
  bytes: number;
  requests: number;
}

export async function measureSearch(chromiumPath: string, siteUrl: string, term: string, runs = 3): Promise<SearchFigures> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const measured: SearchFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(new URL('/search/', siteUrl).href, { waitUntil: 'networkidle' });
      // The visitor goes to the field first: that starts the client (it waits for a first intent), which has
      // hydrated the page by the time a word is typed.
      const field = page.locator('input[name="q"]').first();
      await field.focus();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      await field.fill(term);
      const [started, origin] = await page.evaluate(() => [performance.now(), performance.timeOrigin]);
      await field.press('Enter');
      await page.locator('main .card').first().waitFor({ timeout: 60_000 });
      const [shown, sameOrigin] = await page.evaluate(() => [performance.now(), performance.timeOrigin]);
      // The results must come from the client, in the same document: a reload would restart the clock.
      if (sameOrigin !== origin) throw new Error('The search page reloaded instead of searching in place: is the client hydrated?');
      await page.waitForLoadState('networkidle');
      let bytes = 0;
      for (const response of responses) {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await compressedSizes(body);
        bytes += Math.min(sizes.raw, sizes.brotli);
      }
      measured.push({ firstResultMs: shown - started, bytes, requests: responses.length });
      await context.close();
    }
    const sorted = [...measured].sort((a, b) => a.firstResultMs - b.firstResultMs);
    return sorted[sorted.length >> 1]!;
  } finally {
    await browser.close();
  }
}
