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

export class Typesetter {
  private readonly face: Face;
  private readonly fonts = new Map<number, Font>();
  private readonly words = new Map<string, ShapedWord>();
  private readonly outlines = new Map<string, Outline>();
  /** One HarfBuzz buffer, emptied for each word: a buffer a word, freed only when V8 collected it, grew
   *  HarfBuzz's memory, which never shrinks, by 200 MB at 10,000 cards. */
  private readonly buffer = new HbBuffer();

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

  /** The words in lines no wider than `width`; a last line that cannot hold the rest ends with an ellipsis. */
  wrap(text: string, weight: number, size: number, width: number, maxLines: number): string[] {
    const lines: string[] = [];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const last = lines.at(-1);
      if (last !== undefined && this.run(`${last} ${word}`, weight, size).width <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= maxLines && lines.every((line) => this.run(line, weight, size).width <= width)) return lines;
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = lines.slice(maxLines - 1).join(' ');
    let last = kept[maxLines - 1]!;
    while (last.length > 1 && this.run(`${last}…`, weight, size).width > width) last = last.includes(' ') ? last.replace(/\s*\S+$/, '') : last.slice(0, -1);
    kept[maxLines - 1] = `${last.replace(/[\s,;:.·–-]+$/, '')}…`;
    return kept;
  }
}
