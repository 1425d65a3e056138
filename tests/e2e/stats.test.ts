// The figures under the hero and their notes (templates/components/Stats.tsx): each figure's link leads to the
// note that says where it comes from and when, from the keyboard too, and back; the example's notes say they
// are example data; the band is server markup the browser adopts, there after a client-side navigation too;
// and it passes axe at phone and desktop widths in both colour modes.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { axeViolations } from './axe.ts';
import { followLink, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The example's figures, and the note each should have: "Source: …, as of March 2026." */
const { stats } = parse(readFileSync(new URL('../../examples/agency/catalogue/site.yaml', import.meta.url), 'utf8')) as {
  stats: { value: string; source: string; asOf: string }[];
};
const notes = stats.map((s) => `Source: ${s.source}, as of ${MONTHS[Number(s.asOf.slice(5, 7)) - 1]} ${s.asOf.slice(0, 4)}.`);

const band = (page: Page) => page.getByRole('region', { name: 'Results for our clients' });

/** The band's figures with their links' names, and its notes, as the page shows them. */
async function figuresAndNotes(page: Page) {
  const figures = await band(page).locator('.stat-value').evaluateAll((values) =>
    values.map((dd) => [dd.firstChild!.firstChild!.textContent, dd.querySelector('a')?.getAttribute('aria-label')]),
  );
  const shown = (await band(page).locator('.stat-notes li').allInnerTexts()).map((text) => text.replace(/\s*↩$/, ''));
  return { figures, notes: shown };
}

const expected = { figures: stats.map((s, i) => [s.value, `Source ${i + 1}`]), notes };

describe.each(['/', '/thread/'])('the figures on %s', (path) => {
  it('each link to a note under the band that says where it comes from and when, marked as example data', async () => {
    expect(stats.length).toBeGreaterThan(1);
    for (const note of notes) expect(note).toMatch(/^Source: Example data\b/);
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl(path));
    await hydrated(page);
    expect(await figuresAndNotes(page)).toEqual(expected);
    expect(errors).toEqual([]);
    await close();
  });

  it('take the keyboard to the note, in view, and back to the figure', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(siteUrl(path));
    await hydrated(page);
    const second = band(page).getByRole('link', { name: 'Source 2', exact: true });
    await second.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'stat-note-2');
    expect(new URL(page.url()).hash).toBe('#stat-note-2');
    // Below the sticky bars (the header, and on the home page the category chips), inside the viewport.
    const place = await page.evaluate(() => {
      const bars = [...document.querySelectorAll('.site-header, .category-chips')].map((bar) => bar.getBoundingClientRect().bottom);
      const note = document.getElementById('stat-note-2')!.getBoundingClientRect();
      return { top: note.top, bottom: note.bottom, below: Math.max(0, ...bars), height: innerHeight };
    });
    expect(place.top).toBeGreaterThanOrEqual(place.below - 1);
    expect(place.bottom).toBeLessThanOrEqual(place.height);
    // The focus is shown: the note is outlined while it has it.
    expect(await page.locator('#stat-note-2').evaluate((note) => getComputedStyle(note).outlineStyle)).toBe('solid');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Back to figure 2');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'stat-ref-2');
    expect(errors).toEqual([]);
    await close();
  });

  it.each([390, 1280].flatMap((width) => (['light', 'dark'] as const).map((mode) => ({ width, mode }))))(
    'passes axe at $width px in $mode mode, with a note followed',
    async ({ width, mode }) => {
      const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
      await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
      await page.goto(siteUrl(`${path}#stat-note-1`));
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      expect(await page.locator('[data-prerendered="stats"] .stat-value').count()).toBeGreaterThan(0);
      expect(await axeViolations(page, '[data-prerendered="stats"]')).toEqual([]);
      await close();
    },
  );
});

describe('the figures after a client-side navigation', () => {
  it.each([
    ['from the home page to /thread/', '/', '/thread/'],
    ['from /thread/ to the home page', '/thread/', '/'],
    // The visit began on a page without the band: /thread/ shows it once its own HTML is fetched.
    ['from a category page to /thread/', '/category/listing/', '/thread/'],
    ['from a category page to the home page', '/category/listing/', '/'],
  ])('are there %s, with their notes', async (_, from, to) => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl(from));
    await hydrated(page);
    // Gone on a reload: the page stays the one the browser loaded.
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
    await followLink(page, to);
    // The page shown is the new one (the last stays until the next has loaded), and it has the notes.
    const shown = to === '/thread/' ? 'main.thread' : 'main:has([data-prerendered="catalogue"])';
    await page.waitForFunction((main) => document.querySelectorAll(`${main} [data-prerendered="stats"] .stat-notes li`).length > 0, shown);
    expect(await figuresAndNotes(page)).toEqual(expected);
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    // The notes' links work here too.
    await band(page).getByRole('link', { name: 'Source 1', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'stat-note-1');
    expect(errors).toEqual([]);
    await close();
  });
});
