// How a link-preview card is made ready to paint (socialImages.ts has what it shows, cardPaint.ts paints it). What
// every card of a site shares (the white ground, the accent band, the logo, the brand and the address) is
// rasterised once, by librsvg through sharp, and reduced to a palette; each glyph is filled once per size and
// quarter-pixel offset into a mask (glyphRaster.ts); each card's words become a list of glyphs to lay, in shades of
// their colour the palette holds. Filling every card's outlines with librsvg and encoding it with sharp took 40 ms
// a card (docs/decisions.md has the figures).
import sharp from 'sharp';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH, type SocialCard } from '../client/socialCard.ts';
import { GLYPH, lay, ROW, shadedMask, SHADES, type CardParts, type Mask } from './cardPaint.ts';
import { glyphCoverage } from './glyphRaster.ts';
import type { Typesetter } from './typesetter.ts';

/** The site's look, as every card shows it. */
export interface SocialLook {
  brand: string;
  /** The site's address without the scheme, e.g. www.example.com. */
  host: string;
  /** The theme's accent colour in light mode (#rrggbb): checked for 4.5:1 on white. */
  accent: string;
  /** The logo as an image the SVG can embed (a data: URL), and its size; none when the theme has no logo. */
  logo?: { href: string; width: number; height: number };
}

const INK = '#12111c';
const MUTED = '#4d4b61';
const MARGIN = 80;
const TEXT_WIDTH = SOCIAL_WIDTH - 2 * MARGIN;
const LOGO_HEIGHT = 56;
/** Positions a glyph can take within a pixel: a quarter of a pixel is finer than the eye tells at these sizes. */
const PHASES = 4;
/** A line of a card's own words, its baseline's left end at (x, y), in a colour (#rrggbb). */
export interface TextLine {
  text: string;
  weight: number;
  size: number;
  x: number;
  y: number;
  colour: string;
}

/** Where a card's title (as large as fits in three lines) and detail line go. */
export function cardLines(type: Typesetter, look: SocialLook, card: SocialCard): TextLine[] {
  const [size, lines] = ([72, 64, 56] as const).map((s) => [s, type.wrap(card.title, 700, s, TEXT_WIDTH, 3)] as const).find(([, l]) => l.length <= 2) ?? [52, type.wrap(card.title, 700, 52, TEXT_WIDTH, 3)];
  const lineHeight = Math.round(size * 1.15);
  const detailSize = 38;
  const blockHeight = lines.length * lineHeight + (card.detail ? detailSize * 1.6 : 0);
  const top = Math.round((SOCIAL_HEIGHT - blockHeight) / 2 + size * 0.85);
  const title = lines.map((text, i) => ({ text, weight: 700, size, x: MARGIN, y: top + i * lineHeight, colour: INK }));
  if (!card.detail) return title;
  const y = top + (lines.length - 1) * lineHeight + Math.round(detailSize * 1.6);
  return [...title, { text: type.wrap(card.detail, 500, detailSize, TEXT_WIDTH, 1)[0]!, weight: 500, size: detailSize, x: MARGIN, y, colour: look.accent }];
}

/** Where a card's brand name (beside the logo) and the site's address go, each on one line, cut with an ellipsis
 *  where it is longer than the card is wide (a 500-character brand ran off the card). */
export function frameLines(type: Typesetter, look: SocialLook): TextLine[] {
  const brandX = look.logo ? MARGIN + logoWidth(look.logo) + 20 : MARGIN;
  return [
    { text: type.wrap(look.brand, 700, 36, SOCIAL_WIDTH - MARGIN - brandX, 1)[0]!, weight: 700, size: 36, x: brandX, y: MARGIN + 26, colour: INK },
    { text: type.wrap(look.host, 500, 28, TEXT_WIDTH, 1)[0]!, weight: 500, size: 28, x: MARGIN, y: SOCIAL_HEIGHT - 56, colour: MUTED },
  ];
}

const logoWidth = (logo: NonNullable<SocialLook['logo']>) => Math.round((LOGO_HEIGHT * logo.width) / logo.height);

/** The SVG of the pictures every card shares: the ground, the accent band and the logo. */
export function frameSvg(look: SocialLook): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" viewBox="0 0 ${SOCIAL_WIDTH} ${SOCIAL_HEIGHT}">`,
    `<rect width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" fill="#ffffff"/>`,
    `<rect y="${SOCIAL_HEIGHT - 16}" width="${SOCIAL_WIDTH}" height="16" fill="${look.accent}"/>`,
    look.logo ? `<image href="${look.logo.href}" x="${MARGIN}" y="${MARGIN - 16}" height="${LOGO_HEIGHT}" width="${logoWidth(look.logo)}"/>` : '',
    '</svg>',
  ].join('');
}

/** A glyph to draw: its mask's key, and the pixel its pen position falls in. */
interface Stamp {
  key: string;
  id: number;
  weight: number;
  size: number;
  phase: number;
  px: number;
  py: number;
  /** Its colour's place in the look's text colours (textColours). */
  slot: number;
}

/** What every card shares, as palette indices in rows of ROW, and the palette: the frame's colours, then
 *  SHADES shades of each text colour in turn, from `firstShade` on. */
export interface Frame {
  indices: Uint8Array;
  palette: number[];
  firstShade: number;
}

/** A text colour (#rrggbb) at each shade over white, as 0xrrggbb. */
function shadesOf(colour: string): number[] {
  const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return Array.from({ length: SHADES }, (_, i) => {
    const a = (i + 1) / SHADES;
    return rgb.reduce((sum, c) => (sum << 8) | Math.round(255 + (c - 255) * a), 0);
  });
}

/** The frame's SVG rasterised and indexed, its colours reduced to those the text leaves (reduceColours). */
async function indexedFrame(svg: string, textColours: readonly string[]): Promise<Frame> {
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint32Array(SOCIAL_WIDTH * SOCIAL_HEIGHT);
  for (let p = 0, at = 0; p < pixels.length; p++, at += info.channels) pixels[p] = (data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!;
  const palette = reduceColours(pixels, 256 - textColours.length * SHADES);
  const indexOf = new Map(palette.map((rgb, i) => [rgb, i]));
  const indices = new Uint8Array(SOCIAL_HEIGHT * ROW);
  // Most of the frame is runs of one colour: the last pixel's index answers most lookups.
  for (let p = 0, last = -1, index = 0; p < pixels.length; p++) {
    if (pixels[p] !== last) index = indexOf.get((last = pixels[p]!))!;
    indices[Math.floor(p / SOCIAL_WIDTH) + 1 + p] = index;
  }
  const firstShade = palette.length;
  for (const colour of textColours) palette.push(...shadesOf(colour));
  return { indices, palette, firstShade };
}

/**
 * The colours of `pixels` (0xrrggbb), at most `most` of them: the most frequent, each other pixel changed in
 * place to the nearest of those. The ground and the band are two colours; only a logo with many, a photograph,
 * loses some, and at 56 pixels high the eye does not miss them.
 */
export function reduceColours(pixels: Uint32Array, most: number): number[] {
  const counts = new Map<number, number>();
  for (let p = 0, last = -1, run = 0; p <= pixels.length; p++, run++) {
    if (p < pixels.length && pixels[p] === last) continue;
    if (last !== -1) counts.set(last, (counts.get(last) ?? 0) + run);
    last = pixels[p] ?? -1;
    run = 0;
  }
  const kept = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, most).map(([rgb]) => rgb);
  if (kept.length === counts.size) return kept;
  const distance = (a: number, b: number) => ((a >> 16) - (b >> 16)) ** 2 + (((a >> 8) & 0xff) - ((b >> 8) & 0xff)) ** 2 + ((a & 0xff) - (b & 0xff)) ** 2;
  const nearest = new Map(kept.map((rgb) => [rgb, rgb]));
  for (const rgb of counts.keys()) if (!nearest.has(rgb)) nearest.set(rgb, kept.reduce((best, k) => (distance(rgb, k) < distance(rgb, best) ? k : best)));
  pixels.forEach((rgb, p) => (pixels[p] = nearest.get(rgb)!));
  return kept;
}

/** What drawing cards made that later cards can use again, kept by the build's cache for the next rebuild (dev):
 *  the glyph masks by key, and the frame of the look last drawn, its brand and address laid, by the look. */
export interface CardMemo {
  masks: Map<string, Mask>;
  frames: Map<string, Promise<Frame>>;
}

export const createCardMemo = (): CardMemo => ({ masks: new Map(), frames: new Map() });

/** The parts of these cards, and each card's glyphs (GLYPH numbers each), on the main thread: paintCards then
 *  needs neither the font nor sharp. */
export async function cardParts(type: Typesetter, look: SocialLook, cards: readonly SocialCard[], memo: CardMemo = createCardMemo()): Promise<{ parts: CardParts; glyphs: Int32Array[] }> {
  const lookKey = JSON.stringify(look);
  const framed = memo.frames.get(lookKey) ?? framedLook(type, look, memo.masks);
  // A site has one look: the frames of the looks before it (a brand edited in dev, 0.7 MB each) go.
  memo.frames.clear();
  memo.frames.set(lookKey, framed);
  const colours = textColours(look);
  const { index, needed, glyphs } = numberGlyphs(cards, (card) => cardLines(type, look, card).flatMap((line) => stampsOf(type, line, colours)));
  addMasks(type, needed, memo.masks);
  const frame = await framed.catch((error: unknown) => {
    memo.frames.delete(lookKey);
    throw error;
  });
  // The glyphs' colours become their first shades, now that the frame's palette is known.
  for (const card of glyphs) for (let g = 3; g < card.length; g += GLYPH) card[g] = frame.firstShade + card[g]! * SHADES;
  return { parts: { indices: frame.indices, palette: frame.palette, masks: [...index.keys()].map((key) => memo.masks.get(key)!) }, glyphs };
}

/** The colours a card's words are in. */
const textColours = (look: SocialLook) => [INK, MUTED, look.accent];

/** Each card's glyphs as numbers (their colour as its place in textColours for now), with the masks
 *  they use numbered in order of first use, and one glyph of each mask. */
function numberGlyphs(cards: readonly SocialCard[], stampsOf: (card: SocialCard) => Stamp[]): { index: Map<string, number>; needed: Stamp[]; glyphs: Int32Array[] } {
  const index = new Map<string, number>();
  const needed: Stamp[] = [];
  const glyphs = cards.map((card) => {
    const stamps = stampsOf(card);
    const numbers = new Int32Array(stamps.length * GLYPH);
    stamps.forEach((stamp, i) => {
      let mask = index.get(stamp.key);
      if (mask === undefined) index.set(stamp.key, (mask = needed.push(stamp) - 1));
      numbers.set([mask, stamp.px, stamp.py, stamp.slot], i * GLYPH);
    });
    return numbers;
  });
  return { index, needed, glyphs };
}

/** The look's frame, indexed, with the brand's name and the address laid over it. */
async function framedLook(type: Typesetter, look: SocialLook, masks: Map<string, Mask>): Promise<Frame> {
  const colours = textColours(look);
  const stamps = frameLines(type, look).flatMap((line) => stampsOf(type, line, colours));
  addMasks(type, stamps, masks);
  const frame = await indexedFrame(frameSvg(look), colours);
  for (const { key, px, py, slot } of stamps) lay(frame.indices, shadedMask(masks.get(key)!), px, py, frame.firstShade + slot * SHADES);
  return frame;
}

/** A line's glyphs, each with its mask's key and the pixel its pen position falls in. */
function stampsOf(type: Typesetter, { text, weight, size, x, y, colour }: TextLine, colours: readonly string[]): Stamp[] {
  const slot = colours.indexOf(colour);
  return type.run(text, weight, size).glyphs.map(({ id, x: dx }) => {
    const at = Math.round((x + dx) * PHASES);
    const phase = ((at % PHASES) + PHASES) % PHASES;
    return { key: `${weight}:${size}:${id}:${phase}`, id, weight, size, phase, px: (at - phase) / PHASES, py: y, slot };
  });
}

/** Adds the masks of these glyphs that `masks` lacks. Each is rasterised on its own (glyphRaster.ts): a card
 *  must be the same whichever cards a build draws with it. */
function addMasks(type: Typesetter, stamps: readonly Stamp[], masks: Map<string, Mask>): void {
  for (const stamp of stamps) if (!masks.has(stamp.key)) masks.set(stamp.key, glyphMask(type, stamp));
}

function glyphMask(type: Typesetter, { id, weight, size, phase }: Stamp): Mask {
  const outline = type.outline(id, weight);
  const scale = size / type.upem;
  const xs = outline.flatMap(({ values }) => values.filter((_, i) => i % 2 === 0));
  const ys = outline.flatMap(({ values }) => values.filter((_, i) => i % 2 === 1));
  if (xs.length === 0) return { left: 0, top: 0, width: 0, height: 0, alpha: new Uint8Array() };
  const shift = phase / PHASES;
  const left = Math.floor(shift + Math.min(...xs) * scale) - 1;
  const top = Math.floor(-Math.max(...ys) * scale) - 1;
  const width = Math.ceil(shift + Math.max(...xs) * scale) + 1 - left;
  const height = Math.ceil(-Math.min(...ys) * scale) + 1 - top;
  return { left, top, width, height, alpha: glyphCoverage(outline, scale, shift - left, -top, width, height) };
}
