// Stage: social. Every page's link-preview image (og:image), a 1200×630 PNG drawn from its own words
// (src/client/socialCard.ts names it): the brand's logo and name, the page's title, a detail line (a service's
// price and category) and the site's address, in the theme's accent. Text is shaped with HarfBuzz from the
// bundled Inter and drawn as paths, so the image is the same on every machine, whatever fonts it has; sharp
// (librsvg) rasterises the SVG. Drawn only for cards the build cache lacks: a cold build at 10,000 services
// draws 10,000 (docs/decisions.md has the cost), a build after an edit only the cards whose words changed.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import fontverter from 'fontverter';
import { Blob as HbBlob, Buffer as HbBuffer, Face, Font, Variation, shape } from 'harfbuzzjs';
import pLimit from 'p-limit';
import { availableParallelism } from 'node:os';
import { socialCardText, socialImagePath, SOCIAL_HEIGHT, SOCIAL_WIDTH, type SocialCard } from '../client/socialCard.ts';
import type { Site } from '../model/model.ts';
import { codeVersion, sha256, type BuildCacheDir } from './cache.ts';
import type { EmojiAssets } from './emoji.ts';


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

/** The look, and the code that draws it, as the name of every card drawn in it (socialImagePath): a card drawn
 *  differently is a new file, never an old one served again. */
export const socialStyle = (look: SocialLook) => sha256(JSON.stringify([codeVersion(['src/build/socialImages.ts']), look])).slice(0, 16);

const require = createRequire(import.meta.url);
const INTER = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');

const INK = '#12111c';
const MUTED = '#4d4b61';
const MARGIN = 80;
const TEXT_WIDTH = SOCIAL_WIDTH - 2 * MARGIN;

/** Inter at two weights, shaped by HarfBuzz. */
export class Typesetter {
  private readonly face: Face;
  private readonly fonts = new Map<number, Font>();
  private readonly outlines = new Map<string, { type: string; values: number[] }[]>();

  constructor(sfnt: Uint8Array) {
    this.face = new Face(new HbBlob(sfnt));
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

  /** The glyphs of a text (those the font lacks, such as emoji, left out), and its width at `size`. */
  run(text: string, weight: number, size: number): { glyphs: { id: number; x: number }[]; width: number } {
    const font = this.font(weight);
    const buffer = new HbBuffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(font, buffer);
    const scale = size / this.face.upem;
    let pen = 0;
    const glyphs: { id: number; x: number }[] = [];
    for (const g of buffer.getGlyphInfosAndPositions()) {
      if (g.codepoint === 0) continue;
      glyphs.push({ id: g.codepoint, x: (pen + (g.xOffset ?? 0)) * scale });
      pen += g.xAdvance ?? 0;
    }
    return { glyphs, width: pen * scale };
  }

  /**
   * A text as one SVG path with its baseline's left end at (x, y): the glyphs' outlines moved and scaled into
   * place here, at a tenth of a pixel, so that librsvg fills one path rather than a transformed one per glyph.
   */
  svg(text: string, weight: number, size: number, x: number, y: number): string {
    const scale = size / this.face.upem;
    const font = this.font(weight);
    let d = '';
    for (const { id, x: dx } of this.run(text, weight, size).glyphs) {
      const key = `${weight}:${id}`;
      let outline = this.outlines.get(key);
      if (outline === undefined) this.outlines.set(key, (outline = font.glyphToJson(id)));
      const left = x + dx;
      for (const { type, values } of outline) {
        d += type;
        for (let i = 0; i < values.length; i += 2) d += `${i ? ' ' : ''}${+(left + values[i]! * scale).toFixed(1)} ${+(y - values[i + 1]! * scale).toFixed(1)}`;
      }
    }
    return d ? `<path d="${d}"/>` : '';
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

/** The SVG of a card. */
export function cardSvg(type: Typesetter, look: SocialLook, card: SocialCard): string {
  // The title as large as fits in three lines.
  const [size, lines] = ([72, 64, 56] as const).map((s) => [s, type.wrap(card.title, 700, s, TEXT_WIDTH, 3)] as const).find(([, l]) => l.length <= 2) ?? [52, type.wrap(card.title, 700, 52, TEXT_WIDTH, 3)];
  const lineHeight = Math.round(size * 1.15);
  const detailSize = 38;
  const blockHeight = lines.length * lineHeight + (card.detail ? detailSize * 1.6 : 0);
  let y = Math.round((SOCIAL_HEIGHT - blockHeight) / 2 + size * 0.85);
  const title = lines.map((line, i) => type.svg(line, 700, size, MARGIN, y + i * lineHeight)).join('');
  y += (lines.length - 1) * lineHeight + Math.round(detailSize * 1.6);
  const detail = card.detail ? type.svg(type.wrap(card.detail, 500, detailSize, TEXT_WIDTH, 1)[0]!, 500, detailSize, MARGIN, y) : '';
  const logoHeight = 56;
  const logo = look.logo ? `<image href="${look.logo.href}" x="${MARGIN}" y="${MARGIN - 16}" height="${logoHeight}" width="${Math.round((logoHeight * look.logo.width) / look.logo.height)}"/>` : '';
  const brandX = look.logo ? MARGIN + Math.round((logoHeight * look.logo.width) / look.logo.height) + 20 : MARGIN;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" viewBox="0 0 ${SOCIAL_WIDTH} ${SOCIAL_HEIGHT}">`,
    `<rect width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" fill="#ffffff"/>`,
    `<rect y="${SOCIAL_HEIGHT - 16}" width="${SOCIAL_WIDTH}" height="16" fill="${look.accent}"/>`,
    logo,
    `<g fill="${INK}">${type.svg(look.brand, 700, 36, brandX, MARGIN + 26)}${title}</g>`,
    `<g fill="${look.accent}">${detail}</g>`,
    `<g fill="${MUTED}">${type.svg(look.host, 500, 28, MARGIN, SOCIAL_HEIGHT - 56)}</g>`,
    '</svg>',
  ].join('');
}

/**
 * The PNG with its words in an iTXt chunk ("Description"), after the header: what the card says, for a machine
 * to read (the tests compare it with the page).
 */
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

/** The typesetter of the bundled Inter (converted from its WOFF2: HarfBuzz reads TrueType). */
export const typesetter = async () => new Typesetter(await fontverter.convert(readFileSync(INTER), 'sfnt'));

/** One card's PNG. */
export async function drawCard(type: Typesetter, look: SocialLook, card: SocialCard): Promise<Uint8Array> {
  const sharp = (await import('sharp')).default;
  // Flat colours: a PNG of a few tens of KB, sharp on every preview.
  const png = await sharp(Buffer.from(cardSvg(type, look, card))).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  return withDescription(png, socialCardText(card));
}

/** The cards of the pages, drawn or taken from the cache: files by path inside the site. */
export async function socialImages(look: SocialLook, cards: readonly SocialCard[], store: BuildCacheDir | undefined): Promise<{ files: Map<string, Uint8Array>; drawn: number }> {
  const style = socialStyle(look);
  const byPath = new Map(cards.map((card) => [socialImagePath(style, card), card]));
  const files = new Map<string, Uint8Array>();
  const limit = pLimit(Math.max(1, availableParallelism()));
  const type = typesetter();
  let drawn = 0;
  await Promise.all(
    [...byPath].map(([path, card]) =>
      limit(async () => {
        const record = `social-${path.slice('assets/social-'.length, -'.png'.length)}`;
        const kept = await store?.readRecord<{ blob: string }>(record);
        const bytes = kept && (await store!.readBlob(kept.blob));
        if (bytes) return void files.set(path, bytes);
        const png = await drawCard(await type, look, card);
        drawn++;
        if (store) store.writeRecord(record, { blob: store.putBlob(png) });
        files.set(path, png);
      }),
    ),
  );
  return { files, drawn };
}

/** The look of the site's cards: its brand, address, accent and logo (an emoji's drawing or the theme's file). */
export async function socialLook(site: Pick<Site, 'brand' | 'baseUrl' | 'logo'>, accent: string, emoji: EmojiAssets, logoFile: (src: string) => Promise<Uint8Array | undefined>): Promise<SocialLook> {
  const logo = site.logo?.light;
  const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  let image: SocialLook['logo'];
  if (logo && 'emoji' in logo) {
    const svg = emoji.files.get(emoji.urls[logo.emoji]?.slice(1) ?? '');
    if (svg) image = { href: dataUrl(svg, 'image/svg+xml'), width: 1, height: 1 };
  } else if (logo) {
    const bytes = await logoFile(logo.src);
    const type = logo.src.endsWith('.svg') ? 'image/svg+xml' : logo.src.endsWith('.png') ? 'image/png' : 'image/jpeg';
    if (bytes && /\.(svg|png|jpe?g)$/i.test(logo.src)) image = { href: dataUrl(bytes, type), width: logo.width, height: logo.height };
  }
  return { brand: site.brand, host: new URL(site.baseUrl).host, accent, ...(image && { logo: image }) };
}
