// The link-preview cards: their names, their words in lines, and the words the PNG carries.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardSvg, descriptionOf, drawCard, socialStyle, typesetter, type Typesetter } from '../../src/build/socialImages.ts';
import { socialCardText, socialImagePath } from '../../src/client/socialCard.ts';

const look = { brand: 'Example Agency', host: 'www.example.com', accent: '#6425d0' };
let type: Typesetter;
beforeAll(async () => {
  type = await typesetter();
});

describe('socialImagePath', () => {
  it('names a card by its words and the look, the same in every run', () => {
    const style = socialStyle(look);
    const card = { title: 'Wallet-App Token Listing', detail: 'from $2,500 · Listing' };
    expect(socialImagePath(style, card)).toMatch(/^assets\/social-[A-Z0-9]{8}\.png$/);
    expect(socialImagePath(style, card)).toBe(socialImagePath(socialStyle({ ...look }), { ...card }));
    expect(socialImagePath(style, { ...card, detail: 'from $2,600 · Listing' })).not.toBe(socialImagePath(style, card));
    expect(socialImagePath(socialStyle({ ...look, accent: '#0057b8' }), card)).not.toBe(socialImagePath(style, card));
  });
});

describe('the card', () => {
  it('wraps a long title in at most three lines, the last one cut with an ellipsis', () => {
    const lines = type.wrap('word '.repeat(60).trim(), 700, 56, 1040, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    for (const line of lines) expect(type.run(line, 700, 56).width).toBeLessThanOrEqual(1040);
    expect(type.wrap('Short title', 700, 72, 1040, 3)).toEqual(['Short title']);
  });

  it('leaves out what the font cannot draw (an emoji) rather than drawing a box', () => {
    expect(type.run('Go viral 🚀', 700, 64).glyphs).toHaveLength(type.run('Go viral ', 700, 64).glyphs.length);
  });

  it('is a 1200×630 PNG of at most 100 KB that carries its words', async () => {
    const card = { title: 'A launch week on the city square’s big screen', detail: '2,016 plays of the 15-second spot in seven days' };
    const png = await drawCard(type, look, card);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(png.byteLength).toBeLessThanOrEqual(100_000);
    expect(descriptionOf(png)).toBe(socialCardText(card));
    expect(cardSvg(type, look, card)).toContain('fill="#6425d0"');
  });
});
