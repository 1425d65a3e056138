// Stage: brand. What site.yaml's theme block makes of the site: the theme stylesheet (the accent tokens of both
// colour modes, and the font), the icons (the favicon and the home-screen icon), and the logo as the header
// shows it. Each file is hashed, under /assets/, so a changed colour or logo reaches visitors at once; the
// stylesheet is a file rather than a style attribute, which the site's CSP (style-src 'self') would refuse.
//
// Icons: an SVG favicon is the SVG itself (the logo's, or an emoji's Noto drawing); a raster one is a 32 px
// PNG. The home-screen icon (apple-touch-icon, 180 px) is drawn from the favicon's source on a white square by
// sharp, which is loaded only here (35 ms) and whose results are kept for the next build in the same process.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normaliseHex } from '../catalogue/contrast.ts';
import type { Theme } from '../catalogue/schema.ts';
import { accentTokens, COLOUR_MODES, type AccentTokens } from '../catalogue/theme.ts';
import type { IconLink } from '../client/document.ts';
import { splitEmoji } from '../core/emoji.ts';
import { ICON_SIZES } from '../core/images.ts';
import type { Logo, LogoImage } from '../model/model.ts';
import type { EmojiAssets } from './emoji.ts';
import { contentHash } from './shell.ts';


export interface BrandAssets {
  /** Files by path inside the site: assets/theme-<hash>.css, assets/favicon-<hash>.svg, … */
  files: Map<string, Uint8Array>;
  /** The theme stylesheet's URL: every page links it after the bundle's stylesheet. */
  stylesheet: string;
  icons: IconLink[];
  /** Whether pages preload the Inter subset (not when the theme's font is the system's). */
  inter: boolean;
  /** The logo as the header and footer show it; none when the theme has none. */
  logo?: Logo;
  /** The URL of the home page's link-preview image, when the theme gives one (validate checked its size). */
  socialImage?: string;
}

export interface BrandInput {
  brand: string;
  theme: Theme;
  catalogueDir: string;
  /** The catalogue's SVG files by path (load.ts): an SVG logo's size is read from its text. */
  svgs: ReadonlyMap<string, string>;
  emoji: EmojiAssets;
  /** The icons sharp drew in an earlier run of this process (the build cache's: dev's rebuilds draw none again). */
  squares?: SquareMemo;
}

/** sharp's square PNGs by their input's hash, size and background. */
export type SquareMemo = Map<string, Promise<Uint8Array>>;

/** The device's interface font: nothing to download. */
export const SYSTEM_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const TOUCH_ICON_SIZE = ICON_SIZES.touchIcon;
const FAVICON_PNG_SIZE = ICON_SIZES.favicon;

const tokensCss = (selector: string, tokens: AccentTokens) =>
  `${selector} {\n${Object.entries(tokens)
    .map(([name, value]) => `  --${name}: ${value};`)
    .join('\n')}\n}\n`;

/** The theme stylesheet: the accent tokens for light mode (:root) and dark mode, and the font when it is not Inter. */
export function themeStylesheet(theme: Pick<Theme, 'accent' | 'accentDark' | 'font'>): string {
  const [light, dark] = COLOUR_MODES.map((mode) => accentTokens(theme, mode));
  return [
    "/* The site's theme, from site.yaml's theme block (written by src/build/brand.ts). */\n",
    tokensCss(':root', light!),
    tokensCss("[data-theme='dark']", dark!),
    theme.font === 'system' ? `:root {\n  --font: ${SYSTEM_FONT};\n}\n` : '',
  ].join('');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The icon of a site without a logo: the brand's first letter on its accent. */
export function letterIcon(brand: string, accent: string): string {
  const letter = [...brand.trim()][0]?.toUpperCase() ?? '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${normaliseHex(accent)}"/>` +
    `<text x="16" y="22.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="19" font-weight="700" fill="#ffffff">${escapeXml(letter)}</text></svg>\n`
  );
}

/** An SVG's size from its width and height attributes (in px or without unit), or else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]?.trim();
  const length = (name: string) => {
    const m = /^(\d*\.?\d+)(px)?$/.exec(attribute(name) ?? '');
    return m ? Number(m[1]) : undefined;
  };
  const [width, height] = [length('width'), length('height')];
  if (width && height) return { width, height };
  const box = attribute('viewBox')?.split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  return undefined;
}

// Imported when first needed (a site without a brand image never loads it); Node keeps the module after that.
const loadSharp = async () => (await import('sharp')).default;

/** `source` (SVG or raster) as a square PNG of `size` px: centred, on white when `background`, else transparent;
 *  taken from `drawn` when it has it. */
export function squarePng(source: Uint8Array, size: number, background: boolean, drawn: SquareMemo = new Map()): Promise<Uint8Array> {
  const key = createHash('sha256').update(source).update(`${size} ${background}`).digest('hex');
  let png = drawn.get(key);
  if (!png) {
    png = drawSquare(source, size, background);
    if (drawn.size > 16) drawn.clear();
    drawn.set(key, png);
    png.catch(() => drawn.delete(key));
  }
  return png;
}

async function drawSquare(source: Uint8Array, size: number, background: boolean): Promise<Uint8Array> {
  const sharp = await loadSharp();
  // An SVG is drawn at 72 dpi by default: at a density that makes it at least as large as the icon, so it is
  // drawn sharp rather than enlarged.
  const { width = size, height = size, format } = await sharp(source).metadata();
  const density = format === 'svg' ? Math.min(2400, Math.max(72, (72 * size) / Math.max(1, Math.min(width, height)))) : undefined;
  const inner = background ? Math.round(size * 0.8) : size;
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  let image = sharp(source, density ? { density } : {}).resize(inner, inner, { fit: 'contain', background: clear });
  if (background) {
    const pad = (size - inner) / 2;
    image = image
      .extend({ top: Math.floor(pad), bottom: Math.ceil(pad), left: Math.floor(pad), right: Math.ceil(pad), background: clear })
      .flatten({ background: '#ffffff' });
  }
  return new Uint8Array(await image.png({ compressionLevel: 9 }).toBuffer());
}

/** A hashed file under /assets/. */
const asset = (files: Map<string, Uint8Array>, name: string, extension: string, content: string | Uint8Array) => {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const path = `assets/${name}-${contentHash(bytes)}.${extension}`;
  files.set(path, bytes);
  return `/${path}`;
};

const isEmoji = (value: string) => splitEmoji(value).some((part) => typeof part !== 'string');

export async function brandAssets({ brand, theme, catalogueDir, svgs, emoji, squares }: BrandInput): Promise<BrandAssets> {
  const files = new Map<string, Uint8Array>();
  const stylesheet = asset(files, 'theme', 'css', themeStylesheet(theme));

  /** A theme file of img/brand/, as bytes (an SVG from the text load.ts read). */
  const brandFile = async (name: string) => {
    const path = `img/brand/${name}`;
    const svg = svgs.get(path);
    return svg !== undefined ? new TextEncoder().encode(svg) : new Uint8Array(await readFile(join(catalogueDir, path)));
  };
  /** An emoji's Noto SVG, when the set has it. */
  const emojiSvg = (value: string) => {
    const url = emoji.urls[value];
    return url ? emoji.files.get(url.slice(1)) : undefined;
  };

  const logoImage = async (value: string): Promise<LogoImage> => {
    if (isEmoji(value)) return { emoji: value };
    const src = `/img/brand/${value}`;
    const svg = svgs.get(`img/brand/${value}`);
    if (svg !== undefined) return { src, ...(svgSize(svg) ?? { width: 1, height: 1 }) };
    const { width = 1, height = 1 } = await (await loadSharp())(await brandFile(value)).metadata();
    return { src, width, height };
  };

  // The favicon's source: the favicon given, else the logo (an emoji's drawing, already a file of the site),
  // else the brand's letter.
  const source = theme.favicon ?? theme.logo;
  const emojiUrl = source && isEmoji(source) && emojiSvg(source) ? emoji.urls[source] : undefined;
  const svg = emojiUrl
    ? emojiSvg(source!)!
    : !source || isEmoji(source)
      ? new TextEncoder().encode(letterIcon(brand, theme.accent))
      : /\.svg$/i.test(source)
        ? await brandFile(source)
        : undefined;
  const raster = svg ? undefined : await brandFile(source!);
  const [favicon, touch, light, dark] = await Promise.all([
    raster && squarePng(raster, FAVICON_PNG_SIZE, false, squares),
    theme.touchIcon ? brandFile(theme.touchIcon).then((bytes) => squarePng(bytes, TOUCH_ICON_SIZE, false, squares)) : squarePng((svg ?? raster)!, TOUCH_ICON_SIZE, true, squares),
    theme.logo ? logoImage(theme.logo) : undefined,
    theme.logoDark ? logoImage(theme.logoDark) : undefined,
  ]);
  const icons: IconLink[] = [
    favicon
      ? { rel: 'icon', href: asset(files, 'favicon', 'png', favicon), type: 'image/png', sizes: `${FAVICON_PNG_SIZE}x${FAVICON_PNG_SIZE}` }
      : { rel: 'icon', href: emojiUrl ?? asset(files, 'favicon', 'svg', svg!), type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: asset(files, 'touch-icon', 'png', touch) },
  ];
  const logo = light ? { light, ...(dark && { dark }), showsName: theme.logoShowsName && 'src' in light } : undefined;
  const social = theme.socialImage ? asset(files, 'social', /\.png$/i.test(theme.socialImage) ? 'png' : 'jpg', await brandFile(theme.socialImage)) : undefined;
  return { files, stylesheet, icons, inter: theme.font === 'inter', logo, ...(social && { socialImage: social }) };
}
