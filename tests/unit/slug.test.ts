import { describe, expect, it } from 'vitest';
import { lookAlikes, serviceSlug, slugify } from '../../src/core/slug.ts';

// One vector per part of the rule in PRODUCT.md, then the "in that spirit" extras.
const vectors: [rule: string, name: string, slug: string][] = [
  ['lowercase', 'Listing', 'listing'],
  ['spaces become hyphens', 'Fast Track Listing', 'fast-track-listing'],
  ['square brackets removed', '[Promo] Banner', 'promo-banner'],
  ['round brackets removed', 'Banner (Wide Header)', 'banner-wide-header'],
  ['double quotes removed', 'The "Best" Slot', 'the-best-slot'],
  ["single quotes removed", "Editor's Pick", 'editors-pick'],
  ['commas removed', 'Stickers, Animated', 'stickers-animated'],
  ['plus removed', 'PR+Article', 'prarticle'],
  ['at sign removed', 'Post @Home', 'post-home'],
  ['underscore removed', 'my_token launch', 'mytoken-launch'],
  ['hash removed', 'Top #1 Spot', 'top-1-spot'],
  ['dollar removed', '$PEPE Promo', 'pepe-promo'],
  ['percent removed', '50% Upfront', '50-upfront'],
  ['ampersand becomes and', 'Press & PR', 'press-and-pr'],
  ['ampersand without spaces', 'R&D', 'r-and-d'],
  ['dot becomes hyphen', 'Web3.0 Launch', 'web3-0-launch'],
  ['slash becomes hyphen', 'Banner/Header', 'banner-header'],
  ['runs of hyphens collapse', 'Top 1 -- 10', 'top-1-10'],
  ['no leading or trailing hyphen', ' (Premium) Listing. ', 'premium-listing'],
  ['accents folded', 'Café Crème', 'cafe-creme'],
  ['emoji and other symbols dropped', 'Go Viral 🚀!', 'go-viral'],
  ['digits kept', 'Website 5 Pages', 'website-5-pages'],
];

describe('slugify', () => {
  it.each(vectors)('%s: %j → %j', (_rule, name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always yields a clean URL segment', () => {
    for (const [, name] of vectors) expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('look-alike letters', () => {
  it('are found in a Latin name, with the Latin letter they pass for', () => {
    expect(lookAlikes('Pаid Listing')).toEqual([{ letter: 'а', codePoint: 'U+0430', latin: 'a' }]);
    expect(lookAlikes('Τop Ρromo')).toEqual([
      { letter: 'Τ', codePoint: 'U+03A4', latin: 'T' },
      { letter: 'Ρ', codePoint: 'U+03A1', latin: 'P' },
    ]);
  });
  it('are not reported in a name written wholly in another alphabet', () => expect(lookAlikes('Реклама')).toEqual([]));
  it('are not reported in a plain Latin name', () => expect(lookAlikes('Paid Listing')).toEqual([]));
});

describe('serviceSlug', () => {
  it('is the service\'s own slug when it has one, else the rule applied to its name', () => {
    expect(serviceSlug({ name: '中文营销推广', slug: 'chinese-marketing' })).toBe('chinese-marketing');
    expect(serviceSlug({ name: 'Fast Track' })).toBe('fast-track');
  });
});
