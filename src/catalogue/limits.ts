// How large catalogue files may be. Descriptions: a long one is about 3 KB of Markdown (400 words); a 50 MB
// one made a 52 MB page and took 1.3 GB to build. SVG images are published as they are, so every byte is the
// visitor's: a logo or an illustration is a few KB to a few hundred.

export const DESCRIPTION_MAX_BYTES = 100 * 1024;
export const IMAGE_WARN_BYTES = 300 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// Those are the limits of an SVG. A raster image (PNG, JPEG, WebP, AVIF) is not published as it is: the build
// makes small AVIF, WebP and fallback files of it for where it is shown (src/build/images.ts), so its size costs
// build time and repository space, not the visitor's bytes, while no variant is wider than 1120 px (twice the
// widest place the site shows one). A 4000 × 3000 px photo is 2 to 6 MB as a JPEG and about 30 MB as a PNG: it
// is converted, with a warning; a larger one must be exported smaller.
export const RASTER_WARN_BYTES = 2 * 1024 * 1024;
export const RASTER_MAX_BYTES = 50 * 1024 * 1024;
/** Decoding takes 4 bytes a pixel: 100 megapixels is 400 MB of memory (a 12,000 × 8,000 px image). */
export const RASTER_MAX_PIXELS = 100_000_000;

/** How strictly sharp decodes a raster image, in validation (load.ts) and in the build alike, so that validation
 *  passes exactly what the build can convert. 'warning' is sharp's default: a JPEG with a bad Huffman code is
 *  only a warning to libjpeg, which the laxer levels ('error', 'truncated') decode into grey blocks unsaid. */
export const DECODE_FAIL_ON = 'warning';

/** The image types the site publishes; anything else in img/ is refused (an .html there would run on the site). */
export const IMAGE_TYPES = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

export const isImageType = (file: string) => (IMAGE_TYPES as readonly string[]).includes(/\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '');

/** "52.4 MB", "310 KB", "900 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A size over a limit and the limit, in words that differ: a file just over 20 MB was "20.0 MB; at most 20.0 MB". */
export function sizeOverLimit(bytes: number, limit: number): [size: string, limit: string] {
  if (sizeText(bytes) !== sizeText(limit)) return [sizeText(bytes), sizeText(limit)];
  return [`${bytes.toLocaleString('en-US')} bytes`, `${limit.toLocaleString('en-US')} bytes`];
}
