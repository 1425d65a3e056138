// A PNG of up to 256 colours (colour type 3), written here rather than by sharp: a link-preview card's pixels
// are already indices into its palette (cardPainter.ts), and deflating one byte a pixel took a third of the time
// sharp took to encode three (docs/decisions.md has the figures).
import { constants, crc32, deflateSync } from 'node:zlib';

// Run-length matches only (Z_RLE): a card's rows are runs of one index; 1.25 ms a card against 1.6 ms for level
// 2's usual matching, and 5 % smaller. Such matches reach back one byte, so zlib's default 32 KB window and
// blocks of 16,384 symbols bought nothing: a smaller state, which the allocator no longer maps afresh and unmaps
// for every card, took 6 % less CPU at 1,500 services, and the cards are 6 % smaller (docs/decisions.md).
const DEFLATE = { level: 2, strategy: constants.Z_RLE, windowBits: 13, memLevel: 6 };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The PNG of `rows` (height rows of a 0, the filter "none", then width indices into `palette`, a byte each)
 *  in `palette` (colours as 0xrrggbb, at most 256). */
export function palettePng(width: number, height: number, palette: readonly number[], rows: Uint8Array): Buffer {
  if (palette.length > 256 || rows.length !== height * (width + 1)) throw new Error(`Internal error: a ${width}×${height} PNG of ${rows.length} bytes and ${palette.length} colours`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, indexed colour, deflate, no filter choice, no interlace
  const colours = Buffer.alloc(palette.length * 3);
  palette.forEach((rgb, i) => colours.set([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff], i * 3));
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', colours), chunk('IDAT', deflateSync(rows, DEFLATE)), chunk('IEND', new Uint8Array())]);
}
