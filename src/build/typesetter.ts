// The link-preview cards' type (socialImages.ts): Inter at two weights, shaped by HarfBuzz, so that a card is the
// same on every machine whatever fonts it has. A line is shaped a word at a time: a card's words repeat from card
// to card, and wrapping a title measures its words again for every line it tries.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import fontverter from 'fontverter';
import { Blob as HbBlob, Buffer as HbBuffer, Face, Font, Variation, shape } from 'harfbuzzjs';

const require = createRequire(import.meta.url);
const INTER = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');

/** The bundled Inter as TrueType (converted from its WOFF2: HarfBuzz reads TrueType). */
export const interSfnt = async (): Promise<Uint8Array> => fontverter.convert(readFileSync(INTER), 'sfnt');

/** A glyph placed on a line: its id, and its pen position from the line's start, in pixels. */
export interface PlacedGlyph {
  id: number;
  x: number;
}

/** A glyph's outline in font units (y up), as HarfBuzz gives it. */
export type Outline = { type: string; values: number[] }[];

interface ShapedWord {
  glyphs: { id: number; x: number }[];
  advance: number;
}

/** No letter of Inter is narrower than this, in ems: a line of a given width holds fewer letters than its width
 *  over this advance. */
const MIN_ADVANCE_EM = 0.1;

export class Typesetter {
  private readonly face: Face;
  private readonly fonts = new Map<number, Font>();
  private readonly words = new Map<string, ShapedWord>();
  private readonly outlines = new Map<string, Outline>();
  /** One HarfBuzz buffer, emptied for each word: a buffer a word, freed only when V8 collected it, grew
   *  HarfBuzz's memory, which never shrinks, by 200 MB at 10,000 cards. */
  private readonly buffer = new HbBuffer();
  private readonly segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

  constructor(sfnt: Uint8Array) {
    this.face = new Face(new HbBlob(sfnt));
  }

  get upem(): number {
    return this.face.upem;
  }

  private font(weight: number): Font {
    let font = this.fonts.get(weight);
    if (!font) {
      font = new Font(this.face);
      font.setVariations([new Variation('wght', weight)]);
      this.fonts.set(weight, font);
    }
    return font;
  }

  /** A word (or the space) shaped, in font units; glyphs the font lacks, such as emoji, left out. */
  private word(text: string, weight: number): ShapedWord {
    const key = `${weight}:${text}`;
    const known = this.words.get(key);
    if (known) return known;
    const buffer = this.buffer;
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(this.font(weight), buffer);
    let pen = 0;
    const glyphs: ShapedWord['glyphs'] = [];
    for (const g of buffer.getGlyphInfosAndPositions()) {
      if (g.codepoint !== 0) glyphs.push({ id: g.codepoint, x: pen + (g.xOffset ?? 0) });
      pen += g.codepoint === 0 ? 0 : (g.xAdvance ?? 0);
    }
    const shaped = { glyphs, advance: pen };
    this.words.set(key, shaped);
    return shaped;
  }

  /** The glyphs of a line of text and its width at `size`, in pixels. */
  run(text: string, weight: number, size: number): { glyphs: PlacedGlyph[]; width: number } {
    const scale = size / this.face.upem;
    const space = this.word(' ', weight).advance;
    const glyphs: PlacedGlyph[] = [];
    let pen = 0;
    text.split(' ').forEach((part, i) => {
      if (i > 0) pen += space;
      const word = this.word(part, weight);
      for (const g of word.glyphs) glyphs.push({ id: g.id, x: (pen + g.x) * scale });
      pen += word.advance;
    });
    return { glyphs, width: pen * scale };
  }

  /** A glyph's outline at a weight (font units). */
  outline(id: number, weight: number): Outline {
    const key = `${weight}:${id}`;
    let outline = this.outlines.get(key);
    if (outline === undefined) this.outlines.set(key, (outline = this.font(weight).glyphToJson(id)));
    return outline;
  }

  /** The words in lines no wider than `width`; a word wider than a line alone is broken between its letters (a
   *  long compound, a run of letters), the line after going on with it. A last line that cannot hold the rest
   *  ends with an ellipsis. */
  wrap(text: string, weight: number, size: number, width: number, maxLines: number): string[] {
    const fits = (line: string) => this.run(line, weight, size).width <= width;
    const lines: string[] = [];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      if (lines.length > maxLines) break; // the rest is cut off anyway
      const last = lines.at(-1);
      if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`;
      else if (fits(word)) lines.push(word);
      else lines.push(...this.brokenWord(word, fits, Math.ceil(width / (size * MIN_ADVANCE_EM)), maxLines + 1 - lines.length));
    }
    if (lines.length <= maxLines) return lines;
    // The last line kept, less what makes room for the ellipsis: its last words, or its last letters.
    let last = lines[maxLines - 1]!;
    while (last.length > 1 && !fits(`${last}…`)) last = last.includes(' ') ? last.replace(/\s*\S+$/, '') : this.graphemes(last).slice(0, -1).join('');
    return [...lines.slice(0, maxLines - 1), `${last.replace(/[\s,;:.·–-]+$/, '')}…`];
  }

  /** A word too wide for a line, in pieces that each fit, broken between grapheme clusters (never inside a
   *  letter with its accents): each piece the most of what is left that fits, found by halving, and at most
   *  `most` graphemes each (more than a line can hold); no more than `count` pieces. */
  private brokenWord(word: string, fits: (line: string) => boolean, most: number, count: number): string[] {
    const graphemes = this.graphemes(word);
    const pieces: string[] = [];
    for (let from = 0; from < graphemes.length && pieces.length < count; ) {
      let [low, high] = [from + 1, Math.min(graphemes.length, from + most)];
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (fits(graphemes.slice(from, middle).join(''))) low = middle;
        else high = middle - 1;
      }
      pieces.push(graphemes.slice(from, low).join(''));
      from = low;
    }
    return pieces;
  }

  private graphemes(text: string): string[] {
    return Array.from(this.segmenter.segment(text), (part) => part.segment);
  }
}
