// A PNG of up to 256 colours (colour type 3), written here rather than by sharp: a link-preview card's pixels
// are already indices into its palette (cardPainter.ts), and deflating one byte a pixel took a third of the time
// sharp took to encode three (docs/decisions.md has the figures).
import { constants, crc32, deflateRawSync } from 'node:zlib';

// Run-length matches only (Z_RLE): a card's rows are runs of one index; 1.25 ms a card against 1.6 ms for level
// 2's usual matching, and 5 % smaller. Such matches reach back one byte, so zlib's default 32 KB window and
// blocks of 16,384 symbols bought nothing: a smaller state, which the allocator no longer maps afresh and unmaps
// for every card, took 6 % less CPU at 1,500 services, and the cards are 6 % smaller (docs/decisions.md).
// Each part ends on a whole byte, its last block not marked last (a sync flush), so that parts deflated apart
// join into one stream: a match reaching back one byte never crosses from one part into the next.
const DEFLATE = { level: 2, strategy: constants.Z_RLE, windowBits: 13, memLevel: 6, finishFlush: constants.Z_SYNC_FLUSH };

/** Rows deflated on their own, to be joined with others into a PNG's data (pngData). */
export const deflatePart = (rows: Uint8Array): Buffer => deflateRawSync(rows, DEFLATE);

const ADLER_BASE = 65521;

/** The Adler-32 sum a zlib stream ends with, of `bytes`. */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; ) {
    // 5,552 bytes at most between reductions: b stays below 2^53.
    for (const stop = Math.min(bytes.length, i + 5552); i < stop; i++) b += a += bytes[i]!;
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return b * 65536 + a;
}

/** The Adler-32 sum of bytes whose sum was `sum` before some of them changed: `added` is the sum of the changes
 *  (new value less old), `weighted` the sum of each change times the number of bytes from its own to the end. */
export function changedAdler32(sum: number, added: number, weighted: number): number {
  const mod = (n: number) => ((n % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  return mod(Math.floor(sum / 65536) + weighted) * 65536 + mod((sum % 65536) + added);
}

// A zlib stream's first two bytes: deflate, a 32 KB window at most, no dictionary (its check bits make 0x7801 a
// multiple of 31); and its last block, empty and marked last (fixed codes: the end-of-block code alone).
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** A PNG's data (its IDAT) from parts deflated apart (deflatePart), in order, with the Adler-32 sum of the rows. */
export function pngData(parts: readonly Uint8Array[], adler: number): Buffer {
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(adler);
  return Buffer.concat([ZLIB_HEADER, ...parts, LAST_BLOCK, sum]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The PNG of `data` (pngData: height rows of a 0, the filter "none", then width indices into `palette`, a byte
 *  each) in `palette` (colours as 0xrrggbb, at most 256). */
export function palettePng(width: number, height: number, palette: readonly number[], data: Uint8Array): Buffer {
  if (palette.length > 256) throw new Error(`Internal error: a ${width}×${height} PNG of ${palette.length} colours`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, indexed colour, deflate, no filter choice, no interlace
  const colours = Buffer.alloc(palette.length * 3);
  palette.forEach((rgb, i) => colours.set([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff], i * 3));
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', colours), chunk('IDAT', data), chunk('IEND', new Uint8Array())]);
}
