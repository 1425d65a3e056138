// A link-preview card painted from its parts (cardPainter.ts makes them): its glyphs laid over the frame as
// shades of their colour, then written as a palette PNG. This is what the worker pool runs (socialWorker.ts), so it
// needs neither the font nor sharp.
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from '../client/socialCard.ts';
import { adler32, changedAdler32, deflatePart, palettePng, pngData } from './palettePng.ts';

/** Shades of each text colour on white, from the faintest edge to the full colour; the frame's pictures have the
 *  rest of the palette's 256 colours. */
export const SHADES = 32;

/** A card's pixels as palette indices, row by row, each row after the byte a PNG's row starts with (its filter,
 *  0): the PNG's data as it is deflated (palettePng.ts), with no copy a card. */
export const ROW = SOCIAL_WIDTH + 1;

/** Rows deflated together: a card's bands its words do not touch are the frame's, deflated once for all the cards
 *  of a task; only the others are deflated for each card (most of a card's rows are the frame's alone). */
const BAND = 16;

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

/** What laying glyphs changed in the pixels, as the Adler-32 sum of a PNG's data needs it (changedAdler32). */
export interface Changes {
  added: number;
  weighted: number;
}

/** Cards as 1200×630 PNGs, in their order: each card's glyphs laid over the frame. */
export function paintCards({ indices, palette, masks }: CardParts, cards: readonly Int32Array[]): Buffer[] {
  const bands = Array.from({ length: Math.ceil(SOCIAL_HEIGHT / BAND) }, (_, band) => deflatePart(indices.subarray(band * BAND * ROW, (band + 1) * BAND * ROW)));
  const frameSum = adler32(indices);
  const pixels = Uint8Array.from(indices);
  const shaded = masks.map(shadedMask);
  return cards.map((glyphs) => {
    const [first, end] = bandsTouched(masks, glyphs);
    const changes: Changes = { added: 0, weighted: 0 };
    for (let g = 0; g < glyphs.length; g += GLYPH) lay(pixels, shaded[glyphs[g]!]!, glyphs[g + 1]!, glyphs[g + 2]!, glyphs[g + 3]!, changes);
    const own = pixels.subarray(first * BAND * ROW, end * BAND * ROW);
    const data = pngData([...bands.slice(0, first), ...(end > first ? [deflatePart(own)] : []), ...bands.slice(end)], changedAdler32(frameSum, changes.added, changes.weighted));
    own.set(indices.subarray(first * BAND * ROW, end * BAND * ROW)); // the frame again, for the next card
    return palettePng(SOCIAL_WIDTH, SOCIAL_HEIGHT, palette, data);
  });
}

/** The first band a card's glyphs touch and the one after the last (the same when it has none). */
function bandsTouched(masks: readonly Mask[], glyphs: Int32Array): [number, number] {
  let top = SOCIAL_HEIGHT;
  let bottom = 0;
  for (let g = 0; g < glyphs.length; g += GLYPH) {
    const mask = masks[glyphs[g]!]!;
    if (mask.height === 0) continue;
    top = Math.min(top, glyphs[g + 2]! + mask.top);
    bottom = Math.max(bottom, glyphs[g + 2]! + mask.top + mask.height);
  }
  top = Math.max(0, top);
  bottom = Math.min(SOCIAL_HEIGHT, bottom);
  return top >= bottom ? [0, 0] : [Math.floor(top / BAND), Math.ceil(bottom / BAND)];
}

/** A mask as it is laid: its coverage as shades (SHADE_OF), and each row's first column with any and the one after
 *  its last (two numbers a row). A mask is half empty, its corners and the insides of its letters. */
export interface ShadedMask {
  left: number;
  top: number;
  width: number;
  height: number;
  shades: Uint8Array;
  spans: Int32Array;
}

export function shadedMask({ left, top, width, height, alpha }: Mask): ShadedMask {
  const shades = alpha.map((coverage) => SHADE_OF[coverage]!);
  const spans = new Int32Array(height * 2);
  for (let row = 0; row < height; row++) {
    let from = 0;
    let to = width;
    while (from < to && shades[row * width + from] === 0) from++;
    while (to > from && shades[row * width + to - 1] === 0) to--;
    spans.set([from, to], row * 2);
  }
  return { left, top, width, height, shades, spans };
}

/** Lays a glyph's mask, its pen in pixel (px, py), over the pixels in the shades of its colour, the first at
 *  `first`: where glyphs of one colour overlap, the darker shade stays. Adds what it changed to `changes`. */
export function lay(pixels: Uint8Array, { left, top, width, height, shades, spans }: ShadedMask, px: number, py: number, first: number, changes?: Changes): void {
  const x = px + left; // the mask's first column in the card
  const end = pixels.length;
  let added = 0;
  let weighted = 0;
  for (let row = Math.max(0, -(py + top)), rows = Math.min(height, SOCIAL_HEIGHT - py - top); row < rows; row++) {
    const pixel = (py + top + row) * ROW + 1 + x; // + the mask's column
    for (let m = Math.max(spans[row * 2]!, -x), to = Math.min(spans[row * 2 + 1]!, SOCIAL_WIDTH - x); m < to; m++) {
      const shade = shades[row * width + m]!;
      if (shade === 0) continue;
      const at = pixel + m;
      const index = first + shade - 1;
      const there = pixels[at]!;
      // Not a shade of this colour (the frame's, another colour's: below `first` too), or a lighter one.
      if (there - first >= SHADES || there < index) {
        pixels[at] = index;
        added += index - there;
        weighted += (end - at) * (index - there);
      }
    }
  }
  if (changes) {
    changes.added += added;
    changes.weighted += weighted;
  }
}
