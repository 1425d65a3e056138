// A card's PNG data made of parts deflated apart (the frame's bands once, the card's own rows each time), and its
// Adler-32 sum worked out from what changed: what a decoder checks.
import sharp from 'sharp';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, changedAdler32, deflatePart, palettePng, pngData } from '../../src/build/palettePng.ts';

/** Bytes that look like rows of a card: runs of a few indices, and a stretch of noise. */
function rows(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = i % 1000 < 700 ? Math.floor(i / 97) % 4 : state >>> 24;
  }
  return bytes;
}

/** zlib's own sum: the last four bytes of its stream. */
const zlibAdler = (bytes: Uint8Array) => deflateSync(bytes).readUInt32BE(deflateSync(bytes).length - 4);

describe('adler32', () => {
  it('is zlib’s sum, for nothing, one byte and more bytes than go between two reductions', () => {
    for (const bytes of [new Uint8Array(), Uint8Array.of(255), new Uint8Array(20_000).fill(255), rows(50_000, 7)]) expect(adler32(bytes)).toBe(zlibAdler(bytes));
  });
});

describe('changedAdler32', () => {
  it('is the sum of the changed bytes, from the sum before and each change with its distance to the end', () => {
    const before = rows(40_000, 3);
    const after = Uint8Array.from(before);
    let added = 0;
    let weighted = 0;
    for (const at of [0, 1, 999, 20_000, 39_998, 39_999]) {
      for (const value of [0, 255, 17]) {
        const change = value - after[at]!;
        after[at] = value;
        added += change;
        weighted += (after.length - at) * change;
      }
    }
    expect(changedAdler32(adler32(before), added, weighted)).toBe(adler32(after));
    expect(changedAdler32(adler32(before), 0, 0)).toBe(adler32(before));
  });
});

describe('pngData', () => {
  it('joins parts deflated apart into one stream a decoder reads back whole and checks', () => {
    const bytes = rows(3 * 1201 * 16, 11);
    const parts = [bytes.subarray(0, 1201 * 16), bytes.subarray(1201 * 16, 1201 * 40), bytes.subarray(1201 * 40)].map(deflatePart);
    expect(inflateSync(pngData(parts, adler32(bytes)))).toEqual(Buffer.from(bytes));
    expect(() => inflateSync(pngData(parts, (adler32(bytes) ^ 1) >>> 0))).toThrow(/incorrect data check/);
  });

  it('makes a PNG an image decoder reads, pixel for pixel', async () => {
    const width = 40;
    const height = 30;
    const indices = rows(height * (width + 1), 5).map((value, i) => (i % (width + 1) === 0 ? 0 : value % 3));
    const palette = [0xffffff, 0x6425d0, 0x12111c];
    const png = palettePng(width, height, palette, pngData([indices.subarray(0, 10 * 41), indices.subarray(10 * 41)].map(deflatePart), adler32(indices)));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([width, height, 3]);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const rgb = palette[indices[y * (width + 1) + 1 + x]!]!;
        expect([...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)]).toEqual([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff]);
      }
  });
});
