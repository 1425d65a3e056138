import type { SiteImage } from '../../src/core/images.ts';

/**
 * A catalogue image. An SVG is one `<img>`; a raster image is a `<picture>` whose `<source>`s offer its AVIF and
 * WebP variants at each width (the browser takes the best format it knows and the width its screen needs), with
 * the `<img>` loading the variant in the image's own format. `width` and `height` are always set, so the image's
 * box is in place before it loads: the variant's own size, or for an SVG the size of the box its stylesheet gives.
 * base.css makes `<picture>` `display: contents`, so the `<img>` is laid out the same in both cases.
 *
 * `loading`: `lazy` for an image below the first screen; the first image in view is `eager` with
 * `fetchPriority="high"` (the service page's).
 */
export function Picture({
  image,
  alt,
  className,
  width,
  height,
  loading,
  fetchPriority,
}: {
  image: SiteImage;
  alt: string;
  className?: string;
  /** The box of an SVG, which has no size of its own here. */
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}) {
  const img = (
    <img
      className={className}
      src={image.src}
      alt={alt}
      width={image.width ?? width}
      height={image.height ?? height}
      loading={loading}
      decoding={loading === 'lazy' ? 'async' : undefined}
      fetchPriority={fetchPriority}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  );
}
