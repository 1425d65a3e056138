// The words a link-preview card says, carried in its PNG (an iTXt chunk named "Description"), for a machine to
// read: the tests compare them with the page's.
import { crc32 } from 'node:zlib';

/** The PNG with its words in an iTXt chunk ("Description"), after the header. */
export function withDescription(png: Uint8Array, text: string): Uint8Array {
  const encoder = new TextEncoder();
  const data = Buffer.concat([encoder.encode('Description'), Buffer.from([0, 0, 0, 0, 0]), encoder.encode(text)]);
  const type = encoder.encode('iTXt');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.set(type, 4);
  chunk.set(data, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  // The signature (8 bytes) and IHDR (25) come first.
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** The words a card's PNG carries (withDescription), or undefined. */
export function descriptionOf(png: Uint8Array): string | undefined {
  const bytes = Buffer.from(png);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'iTXt') {
      const data = bytes.subarray(at + 8, at + 8 + length);
      if (data.toString('latin1', 0, 12) === 'Description\0') return new TextDecoder().decode(data.subarray(16));
    }
    at += 12 + length;
  }
  return undefined;
}
