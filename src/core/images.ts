// Where the site shows a catalogue image, and the sizes the build makes of a raster one (PNG, JPEG, WebP, AVIF)
// for each place: pure rules, shared by validation (is the image large enough?), the build's image stage (what
// to make: src/build/images.ts) and the templates (what the model gives them: SiteImage). SVGs are shown as
// they are. The sizes follow the stylesheets: change one, change the other.

/** A place the site shows a catalogue image in. */
export type ImageUse = 'card' | 'page' | 'logo' | 'icon';

export interface ImageUseSpec {
  /** Where and how large it is shown, for messages: "cards show it as a 104 px square". */
  shownAs: string;
  /** The width it is shown at, in CSS px: the `<img>` loads the variant of this width. */
  shown: number;
  /** The widths the build makes, narrowest first: the width shown and twice it (sharp screens), and for an
   *  image as wide as the column it is in, the widths between. */
  widths: readonly number[];
  /** Width ÷ height the variants are cropped to, at their centre, as CSS `object-fit: cover` shows them;
   *  absent: the image keeps its own shape. */
  aspect?: number;
  /** The `sizes` attribute: the width the image is shown at, by viewport width. */
  sizes: string;
}

export const IMAGE_USES: Readonly<Record<ImageUse, ImageUseSpec>> = {
  // home.css .card-image: a 5.5rem square, 6.5rem in a wide grid (a container query, which `sizes` cannot
  // express: 6.5rem picks the same variants).
  card: { shownAs: 'cards show it as a 104 px square', shown: 104, widths: [104, 208], aspect: 1, sizes: '6.5rem' },
  // service.css .service-image: 5:3, the width of the column: half the container from 62em (at most 552 px),
  // the whole container below (base.css: 76rem at most, padded 2rem from 48em, 1.25rem below).
  page: {
    shownAs: 'its service page shows it up to 560 px wide',
    shown: 560,
    widths: [360, 560, 720, 1120],
    aspect: 5 / 3,
    sizes: '(min-width: 76rem) 552px, (min-width: 62em) calc(50vw - 3.5rem), (min-width: 48em) calc(100vw - 4rem), calc(100vw - 2.5rem)',
  },
  // home.css .logo-grid img: 128 px wide.
  logo: { shownAs: 'the home page shows it 128 px wide', shown: 128, widths: [128, 256], sizes: '128px' },
  // header.css, home.css, category.css, search.css .category-icon: 24 to 32 px.
  icon: { shownAs: 'the site shows it up to 32 px wide', shown: 32, widths: [32, 64], sizes: '32px' },
};

/** The places an image is shown, by its folder: a service's image is on cards and on its page. */
export function imageUses(file: string): ImageUse[] {
  if (file.startsWith('img/services/')) return ['card', 'page'];
  if (file.startsWith('img/clients/')) return ['logo'];
  if (file.startsWith('img/icons/')) return ['icon'];
  return [];
}

/** PNG, JPEG, WebP or AVIF, by the file's name: the images the build converts (an SVG is published as it is). */
/** The sizes the site's icons are drawn at, in px, square: the favicon PNG (of a raster favicon or logo) and the
 *  icon a phone's home screen shows (apple-touch-icon). */
export const ICON_SIZES = { favicon: 32, touchIcon: 180 } as const;

export const isRaster = (file: string) => /\.(png|jpe?g|webp|avif)$/i.test(file);

export interface Size {
  width: number;
  height: number;
}

/** The height of a variant `width` wide, in the use's shape or the image's own. */
const heightAt = (spec: ImageUseSpec, source: Size, width: number) => Math.max(1, Math.round(spec.aspect ? width / spec.aspect : (width * source.height) / source.width));

/** The widest variant an image of `source` size gives for a use, cropped to its shape and never enlarged. */
export function largestSize(use: ImageUse, source: Size): Size {
  const spec = IMAGE_USES[use];
  const width = spec.aspect ? Math.min(source.width, Math.floor(source.height * spec.aspect)) : source.width;
  return { width: Math.max(1, width), height: heightAt(spec, source, Math.max(1, width)) };
}

/** The sizes the build makes of an image for a use, narrowest first: each of the use's widths the image is
 *  wide enough for, or, when it is narrower than all of them, its own largest (it is never enlarged). */
export function variantSizes(use: ImageUse, source: Size): Size[] {
  const spec = IMAGE_USES[use];
  const largest = largestSize(use, source);
  const widths = spec.widths.filter((w) => w <= largest.width);
  return widths.length ? widths.map((width) => ({ width, height: heightAt(spec, source, width) })) : [largest];
}

/** The variant the `<img>` itself loads (and whose size its width and height give): the widest that is not
 *  wider than the use shows, else the narrowest. */
export function fallbackSize(use: ImageUse, sizes: readonly Size[]): Size {
  const shown = IMAGE_USES[use].shown;
  return sizes.filter((s) => s.width <= shown).at(-1) ?? sizes[0]!;
}

/** The smallest size that is sharp where the use shows it on an ordinary screen (twice that for sharp ones). */
export function neededSize(use: ImageUse): { width: number; height?: number } {
  const spec = IMAGE_USES[use];
  return { width: spec.shown, ...(spec.aspect && { height: Math.round(spec.shown / spec.aspect) }) };
}

/** The use an image is too small for (the one that shows it largest), or none: its largest variant is narrower
 *  than the use shows it, so it is stretched and blurred even on an ordinary screen. */
export function tooSmallFor(file: string, source: Size): ImageUse | undefined {
  return imageUses(file)
    .filter((use) => largestSize(use, source).width < IMAGE_USES[use].shown)
    .sort((a, b) => IMAGE_USES[b].shown - IMAGE_USES[a].shown)[0];
}

/** Where a variant goes in the site, beside its source: img/services/a.png → img/services/a.HASH.560.avif. The
 *  hash names what it was made from and how, so a changed image or setting is a new address, never a stale copy. */
export const variantPath = (file: string, hash: string, width: number, extension: string) => `${file.replace(/\.[^./]+$/, '')}.${hash}.${width}.${extension}`;

/** `srcset`: each URL with its width. */
export const srcset = (variants: readonly { url: string; width: number }[]) => variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/**
 * An image as a page shows it. An SVG is its address only (the template gives the size of its box); a raster
 * image is the variant its `<img>` loads with that variant's size, and the AVIF and WebP variants for
 * `<picture>`'s `<source>`s, with `sizes`.
 */
export interface SiteImage {
  /** URL of the file the `<img>` loads: an SVG, or a raster image's variant in its own format (the fallback). */
  src: string;
  /** The size of that file in px, for the `<img>`'s width and height. */
  width?: number;
  height?: number;
  /** The `sizes` attribute of the sources. */
  sizes?: string;
  /** Better formats first (AVIF, then WebP): the browser takes the first it can show. */
  sources?: { type: string; srcset: string }[];
}

/** The images the build made, by catalogue file (img/...), for each use of the file. */
export type SiteImages = ReadonlyMap<string, Partial<Record<ImageUse, SiteImage>>>;
