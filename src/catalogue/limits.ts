// How large catalogue files may be. Descriptions: a long one is about 3 KB of Markdown (400 words); a 50 MB
// one made a 52 MB page and took 1.3 GB to build. Images are published as they are, so every byte is the
// visitor's: a logo or an illustration is a few KB to a few hundred.

export const DESCRIPTION_MAX_BYTES = 100 * 1024;
export const IMAGE_WARN_BYTES = 300 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The image types the site publishes; anything else in img/ is refused (an .html there would run on the site). */
export const IMAGE_TYPES = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

export const isImageType = (file: string) => (IMAGE_TYPES as readonly string[]).includes(/\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '');

/** "52.4 MB", "310 KB", "900 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
