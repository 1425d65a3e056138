// The shipped example catalogue against the brief (CATALOGUE.md, which lives outside this repository, so its
// ids and prices are written out here): the ids, every price the brief gives, the content policy, and that
// every service is reachable at the route the slug rule gives.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type CatalogueSource } from '../../src/catalogue/load.ts';
import { routes } from '../../src/core/routes.ts';
import { slugify } from '../../src/core/slug.ts';
import { buildModel, type Site } from '../../src/model/model.ts';
import type { HomeData } from '../../templates/data.ts';
import type { SitemapData } from '../../templates/data.ts';
import { searchRecords } from '../../templates/searchIndex.ts';
import { prerenderer, validate } from '../support/site.ts';

const catalogueDir = new URL('../../examples/agency/catalogue/', import.meta.url).pathname;
let source: CatalogueSource;
let site: Site;

beforeAll(async () => {
  source = await loadCatalogue(catalogueDir);
  const { problems, catalogue } = await validate(source);
  // One warning, on purpose: 17 of the 18 alternatives pages have no content of their own (docs/errors.md).
  expect(problems.map((p) => `${p.severity} ${p.code}`)).toEqual(['warning alternatives-without-content']);
  site = buildModel(catalogue!);
});

const press: Record<number, number> = {
  3: 600, 4: 790, 5: 850, 6: 1250, 7: 2100, 1: 2100, 8: 2100, 9: 2100, 10: 2400, 11: 3600, 12: 3600,
  2: 4200, 13: 4200, 14: 4200, 15: 4200, 16: 4800, 17: 5400, 24: 6000, 25: 6000, 18: 6600, 19: 7700,
  20: 8400, 21: 8400, 22: 8400, 23: 10200, 27: 12000, 28: 12000, 29: 16000,
};

const pricedByBrief: Record<string, number> = {
  'listing-1': 3000, 'listing-2': 2000, 'listing-3': 2500, 'listing-4': 2500, 'listing-5': 2500, 'listing-6': 50000,
  'trending-1': 2500, 'trending-2': 400, 'trending-3': 400, 'trending-4': 600, 'trending-5': 4200, 'trending-6': 400, 'trending-7': 0, 'trending-8': 500,
  'development-1': 1700, 'development-2': 3600, 'development-3': 1500, 'development-4': 2300, 'development-5': 3600,
  'chinesemarketing-1': 300, 'chinesemarketing-2': 400, 'chinesemarketing-3': 550, 'chinesemarketing-4': 400, 'chinesemarketing-5': 450,
  'chinesemarketing-6': 2700, 'chinesemarketing-7': 3800, 'chinesemarketing-8': 6000, 'chinesemarketing-9': 6000,
  'chinesemarketing-10': 250, 'chinesemarketing-11': 24000, 'chinesemarketing-12': 24000,
  'other-1': 250, 'other-2': 300, 'other-5': 900,
  'verification-3': 2000, 'verification-4': 4000,
  ...Object.fromEntries(Object.entries(press).map(([n, price]) => [`pressreleases-${n}`, price])),
};

/** Categories whose entries are tiers over a price range given by the brief. */
const ranges: Record<string, [min: number, max: number]> = {
  billboards: [1700, 96000],
  rappers: [12000, 600000],
  'crypto-influencers': [2000, 60000],
  celebrities: [4000, 1200000],
};

const allText = () => [...source.texts.values()].join('\n');

describe('the example catalogue', () => {
  it('has the 11 categories of the brief in menu order, with their anchors and id prefixes', () => {
    expect(site.categories.map((c) => [c.anchor, c.idPrefix])).toEqual([
      ['listing', 'listing'], ['trending', 'trending'], ['billboards', 'billboards'], ['rappers', 'rappers'],
      ['crypto-influencers', 'cryptoinfluencer'], ['celebrities', 'celebrities'], ['development', 'development'],
      ['chinese-marketing', 'chinesemarketing'], ['other', 'other'], ['verification', 'verification'], ['press-releases', 'pressreleases'],
    ]);
  });

  it('has exactly the ids the brief gives, with the price the brief gives for each', () => {
    const ids = new Set(site.services.map((s) => s.id));
    for (const [id, price] of Object.entries(pricedByBrief)) {
      expect(ids.has(id), id).toBe(true);
      expect(site.services.find((s) => s.id === id)!.price, id).toBe(price);
    }
    const tiered = site.services.filter((s) => !(s.id in pricedByBrief)).map((s) => s.categoryAnchor);
    expect(new Set(tiered)).toEqual(new Set(Object.keys(ranges)));
    expect(ids.has('pressreleases-26')).toBe(false);
  });

  it.each(Object.entries(ranges))('spreads %s across the range the brief gives', (anchor, [min, max]) => {
    const prices = site.categories.find((c) => c.anchor === anchor)!.services.map((s) => s.price);
    expect(Math.min(...prices)).toBe(min);
    expect(Math.max(...prices)).toBe(max);
    expect(prices.length).toBeGreaterThanOrEqual(3);
  });

  it('offers nothing the brief marks not offered', () => {
    for (const id of ['other-3', 'other-4', 'other-6', 'other-7', 'other-8', 'other-9', 'verification-1', 'verification-2']) {
      expect(site.services.some((s) => s.id === id), id).toBe(false);
    }
    expect(site.categories.map((c) => c.name)).not.toContain('Sentiment Boost');
    expect(site.categories.map((c) => c.name)).not.toContain('Mass Targeting');
  });

  it('never fabricates engagement, ranks, holders or transactions, sends bulk messages, or mentions insiders', () => {
    // A sentence may name these only to rule them out ("we never use bought votes").
    const offers = (pattern: RegExp) =>
      allText()
        .split(/(?<=[.!?:;])\s+|\n/)
        .filter((sentence) => pattern.test(sentence) && !/\b(no|never|not|nor|without)\b/i.test(sentence));
    expect(allText()).not.toMatch(/insiders?/i);
    expect(offers(/\b(buy|bought|sell|selling|purchased?)\s+(votes|likes|followers|comments|views|searches)\b/i)).toEqual([]);
    expect(offers(/\b(holders?|transactions?)\s+(package|boost)/i)).toEqual([]);
    expect(offers(/\b(mass|bulk)\s+(dm|direct messages|e-?mail)/i)).toEqual([]);
    expect(offers(/worldwide trends?|search-bar|most-viewed|price-prediction/i)).toEqual([]);
  });

  it('names platforms by kind, never by a real brand', () => {
    expect(allText()).not.toMatch(/CoinMarketCap|CoinGecko|Binance|Twitter|Weibo|Telegram|Wikipedia|TikTok|DEXTools|Trust Wallet|Etherscan|BscScan|Times Square/i);
  });

  it('carries the advertising disclosure on rapper, influencer and celebrity pages', () => {
    for (const anchor of ['rappers', 'crypto-influencers', 'celebrities']) {
      const notice = site.categories.find((c) => c.anchor === anchor)!.notice ?? '';
      expect(notice, anchor).toMatch(/\bad(vertisement)?\b/i);
      expect(notice, anchor).toMatch(/investment/i);
    }
  });

  it('keeps every meta description within 160 characters', () => {
    for (const s of site.services) expect(s.metaDescription.length, s.id).toBeLessThanOrEqual(160);
  });

  it('links the charting-site service to the wallet-app listing page', () => {
    const walletListing = site.services.find((s) => s.id === 'listing-3')!;
    expect(source.texts.get('descriptions/trending-3.md')).toContain(`](${walletListing.route})`);
  });

  it('shows every service in the sitemap and the first of each category on the home page, at the route the slug rule gives', async () => {
    // The home page shows each category's first services and links to its page for the rest (home.test.ts).
    const pages = (await prerenderer()).pagesOf(site);
    const home = pages.find((p) => p.kind === 'home')!.data as HomeData;
    const sitemap = pages.find((p) => p.kind === 'sitemap')!.data as SitemapData;
    const onHome = new Set(home.categories.flatMap((c) => c.services.map((s) => s.route)));
    const inSitemap = new Set(sitemap.categories.flatMap((c) => c.services.map((s) => s.route)));
    for (const s of site.services) {
      const route = routes.service(slugify(s.name), s.id);
      const category = site.categories.find((c) => c.anchor === s.categoryAnchor)!;
      expect(s.route).toBe(route);
      expect(onHome.has(route), s.id).toBe(category.services.indexOf(s) < site.homeServicesPerCategory);
      expect(inSitemap.has(route), s.id).toBe(true);
      expect(pages.some((p) => p.route === route && p.kind === 'service')).toBe(true);
    }
    expect(home.categories.map((c) => [c.anchor, c.count])).toEqual(site.categories.map((c) => [c.anchor, c.services.length]));
  });

  it('sells tiers as price options, not in prose: launchpads A and B, and the city-square screens', () => {
    const options = (id: string) => site.services.find((s) => s.id === id)!.options?.map((o) => [o.label, o.price]);
    expect(options('trending-7')).toEqual([['Booked before your presale starts', 0], ['Presale already live, per 24 h', 800]]);
    expect(options('trending-8')).toEqual([['24 hours', 500], ['48 hours', 850]]);
    // The brief's video surcharges of 5,400, 15,600 and 26,400 on the 1-, 3- and 7-day packages.
    expect(options('billboards-2')).toEqual([['Still image', 9600], ['Video', 15000]]);
    expect(options('billboards-3')).toEqual([['Still image', 24000], ['Video', 39600]]);
    expect(options('billboards-4')).toEqual([['Still image', 48000], ['Video', 74400]]);
    for (const id of ['trending-7', 'trending-8', 'billboards-2']) expect(site.services.find((s) => s.id === id)!.priceFrom, id).toBe(true);
    // The descriptions no longer repeat the figures the table shows.
    expect(allText()).not.toMatch(/\$850 for 48|\$800 per 24|Video surcharge|adds \$[\d,]+/);
  });

  it('gives search the lowest option\'s price, as a starting price, and finds the options by their labels', () => {
    const record = searchRecords(site).find((r) => r.meta.id === 'trending-8')!;
    expect([record.meta.price, record.meta.priceFrom, record.sort.price]).toEqual(['500', 'true', '500']);
    expect(record.content).toContain('48 hours');
  });

  it('names the wallet-app listing as the charting-site trending spot\'s requirement', () => {
    const charting = site.services.find((s) => s.id === 'trending-3')!;
    expect(charting.requires.map((r) => r.id)).toEqual(['listing-3']);
    expect(charting.related).not.toContain('listing-3');
  });

  it('gives one alternatives page content of its own, reviewed, without claims about the competitor', () => {
    const withContent = site.alternatives.filter((a) => a.content);
    expect(withContent.map((a) => a.slug)).toEqual(['icoda']);
    expect(withContent[0]!.content!.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(source.texts.get('alternatives/icoda.md')).not.toMatch(/ICODA/i);
  });

  it('has the 18 alternatives with proper display names', () => {
    expect(site.alternatives).toHaveLength(18);
    const names = Object.fromEntries(site.alternatives.map((a) => [a.slug, a.name]));
    expect(names).toMatchObject({ icoda: 'ICODA', 'ibc-group': 'IBC Group', 'bdc-consulting': 'BDC Consulting', 'lunar-strategey': 'Lunar Strategy' });
  });
});
