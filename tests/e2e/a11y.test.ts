// axe-core on every page kind, at phone and desktop widths, in light and dark mode. Colour contrast is one of
// the rules, so both palettes are checked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const firstService = () => new URL(/<loc>([^<]*\/service\/[^<]*)<\/loc>/.exec(readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8'))![1]!).pathname;

const pages: [kind: string, path: () => string][] = [
  ['home', () => '/'],
  ['thread', () => '/thread/'],
  ['service', firstService],
  // Price options (a table) and a requirement ("Requires: …"), besides the related cards every service page ends with.
  ['service with options', () => '/service/sponsored-presale-spot-on-launchpad-b/trending-8/'],
  ['service with a requirement', () => '/service/sponsored-trending-spot-on-a-charting-site/trending-3/'],
  ['alternatives', () => '/alternatives/alternative-to-icoda/'],
  ['sitemap', () => '/sitemap/'],
  ['case studies', () => '/cases/'],
  ['case study', () => '/cases/city-square-launch/'],
  ['category', () => '/category/listing/'],
  ['search', () => '/search/?q=listing'],
  ['404', () => '/404/'],
];
const cases = pages.flatMap(([kind, path]) =>
  [375, 1280].flatMap((width) => (['light', 'dark'] as const).map((mode) => ({ kind, path, width, mode }))),
);

describe.each(cases)('$kind at $width px in $mode mode', ({ path, width, mode }) => {
  it('has no axe violations (WCAG 2.2 A and AA, and best practice)', async () => {
    // bypassCSP: axe is injected as an inline script, which the site's own policy (rightly) refuses.
    const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
    await page.goto(siteUrl(path()));
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
