// Stage: images. Each raster image (PNG, JPEG, WebP, AVIF) the site shows is made, with sharp, into the sizes each
// place it is shown needs (src/core/images.ts): AVIF and WebP at each width, and one file in its own format for
// the <img> itself. Pages name only those, so the source itself is not published (a 25 MB photo would be
// uploaded with every site for nobody); every other image file goes into the site as it is (linked, see
// emit.ts). The variants are cached by what they are made of, so an unchanged image costs a hash and a link on
// the next build.
import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { Sharp } from 'sharp';
import type { CatalogueSource, RasterFormat } from '../catalogue/load.ts';
import { DECODE_FAIL_ON, RASTER_MAX_BYTES, RASTER_MAX_PIXELS } from '../catalogue/limits.ts';
import { fallbackSize, IMAGE_USES, imageUses, srcset, variantPath, variantSizes, type ImageUse, type SiteImage, type Size } from '../core/images.ts';
import { UserError } from '../errors.ts';
import { makeFolder } from '../makeFolder.ts';
import { atomicWrite, filesHash, libraryVersion } from './cache.ts';
import { imageFiles } from './emit.ts';
import type { SiteFile, Staging } from './staging.ts';
import { contentHash } from './shell.ts';

/** How the variants are encoded. Part of every variant's cache key and name: change a setting (or `version`,
 *  for a change in how they are made) and every variant is made again, under a new name. AVIF at effort 1 is
 *  within 2 % of the default effort 4 in size and many times faster; effort 0 is 20 % larger (docs/decisions.md,
 *  "Raster images"). */
export const ENCODING = {
  version: 1,
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

const EXTENSION: Record<OutputFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
const MIME: Record<OutputFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** The `<img>`'s own file keeps the image's format (a browser without AVIF or WebP still shows it), except that
 *  an AVIF image falls back to WebP. */
export const fallbackFormat = (format: RasterFormat): OutputFormat => (format === 'avif' ? 'webp' : format);

/** One file to make of an image. */
export interface Variant extends Size {
  format: OutputFormat;
}

/** What to make of an image for one use: AVIF and WebP at each width, and the fallback at the width shown (for a
 *  WebP or AVIF image, the WebP file of that width). */
export function planVariants(use: ImageUse, source: Size, format: RasterFormat): { variants: Variant[]; fallback: Variant } {
  const sizes = variantSizes(use, source);
  const modern = (['avif', 'webp'] as const).flatMap((f) => sizes.map((size): Variant => ({ ...size, format: f })));
  const shown = fallbackSize(use, sizes);
  const own = fallbackFormat(format);
  const fallback = modern.find((v) => v.format === own && v.width === shown.width) ?? { ...shown, format: own };
  return { variants: modern.includes(fallback) ? modern : [...modern, fallback], fallback };
}

/** The cache key of an image's variants for one use: its content, the use's sizes and the encoder settings. */
export const variantKey = (sourceHash: string, use: ImageUse) =>
  createHash('sha256').update(JSON.stringify({ source: sourceHash, use, spec: IMAGE_USES[use], encoding: ENCODING, converter: CONVERTER })).digest('hex');

/** What makes the variants besides the settings: sharp (and the libvips it pins) and this module's code. */
const CONVERTER = [libraryVersion('sharp'), filesHash(['src/build/images.ts', 'src/core/images.ts'])];

/** The site image of one use (src/core/images.ts), from its variants' paths in the site. */
export function siteImage(use: ImageUse, planned: { variants: readonly Variant[]; fallback: Variant }, pathOf: (v: Variant) => string): SiteImage {
  const url = (v: Variant) => `/${pathOf(v)}`;
  const { fallback } = planned;
  const sources = (['avif', 'webp'] as const)
    .map((format) => ({ format, variants: planned.variants.filter((v) => v.format === format) }))
    .filter((s) => s.variants.length)
    .map((s) => ({ type: MIME[s.format], srcset: srcset(s.variants.map((v) => ({ url: url(v), width: v.width }))) }));
  return { src: url(fallback), width: fallback.width, height: fallback.height, sizes: IMAGE_USES[use].sizes, sources };
}

export interface ImageResult {
  /** Each raster image's site images, by catalogue file and use (for the model). */
  images: Map<string, Partial<Record<ImageUse, SiteImage>>>;
  /** The variants, by path in the site, linked from the cache. */
  files: Map<string, SiteFile>;
  /** The raster images the pages show only through their variants: not published as they are. */
  replaced: ReadonlySet<string>;
  /** How many raster images there were, and how many variants were made now rather than found in the cache. */
  rasters: number;
  converted: number;
  fromCache: number;
}

export interface ImageOptions {
  catalogueDir: string;
  source: Pick<CatalogueSource, 'images' | 'sizes' | 'rasters' | 'linkedFiles'>;
  /** Where variants are kept between builds (e.g. node_modules/.cache/storefront/images). */
  cacheDir: string;
}

/**
 * The variants of every raster image that validation will accept (the rest are its errors to report: this stage
 * runs beside it), made or found in the cache.
 */
export async function rasterImages({ catalogueDir, source, cacheDir }: ImageOptions): Promise<ImageResult> {
  const result: ImageResult = { images: new Map(), files: new Map(), replaced: new Set(), rasters: 0, converted: 0, fromCache: 0 };
  const convertible = [...source.images].sort().filter((file) => {
    const info = source.rasters.get(file);
    return info && !('unreadable' in info) && imageUses(file).length && (source.sizes.get(file) ?? 0) <= RASTER_MAX_BYTES && info.width * info.height <= RASTER_MAX_PIXELS;
  });
  if (!convertible.length) return result;
  result.replaced = new Set(convertible);
  await makeFolder(cacheDir);
  // Converting is CPU work: one image a core at a time. Reading and hashing are cheap.
  const cores = pLimit(Math.max(1, availableParallelism()));
  const reads = pLimit(16);
  // Every image is seen to the end before a failure is reported: nothing is left converting behind the build (and
  // what was made is in the cache for the next one).
  const settled = await Promise.allSettled(
    convertible.map(async (file) => {
      const info = source.rasters.get(file) as Size & { format: RasterFormat };
      // Only hashed here: an image waiting for a core to convert it holds no memory (the file is read again then).
      const sourceHash = sha256(await reads(() => readFile(join(catalogueDir, file))));
      const missing: { variant: Variant; cached: string }[] = [];
      const images: Partial<Record<ImageUse, SiteImage>> = {};
      for (const use of imageUses(file)) {
        const key = variantKey(sourceHash, use);
        const hash = contentHash(key);
        const planned = planVariants(use, info, info.format);
        const pathOf = (v: Variant) => variantPath(file, hash, v.width, EXTENSION[v.format]);
        for (const variant of planned.variants) {
          const cached = join(cacheDir, `${key}.${variant.width}.${EXTENSION[variant.format]}`);
          result.files.set(pathOf(variant), { copyFrom: cached });
          if (await exists(cached)) result.fromCache++;
          else missing.push({ variant, cached });
        }
        images[use] = siteImage(use, planned, pathOf);
      }
      result.images.set(file, images);
      result.rasters++;
      if (missing.length) {
        await cores(async () => {
          const bytes = await readFile(join(catalogueDir, file));
          if (sha256(bytes) !== sourceHash) throw new UserError(`The image ${file} changed while the site was being built. Build again.`);
          await convert(file, bytes, info, missing);
        });
        result.converted += missing.length;
      }
    }),
  );
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return result;
}

/** The stage as the build runs it: the raster images' variants (made, or linked from the cache), and every other
 *  image file linked into the new site as it is. */
export async function imageStage(options: ImageOptions & { staging: Staging }): Promise<ImageResult & { linked: number }> {
  const made = await rasterImages(options);
  const published = [...options.source.images].filter((file) => !made.replaced.has(file));
  await options.staging.writeAll([...imageFiles(options.catalogueDir, published, options.source.linkedFiles), ...made.files]);
  return { ...made, linked: published.length };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const exists = (path: string) => access(path).then(() => true, () => false);

/**
 * Makes the variants of one image into the cache. The image is decoded once and scaled down to the size the
 * largest variant needs; each variant is cropped and scaled from that (a 4000 × 3000 PNG takes 0.2 s to decode).
 */
async function convert(file: string, bytes: Buffer, source: Size, wanted: readonly { variant: Variant; cached: string }[]): Promise<void> {
  const { default: sharp } = await import('sharp');
  const failed = (error: Error) => {
    throw new UserError(`The image ${file} could not be converted: ${error.message}. Open it in an image editor and export it again.`, { cause: error });
  };
  // The scale that keeps every variant a reduction: a crop to the variant's shape needs the larger ratio.
  const scale = Math.min(1, Math.max(...wanted.map(({ variant: v }) => Math.max(v.width / source.width, v.height / source.height))));
  const base = sharp(bytes, { failOn: DECODE_FAIL_ON, limitInputPixels: RASTER_MAX_PIXELS }).autoOrient();
  if (scale < 1) base.resize(Math.ceil(source.width * scale), Math.ceil(source.height * scale), { fit: 'fill' });
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true }).catch(failed);
  const raw = { width: info.width, height: info.height, channels: info.channels, premultiplied: info.premultiplied };
  for (const { variant, cached } of wanted) {
    const resized = sharp(data, { raw }).resize(variant.width, variant.height, { fit: 'cover', position: 'centre' });
    const out = await encode(resized, variant.format).toBuffer().catch(failed);
    // Written whole under a temporary name, then renamed: a build stopped halfway leaves no broken variant.
    await atomicWrite(cached, out);
  }
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif(ENCODING.avif);
    case 'webp':
      return image.webp(ENCODING.webp);
    case 'jpeg':
      return image.jpeg(ENCODING.jpeg);
    case 'png':
      return image.png(ENCODING.png);
  }
}
