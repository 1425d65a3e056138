// A link-preview card painted from its parts (cardPainter.ts makes them): its glyphs laid over the frame as
// shades of their colour, then written as a palette PNG. This is what the worker pool runs (socialWorker.ts), so it
// needs neither the font nor sharp.
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from '../client/socialCard.ts';
import { palettePng } from './palettePng.ts';

/** Shades of each text colour on white, from the faintest edge to the full colour; the frame's pictures have the
 *  rest of the palette's 256 colours. */
export const SHADES = 32;

/** A card's pixels as palette indices, row by row, each row after the byte a PNG's row starts with (its filter,
 *  0): the PNG's data as it is deflated (palettePng.ts), with no copy a card. */
export const ROW = SOCIAL_WIDTH + 1;

/** The shade of each glyph coverage (0-255): 0 for none, SHADES for full. */
const SHADE_OF = Uint8Array.from({ length: 256 }, (_, coverage) => Math.round((coverage * SHADES) / 255));

/** A glyph's coverage, one byte a pixel; (left, top) is its top left pixel from the pen on the baseline. */
export interface Mask {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** What the cards of one look are drawn from, made once for all the cards a build draws: the frame's pixels as
 *  palette indices, the palette, and the glyph masks the cards use. */
export interface CardParts {
  indices: Uint8Array;
  palette: number[];
  masks: Mask[];
}

/** The numbers a glyph takes in a card's list of them (Int32Array): its mask (in CardParts.masks), the pixel its
 *  pen position falls in (x, y), and the palette index of its colour's first shade. A build draws 740,000 glyphs
 *  at 10,000 services: as objects they held 300 MB. */
export const GLYPH = 4;

/** Cards as 1200×630 PNGs, in their order: each card's glyphs laid over the frame. */
export function paintCards({ indices, palette, masks }: CardParts, cards: readonly Int32Array[]): Buffer[] {
  const pixels = new Uint8Array(indices.length);
  return cards.map((glyphs) => {
    pixels.set(indices);
    for (let g = 0; g < glyphs.length; g += GLYPH) lay(pixels, masks[glyphs[g]!]!, glyphs[g + 1]!, glyphs[g + 2]!, glyphs[g + 3]!);
    return palettePng(SOCIAL_WIDTH, SOCIAL_HEIGHT, palette, pixels);
  });
}

/** Lays a glyph's mask, its pen in pixel (px, py), over the pixels in the shades of its colour, the first at
 *  `first`: where glyphs of one colour overlap, the darker shade stays. */
export function lay(pixels: Uint8Array, { left, top, width, height, alpha }: Mask, px: number, py: number, first: number): void {
  const x0 = Math.max(0, px + left);
  const x1 = Math.min(SOCIAL_WIDTH, px + left + width);
  for (let row = Math.max(0, -(py + top)); row < height && py + top + row < SOCIAL_HEIGHT; row++) {
    let at = (py + top + row) * ROW + 1 + x0;
    for (let x = x0, m = row * width + x0 - px - left; x < x1; x++, m++, at++) {
      const shade = SHADE_OF[alpha[m]!]!;
      if (shade === 0) continue;
      const index = first + shade - 1;
      const there = pixels[at]!;
      if (there < first || there >= first + SHADES || there < index) pixels[at] = index;
    }
  }
}
