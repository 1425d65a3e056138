// Every page's link-preview image, as X, Telegram, Discord, LinkedIn and Facebook fetch it: a PNG of 1200×630 and
// at most 100 KB, named with its size and alt text, that says what the page says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { descriptionOf } from '../../src/build/pngText.ts';
import { siteUrl } from './browser.ts';

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const meta = (html: string, key: string) => {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
  return found === undefined ? undefined : decode(found);
};
/** The pages in the sitemap, and those that are not indexed. */
const pages = () => [
  ...[...readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
  '/search/',
  '/quote/',
  '/404/',
];

describe('every page’s link-preview image', () => {
  it('is a 1200×630 PNG of at most 100 KB whose words are the page’s', async () => {
    const paths = pages();
    expect(paths.length).toBeGreaterThan(100);
    const seen = new Set<string>();
    for (const path of paths) {
      const html = await (await fetch(siteUrl(path))).text();
      const image = meta(html, 'og:image');
      expect(image, path).toMatch(/^https:\/\/www\.example\.com\/assets\/social-[A-Z0-9]{8}\.png$/);
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height'), meta(html, 'twitter:card')], path).toEqual(['1200', '630', 'summary_large_image']);
      const alt = meta(html, 'og:image:alt')!;
      // The card's headline is the page's: its h1, or its title without the brand.
      const h1 = decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
      const title = meta(html, 'og:title')!.replace(/ \| [^|]+$/, '');
      expect([h1, title].some((headline) => headline && alt.startsWith(headline.replace(/\s*\p{Extended_Pictographic}\uFE0F?/gu, '').trim())), `${path}: "${alt}" is neither "${h1}" nor "${title}"`).toBe(true);
      if (seen.has(image!)) continue;
      seen.add(image!);
      const response = await fetch(siteUrl(new URL(image!).pathname));
      expect(response.headers.get('content-type'), path).toBe('image/png');
      const png = new Uint8Array(await response.arrayBuffer());
      expect(png.byteLength, path).toBeLessThanOrEqual(100_000);
      const { format, width, height } = await sharp(png).metadata();
      expect([format, width, height], path).toEqual(['png', 1200, 630]);
      expect(descriptionOf(png), path).toBe(alt);
    }
    // A card per page; pages whose words are the same share one.
    expect(seen.size).toBeGreaterThan(paths.length / 2);
  });

  it('tells a service’s price and category', async () => {
    const html = await (await fetch(siteUrl('/service/city-square-screen-7-day-package/billboards-4/'))).text();
    expect(meta(html, 'og:image:alt')).toBe('City-Square Screen, 7-Day Package. from $48,000 · Billboards');
  });
});
