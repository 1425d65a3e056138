// A category section of the home page: the cards it is given, and a link to the category's own page named
// "All n {name} services". It is sized by its card count, rounded up to a bucket, until it is laid out
// (templates/styles/home.css); the buckets of the template and the rules of the stylesheet must agree.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { allServicesText, CARD_BUCKETS, cardsBucket, CategorySection } from '../../templates/components/CategorySection.tsx';
import type { HomeData } from '../../templates/data.ts';

const css = readFileSync(new URL('../../templates/styles/home.css', import.meta.url), 'utf8');

const card = (n: number) => ({
  id: `pressreleases-${n}`,
  name: `Press Release ${n}`,
  shortName: `PR ${n}`,
  summary: `Summary ${n}`,
  price: 600 * n,
  priceFrom: false,
  thumbnail: { src: `/img/services/pressreleases-${n}.svg` },
  route: `/service/press-release-${n}/pressreleases-${n}/`,
});

const category = (shown: number, count: number): HomeData['categories'][number] => ({
  name: 'Press Releases & Articles',
  anchor: 'press-releases',
  description: 'Press releases on news sites',
  icon: { src: '/img/icons/press.svg' },
  route: '/#press-releases',
  pageRoute: '/category/press-releases/',
  count,
  services: Array.from({ length: shown }, (_, i) => card(i + 1)),
});

const render = (c: HomeData['categories'][number]) => renderToStaticMarkup(createElement(CategorySection, { category: c }));
/** The text a link is named by: its content without the parts hidden from assistive technology. */
const accessibleName = (html: string) =>
  html
    .replace(/<span aria-hidden="true"[^>]*>.*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();

describe('a category section', () => {
  it('shows the cards it is given, under its anchor', () => {
    const html = render(category(6, 28));
    expect(html).toMatch(/^<section class="category" id="press-releases" aria-labelledby="press-releases-title" data-cards="6">/);
    expect(html.match(/<li class="card">/g)).toHaveLength(6);
    expect(html).toContain('href="/service/press-release-6/pressreleases-6/"');
    expect(html).not.toContain('pressreleases-7');
  });

  it('ends with a link to the category page, "All n {name} services", named the same for a screen reader', () => {
    const html = render(category(6, 28));
    const links = [...html.matchAll(/<a [^>]*>.*?<\/a>/g)].map((m) => m[0]);
    const last = links.at(-1)!;
    expect(last).toMatch(/^<a href="\/category\/press-releases\/"/);
    expect(accessibleName(last)).toBe('All 28 Press Releases & Articles services');
    // The arrow is shown, not read out.
    expect(last).toMatch(/<span aria-hidden="true"[^>]*>→<\/span><\/a>$/);
    // After the cards: the section's last element.
    expect(html.lastIndexOf('<li class="card">')).toBeLessThan(html.indexOf(last));
  });

  it('counts every service of the category, not only those shown, and says "service" for one', () => {
    expect(accessibleName(render(category(2, 3)).match(/<a href="\/category[^]*?<\/a>/)![0])).toBe('All 3 Press Releases & Articles services');
    expect(allServicesText(1, 'Verification')).toBe('All 1 Verification service');
    expect(allServicesText(10_000, 'Listing')).toBe('All 10000 Listing services');
  });

  it('has no such link when it shows every service of the category already', () => {
    for (const [shown, count] of [[1, 1], [2, 2], [6, 6]]) {
      const html = render(category(shown!, count!));
      expect(html.match(/<li class="card">/g)).toHaveLength(shown!);
      expect(html).not.toContain('category-more');
      expect(html).not.toContain('href="/category/press-releases/"');
    }
    expect(render(category(6, 7))).toContain('href="/category/press-releases/"');
  });
});

describe('category section size buckets', () => {
  it('each has its rule in home.css, and home.css has no other', () => {
    const rules = [...css.matchAll(/\.category\[data-cards="(\d+)"\]\s*\{\s*--cards:\s*(\d+);/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(rules).toEqual(CARD_BUCKETS.map((b) => [b, b]));
  });
  it('reach the most cards a section can show (site.yaml allows up to 48)', () => expect(CARD_BUCKETS.at(-1)).toBe(48));
  it.each([
    [1, 1],
    [5, 5],
    [6, 6],
    [7, 8],
    [13, 16],
    [48, 48],
    [60, 48],
  ])('%i cards → data-cards="%i"', (cards, bucket) => expect(cardsBucket(cards)).toBe(bucket));
});
