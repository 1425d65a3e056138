// What a maintainer reads of an image libvips could not decode (src/catalogue/load.ts decodeComplaint).
import { describe, expect, it } from 'vitest';
import { decodeComplaint } from '../../src/catalogue/load.ts';

describe('decodeComplaint', () => {
  it("keeps libvips' words and drops sharp's note on how it was called", () => {
    // The example's listing-2.png cut in half gave this, now and then, as the whole of the message.
    expect(decodeComplaint('Warning treated as error due to failOn setting\nvipspng: libpng read error')).toBe('vipspng: libpng read error');
    expect(decodeComplaint('VipsJpeg: premature end of JPEG image (Warning treated as error due to failOn setting)')).toBe('VipsJpeg: premature end of JPEG image');
    expect(decodeComplaint('VipsJpeg: Corrupt JPEG data: bad Huffman code.')).toBe('VipsJpeg: Corrupt JPEG data: bad Huffman code');
  });

  it('says sharp gave no reason when nothing else is left', () => {
    expect(decodeComplaint('Warning treated as error due to failOn setting')).toBe('sharp gave no reason');
    expect(decodeComplaint('')).toBe('sharp gave no reason');
  });
});
