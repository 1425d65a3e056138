// The link-preview cards: their names, their words in lines, and the words the PNG carries.
import sharp from 'sharp';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardLines, cardParts, createCardMemo, frameLines, frameSvg, reduceColours, type SocialLook } from '../../src/build/cardPainter.ts';
import { GLYPH, lay, paintCards, shadedMask, type Mask } from '../../src/build/cardPaint.ts';
import { descriptionOf } from '../../src/build/pngText.ts';
import { socialImages, socialStyle } from '../../src/build/socialImages.ts';
import type { SiteFile } from '../../src/build/staging.ts';
import paintTask, { type SocialTask } from '../../src/build/socialWorker.ts';
import { interSfnt, Typesetter } from '../../src/build/typesetter.ts';
import { Workers } from '../../src/build/workers.ts';
import { nameHash, socialCardText, socialImagePath, type SocialCard } from '../../src/client/socialCard.ts';

const look = { brand: 'Example Agency', host: 'www.example.com', accent: '#6425d0' };
let sfnt: Uint8Array;
let type: Typesetter;
beforeAll(async () => {
  sfnt = await interSfnt();
  type = new Typesetter(sfnt);
});

/** The cards' PNGs, as the build draws them (on the main thread). */
async function drawCards({ look, cards }: { look: SocialLook; cards: SocialCard[] }) {
  const { parts, glyphs } = await cardParts(new Typesetter(sfnt), look, cards);
  return paintTask({ parts, cards: cards.map((card, i) => ({ glyphs: glyphs[i]!, text: socialCardText(card) })) });
}

/** A PNG's IDAT data inflated (which checks its Adler-32 sum): its rows as written. */
function idatPixels(png: Buffer): Buffer {
  const data: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(data));
}

describe('nameHash', () => {
  // 64-bit FNV-1a in BigInt arithmetic, as the names were first made: a card keeps its file name.
  const reference = (text: string) => {
    let hash = 0xcbf29ce484222325n;
    for (const byte of new TextEncoder().encode(text)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
    return hash.toString(36).toUpperCase().padStart(8, '0').slice(-8);
  };
  it('is 64-bit FNV-1a of the UTF-8 bytes, as 8 of A-Z and 0-9', () => {
    const texts = ['', 'a', '["abcdef0123456789","Banner on a Chinese coin site","from $2,600 · Listing"]', 'Écrans 🚀 Ω', 'x'.repeat(1000)];
    for (const text of texts) expect(nameHash(text)).toBe(reference(text));
    expect(nameHash('')).toBe('HZJ4UX45');
  });
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
  it('holds its glyphs laid over the frame, pixel for pixel, with the frame’s own rows deflated apart', async () => {
    const cards = [{ title: 'Banner on a Chinese coin site', detail: 'from $2,600 · Listing' }, { title: 'A title long enough to take two lines or even three of them on the card' }];
    const { parts, glyphs } = await cardParts(new Typesetter(sfnt), look, cards);
    const pngs = paintCards(parts, glyphs);
    glyphs.forEach((card, i) => {
      const expected = Uint8Array.from(parts.indices);
      for (let g = 0; g < card.length; g += GLYPH) lay(expected, shadedMask(parts.masks[card[g]!]!), card[g + 1]!, card[g + 2]!, card[g + 3]!);
      expect(idatPixels(pngs[i]!)).toEqual(Buffer.from(expected));
    });
  });

  it('lays a glyph as its shades, the darker where glyphs of one colour overlap, clipped at the card’s edges', () => {
    const SHADES = 32;
    // Each pixel on its own, as the masks are defined: what lay must do however it skips their empty parts.
    const reference = (pixels: Uint8Array, { left, top, width, height, alpha }: Mask, px: number, py: number, first: number) => {
      for (let row = 0; row < height; row++)
        for (let column = 0; column < width; column++) {
          const [x, y] = [px + left + column, py + top + row];
          const shade = Math.round((alpha[row * width + column]! * SHADES) / 255);
          if (x < 0 || x >= 1200 || y < 0 || y >= 630 || shade === 0) continue;
          const at = y * 1201 + 1 + x;
          const there = pixels[at]!;
          if (there < first || there >= first + SHADES || there < first + shade - 1) pixels[at] = first + shade - 1;
        }
    };
    let state = 9;
    const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const masks: Mask[] = Array.from({ length: 12 }, (_, i) => {
      const [width, height] = [5 + i * 3, 8 + i * 2];
      // A ring of coverage with empty corners and an empty middle, as a letter's.
      const alpha = Uint8Array.from({ length: width * height }, (_, p) => (Math.hypot((p % width) - width / 2, Math.floor(p / width) - height / 2) % 6 < 3 ? Math.floor(random() * 256) : 0));
      return { left: -1, top: -height, width, height, alpha };
    });
    const places = [[0, 20], [-10, 300], [1195, 640], [600, 5], [601, 6], [1180, 630], [40, 400]] as const;
    const expected = new Uint8Array(630 * 1201).fill(3);
    const pixels = Uint8Array.from(expected);
    places.forEach(([px, py], i) => {
      for (const [m, first] of [[i, 10], [i + 3, 10], [i + 5, 42]] as const) {
        reference(expected, masks[m]!, px, py, first);
        lay(pixels, shadedMask(masks[m]!), px, py, first);
      }
    });
    expect(Buffer.from(pixels).equals(Buffer.from(expected))).toBe(true);
    expect(pixels.some((value) => value !== 3)).toBe(true);
  });

  it('cuts a brand or an address longer than the card with an ellipsis, on its one line', () => {
    const [brand, host] = frameLines(type, { ...look, brand: 'Astrolift Media '.repeat(30).trim(), host: `${'sub.'.repeat(40)}example.com`, logo: { href: 'data:,', width: 1, height: 1 } });
    for (const line of [brand!, host!]) {
      expect(line.text).toMatch(/…$/);
      expect(line.x + type.run(line.text, line.weight, line.size).width).toBeLessThanOrEqual(1200 - 80);
    }
    expect(frameLines(type, look).map((line) => line.text)).toEqual(['Example Agency', 'www.example.com']);
  });

  it('wraps a long title in at most three lines, the last one cut with an ellipsis', () => {
    const lines = type.wrap('word '.repeat(60).trim(), 700, 56, 1040, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    for (const line of lines) expect(type.run(line, 700, 56).width).toBeLessThanOrEqual(1040);
    expect(type.wrap('Short title', 700, 72, 1040, 3)).toEqual(['Short title']);
  });

  it('breaks a word too wide for a line between its letters, every line within the width', () => {
    const word = 'Kryptowährungsmarketingdienstleistungen';
    const fitsIn = (lines: string[], size: number) => lines.every((line) => typeof line === 'string' && line.length > 0 && type.run(line, 700, size).width <= 1040);
    const lines = type.wrap(`Buy ${word}`, 700, 72, 1040, 3);
    expect(lines[0]).toBe('Buy');
    expect(lines.slice(1).join('')).toBe(word);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(fitsIn(lines, 72)).toBe(true);
    // Longer than three lines: cut with an ellipsis, no line missing (the card's painter reads each one).
    const cut = type.wrap('W'.repeat(400), 700, 52, 1040, 3);
    expect(cut).toHaveLength(3);
    expect(cut[2]).toMatch(/^W+…$/);
    expect(fitsIn(cut, 52)).toBe(true);
    const detail = type.wrap(word.repeat(3), 500, 38, 1040, 1);
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatch(/^Krypto\S+…$/);
    expect(type.run(detail[0]!, 500, 38).width).toBeLessThanOrEqual(1040);
  });

  it('never breaks a letter from its accent', () => {
    const lines = type.wrap('e\u0301'.repeat(300), 700, 72, 1040, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.normalize('NFD')).toMatch(/^(e\u0301)+…?$/);
  });

  it('draws a card whose title or detail is one word wider than the card', async () => {
    const card = { title: 'Kryptowährungsmarketingdienstleistungen', detail: 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2) };
    expect(cardLines(type, look, card).every((line) => type.run(line.text, line.weight, line.size).width <= 1040)).toBe(true);
    const [png] = await drawCards({ look, cards: [card] });
    expect(descriptionOf(png!)).toBe(socialCardText(card));
  });

  it('keeps the frame of the look last drawn only, so that a brand edited again and again in dev holds no more memory', async () => {
    const memo = createCardMemo();
    const card = { title: 'Banner on a Chinese coin site' };
    for (const brand of ['First Agency', 'Second Agency', 'Third Agency']) await cardParts(type, { ...look, brand }, [card], memo);
    expect([...memo.frames.keys()]).toEqual([JSON.stringify({ ...look, brand: 'Third Agency' })]);
  });

  it('leaves out what the font cannot draw (an emoji) rather than drawing a box', () => {
    expect(type.run('Go viral 🚀', 700, 64).glyphs).toHaveLength(type.run('Go viral ', 700, 64).glyphs.length);
  });

  it('is a 1200×630 PNG of at most 100 KB that carries its words', async () => {
    const card = { title: 'A launch week on the city square’s big screen', detail: '2,016 plays of the 15-second spot in seven days' };
    const [png] = await drawCards({ look, cards: [card] });
    const meta = await sharp(png!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(png!.byteLength).toBeLessThanOrEqual(100_000);
    expect(descriptionOf(png!)).toBe(socialCardText(card));
    expect(cardLines(type, look, card).map((line) => line.colour)).toEqual(['#12111c', '#12111c', '#6425d0']);
    expect(frameSvg(look)).toContain('fill="#6425d0"');
  });

  it('is the same, byte for byte, whichever cards it is drawn with and in whatever order', async () => {
    const words = 'premium brand identity workshop token listing billboard campaign press release wallet'.split(' ');
    const cards = Array.from({ length: 40 }, (_, i) => ({ title: Array.from({ length: 3 + (i % 5) }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' '), detail: `from $${i},500 · Listing` }));
    const together = await drawCards({ look, cards });
    const reversed = (await drawCards({ look, cards: [...cards].reverse() })).reverse();
    const alone = await drawCards({ look, cards: [cards[17]!] });
    expect(reversed.map((png) => Buffer.from(png).toString('base64'))).toEqual(together.map((png) => Buffer.from(png).toString('base64')));
    expect(Buffer.from(alone[0]!).equals(Buffer.from(together[17]!))).toBe(true);
  });

  it('draws the words where the layout puts them, in their colours', async () => {
    const card = { title: 'Token listing', detail: 'from $2,500' };
    const [png] = await drawCards({ look, cards: [card] });
    const { data, info } = await sharp(png!).raw().toBuffer({ resolveWithObject: true });
    const [title, detail] = cardLines(type, look, card);
    const darkest = (line: typeof title, width: number) => {
      let best = [255, 255, 255];
      for (let y = line!.y - line!.size * 0.7; y < line!.y; y++)
        for (let x = line!.x; x < line!.x + width; x++) {
          const at = (Math.round(y) * info.width + x) * info.channels;
          if (data[at]! + data[at + 1]! + data[at + 2]! < best[0]! + best[1]! + best[2]!) best = [data[at]!, data[at + 1]!, data[at + 2]!];
        }
      return best;
    };
    expect(darkest(title, type.run(title!.text, 700, title!.size).width)).toEqual([0x12, 0x11, 0x1c]);
    expect(darkest(detail, type.run(detail!.text, 500, detail!.size).width)).toEqual([0x64, 0x25, 0xd0]);
    // Nothing drawn right of the title's last glyph on its line.
    const end = title!.x + Math.ceil(type.run(title!.text, 700, title!.size).width) + 4;
    expect(darkest({ ...title!, x: end }, 200)).toEqual([255, 255, 255]);
  });
});

describe('the cards of a build without the cache', () => {
  it('go into the new site’s folder as they are drawn: the build holds none of their bytes', async () => {
    const cards = [
      { title: 'Billboard week', detail: 'from $1,500 · Billboards' },
      { title: 'Press release', detail: 'from $900 · Press releases' },
    ];
    const one = new Workers(1);
    const held = await socialImages(look, cards, one, createCardMemo());
    const written = new Map<string, SiteFile>();
    const staging = { dir: '/new-site', write: async (path: string, file: SiteFile) => void written.set(path, file) };
    const staged = await socialImages(look, cards, one, createCardMemo(), undefined, staging);
    expect(staged.drawn).toBe(2);
    expect([...staged.files.keys()]).toEqual([...held.files.keys()]);
    for (const [path, file] of held.files) {
      expect(staged.files.get(path)).toEqual({ copyFrom: `/new-site/${path}` });
      expect(written.get(path)).toEqual(file);
    }
  });
});

describe('the cards of a large site', () => {
  it('go to the pool a batch at a time, each sent before the next is typeset, the same as drawn at once', async () => {
    // The last batch's titles hold letters no earlier card has: their masks come only when it is typeset.
    const cards = Array.from({ length: 250 }, (_, i) => ({ title: i < 200 ? `Banner ${i}` : `Quiz ${i}`, detail: 'from $900 · Banners' }));
    const memo = createCardMemo();
    const sent: { cards: number; masksThen: number; task: SocialTask }[] = [];
    const pool = {
      size: 2,
      worth: () => true,
      run: async (_name: string, task: SocialTask) => {
        sent.push({ cards: task.cards.length, masksThen: memo.masks.size, task });
        return paintTask(task);
      },
    } as unknown as Workers;
    const { files } = await socialImages(look, cards, pool, memo);
    expect(sent.map((s) => s.cards)).toEqual([100, 100, 50]);
    expect(sent[0]!.masksThen).toBeLessThan(memo.masks.size);
    const atOnce = await drawCards({ look, cards });
    expect([...files.values()].map((file) => Buffer.from((file as { content: Uint8Array }).content))).toEqual(atOnce.map((png) => Buffer.from(png)));
  });
});

describe('the frame’s colours', () => {
  it('keeps the most frequent and moves every other pixel to the nearest of them', () => {
    // A ground, a band, and a gradient of 300 greys a pixel each, as a photographed logo might have.
    const pixels = Uint32Array.from([...Array(1000).fill(0xffffff), ...Array(500).fill(0x6425d0), ...Array.from({ length: 300 }, (_, i) => Math.floor((i * 255) / 299) * 0x010101)]);
    const kept = reduceColours(pixels, 10);
    expect(kept).toHaveLength(10);
    expect(kept.slice(0, 2)).toEqual([0xffffff, 0x6425d0]);
    expect(new Set(pixels).size).toBeLessThanOrEqual(10);
    expect([...pixels].every((rgb) => kept.includes(rgb))).toBe(true);
    // A grey near white became white, not the band's purple.
    expect(pixels[1500 + 299]).toBe(0xffffff);
  });

  it('leaves a frame that has room as it is', () => {
    const pixels = Uint32Array.from([0xffffff, 0xffffff, 0x000000]);
    expect(reduceColours(pixels, 160)).toEqual([0xffffff, 0x000000]);
    expect([...pixels]).toEqual([0xffffff, 0xffffff, 0x000000]);
  });

  it('draws a card with a photograph for a logo as a PNG of at most 256 colours', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 256)), { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
    const withLogo = { ...look, logo: { href: `data:image/png;base64,${noise.toString('base64')}`, width: 64, height: 64 } };
    const [png] = await drawCards({ look: withLogo, cards: [{ title: 'Token listing' }] });
    const meta = await sharp(png!).metadata();
    expect([meta.format, meta.width, meta.height, meta.isPalette]).toEqual(['png', 1200, 630, true]);
    expect(png!.byteLength).toBeLessThanOrEqual(100_000);
  });
});

