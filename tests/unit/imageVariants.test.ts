// What the build makes of a raster image, planned without sharp or a disk: the sizes for each place the site shows
// it (src/core/images.ts), the formats and names (src/build/images.ts), what the templates get, and which file a
// phone picks from them by the srcset and sizes rules.
import { describe, expect, it } from 'vitest';
import { fallbackSize, IMAGE_USES, imageUses, largestSize, tooSmallFor, variantPath, variantSizes, type ImageUse } from '../../src/core/images.ts';
import { ENCODING, fallbackFormat, planVariants, siteImage, variantKey, type Variant } from '../../src/build/images.ts';
import { findBrokenLinks } from '../../src/build/links.ts';
import { pick, slotWidth } from '../support/srcset.ts';

const photo = { width: 4000, height: 3000 };

describe('the places an image is shown', () => {
  it('follow from its folder', () => {
    expect(imageUses('img/services/a.png')).toEqual(['card', 'page']);
    expect(imageUses('img/clients/a.png')).toEqual(['logo']);
    expect(imageUses('img/icons/a.png')).toEqual(['icon']);
    expect(imageUses('img/other/a.png')).toEqual([]);
  });

  it('are made at the width shown and twice it, and the service page at the widths between for phones', () => {
    expect(IMAGE_USES.card.widths).toEqual([IMAGE_USES.card.shown, IMAGE_USES.card.shown * 2]);
    expect(IMAGE_USES.logo.widths).toEqual([128, 256]);
    expect(IMAGE_USES.icon.widths).toEqual([32, 64]);
    expect(IMAGE_USES.page.widths).toEqual([360, 560, 720, 1120]);
  });
});

describe('variant sizes', () => {
  it('crop a service image to a square for cards and to 5:3 for its page, at each width', () => {
    expect(variantSizes('card', photo)).toEqual([
      { width: 104, height: 104 },
      { width: 208, height: 208 },
    ]);
    expect(variantSizes('page', photo)).toEqual([
      { width: 360, height: 216 },
      { width: 560, height: 336 },
      { width: 720, height: 432 },
      { width: 1120, height: 672 },
    ]);
  });

  it('keep a logo’s and an icon’s own shape', () => {
    expect(variantSizes('logo', { width: 1000, height: 375 })).toEqual([
      { width: 128, height: 48 },
      { width: 256, height: 96 },
    ]);
    expect(variantSizes('icon', { width: 512, height: 256 })).toEqual([
      { width: 32, height: 16 },
      { width: 64, height: 32 },
    ]);
  });

  it('never enlarge: a smaller image gives only the widths it covers, or its own size in the use’s shape', () => {
    expect(variantSizes('page', { width: 800, height: 600 })).toEqual([
      { width: 360, height: 216 },
      { width: 560, height: 336 },
      { width: 720, height: 432 },
    ]);
    // A wide banner is as high as its square crop can be.
    expect(largestSize('card', { width: 400, height: 90 })).toEqual({ width: 90, height: 90 });
    expect(variantSizes('card', { width: 400, height: 90 })).toEqual([{ width: 90, height: 90 }]);
    expect(variantSizes('page', { width: 100, height: 60 })).toEqual([{ width: 100, height: 60 }]);
  });

  it('give the <img> the variant of the width shown, or the narrowest when the image is smaller', () => {
    expect(fallbackSize('page', variantSizes('page', photo))).toEqual({ width: 560, height: 336 });
    expect(fallbackSize('card', variantSizes('card', photo))).toEqual({ width: 104, height: 104 });
    expect(fallbackSize('page', variantSizes('page', { width: 100, height: 60 }))).toEqual({ width: 100, height: 60 });
  });

  it('tell the place an image is too small for: the one that shows it largest', () => {
    expect(tooSmallFor('img/services/a.png', photo)).toBeUndefined();
    expect(tooSmallFor('img/services/a.png', { width: 1120, height: 672 })).toBeUndefined();
    expect(tooSmallFor('img/services/a.png', { width: 100, height: 60 })).toBe('page');
    expect(tooSmallFor('img/services/a.png', { width: 600, height: 300 })).toBe('page'); // 500 × 300 at 5:3
    expect(tooSmallFor('img/clients/a.png', { width: 100, height: 40 })).toBe('logo');
    expect(tooSmallFor('img/icons/a.png', { width: 32, height: 32 })).toBeUndefined();
    expect(tooSmallFor('img/other/a.png', { width: 1, height: 1 })).toBeUndefined();
  });
});

describe('variants', () => {
  it('are AVIF and WebP at every size, and one file in the image’s own format for the <img>', () => {
    const { variants, fallback } = planVariants('card', photo, 'png');
    expect(variants.map((v) => `${v.format} ${v.width}`)).toEqual(['avif 104', 'avif 208', 'webp 104', 'webp 208', 'png 104']);
    expect(fallback).toEqual({ width: 104, height: 104, format: 'png' });
    expect(planVariants('page', photo, 'jpeg').variants).toHaveLength(9);
  });

  it('of a WebP or AVIF image give the <img> the WebP file of the width shown, not a file of its own', () => {
    expect(fallbackFormat('avif')).toBe('webp');
    for (const format of ['webp', 'avif'] as const) {
      const { variants, fallback } = planVariants('card', photo, format);
      expect(variants.map((v) => `${v.format} ${v.width}`)).toEqual(['avif 104', 'avif 208', 'webp 104', 'webp 208']);
      expect(fallback).toBe(variants[2]);
    }
    const webp = siteImage('card', planVariants('card', photo, 'webp'), (v: Variant) => `img/a.${v.width}.${v.format}`);
    expect(webp.src).toBe('/img/a.104.webp');
    expect(webp.sources!.map((s) => s.srcset)).toEqual(['/img/a.104.avif 104w, /img/a.208.avif 208w', '/img/a.104.webp 104w, /img/a.208.webp 208w']);
  });

  it('are named beside their source, by a hash of what they are made of, their width and format', () => {
    expect(variantPath('img/services/listing-1.png', 'AB12CD34', 560, 'avif')).toBe('img/services/listing-1.AB12CD34.560.avif');
    expect(variantPath('img/clients/a.b.jpeg', 'AB12CD34', 128, 'jpg')).toBe('img/clients/a.b.AB12CD34.128.jpg');
  });

  it('are cached under a key that changes with the image, the place and the encoder settings', () => {
    const key = variantKey('source-hash', 'page');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(variantKey('source-hash', 'page')).toBe(key);
    expect(variantKey('other-hash', 'page')).not.toBe(key);
    expect(variantKey('source-hash', 'card')).not.toBe(key);
    expect(ENCODING.version).toBeGreaterThan(0);
  });
});

/** The site image of a 4000 × 3000 PNG for a use, as the build gives the templates. */
const imageFor = (use: ImageUse) => siteImage(use, planVariants(use, photo, 'png'), (v: Variant) => variantPath('img/services/a.png', 'HASH', v.width, v.format === 'jpeg' ? 'jpg' : v.format));

describe('the site image', () => {
  it('is the <img>’s file with its size, and AVIF, then WebP, sources with every width and the sizes', () => {
    expect(imageFor('page')).toEqual({
      src: '/img/services/a.HASH.560.png',
      width: 560,
      height: 336,
      sizes: IMAGE_USES.page.sizes,
      sources: [
        { type: 'image/avif', srcset: '/img/services/a.HASH.360.avif 360w, /img/services/a.HASH.560.avif 560w, /img/services/a.HASH.720.avif 720w, /img/services/a.HASH.1120.avif 1120w' },
        { type: 'image/webp', srcset: '/img/services/a.HASH.360.webp 360w, /img/services/a.HASH.560.webp 560w, /img/services/a.HASH.720.webp 720w, /img/services/a.HASH.1120.webp 1120w' },
      ],
    });
  });
});

describe('a browser’s pick', () => {
  const page = imageFor('page');
  const avif = page.sources![0]!.srcset;
  it('on a 390 px phone: the 1120 px file at 3x, 720 at 2x, 360 at 1x', () => {
    expect(slotWidth(page.sizes!, 390)).toBe(350);
    expect(pick(avif, 350, 3)).toBe('/img/services/a.HASH.1120.avif');
    expect(pick(avif, 350, 2)).toBe('/img/services/a.HASH.720.avif');
    expect(pick(avif, 350, 1)).toBe('/img/services/a.HASH.360.avif');
  });
  it('on a desktop: the 560 px file in the 552 px column, 1120 on a sharp screen', () => {
    expect(slotWidth(page.sizes!, 1440)).toBe(552);
    expect(pick(avif, 552, 1)).toBe('/img/services/a.HASH.560.avif');
    expect(pick(avif, 552, 2)).toBe('/img/services/a.HASH.1120.avif');
    expect(slotWidth(page.sizes!, 1000)).toBe(444); // two columns from 62em
    expect(slotWidth(page.sizes!, 800)).toBe(736); // one, padded 2rem, from 48em
  });
  it('a card: 104 px at 1x, 208 px on any sharper screen', () => {
    const card = imageFor('card');
    expect(pick(card.sources![0]!.srcset, slotWidth(card.sizes!, 390), 1)).toBe('/img/services/a.HASH.104.avif');
    expect(pick(card.sources![0]!.srcset, slotWidth(card.sizes!, 390), 3)).toBe('/img/services/a.HASH.208.avif');
  });
});

describe('the link check', () => {
  it('checks every URL of a srcset', () => {
    const html = '<picture><source type="image/avif" srcSet="/img/a.1.avif 104w, /img/a.2.avif 208w"/><img src="/img/a.png"/></picture>';
    const broken = findBrokenLinks(new Map([['index.html', html]]), new Set(['index.html', 'img/a.1.avif', 'img/a.png']));
    expect(broken.map((b) => b.link)).toEqual(['/img/a.2.avif']);
  });
});
