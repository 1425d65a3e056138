// The files under img/ are published: only images, of a sensible size, and SVGs that hold nothing active or
// external (svg.ts). A raster image in a folder the site shows (services, clients, icons) is converted for where
// it is shown (src/core/images.ts), so it must be readable, and large enough not to look blurred there; its size
// limits are a source's, not those of a file visitors download as it is.
import { IMAGE_USES, imageUses, isRaster, neededSize, tooSmallFor } from '../core/images.ts';
import type { CatalogueSource, RasterFormat, RasterInfo } from './load.ts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, IMAGE_WARN_BYTES, isImageType, RASTER_MAX_BYTES, RASTER_MAX_PIXELS, RASTER_WARN_BYTES, sizeOverLimit, sizeText } from './limits.ts';
import { error, warning, type Problem } from './problems.ts';
import { svgProblems } from './svg.ts';

/** The problems of the catalogue's images, or of the ones `files` names (sorted, as the result is). */
export function imageChecks({ images, sizes, svgs, rasters }: CatalogueSource, files: readonly string[] = [...images].sort()): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    if (!isImageType(file)) {
      problems.push(error('not-an-image', file, {}, `This file is not an image the site publishes (${IMAGE_TYPES.join(', ')}), and everything in img/ is published.`, 'Move it out of the catalogue\'s img/ folder, or convert it to one of those types.'));
      continue;
    }
    const size = sizes.get(file) ?? 0;
    const wrongName = wrongExtension(file, rasters.get(file));
    if (wrongName) problems.push(wrongName);
    if (isRaster(file) && imageUses(file).length) {
      problems.push(...rasterChecks(file, size, rasters.get(file)));
      continue;
    }
    // Published as it is: an SVG, or a raster image outside the folders whose images are converted.
    if (size > IMAGE_MAX_BYTES) {
      problems.push(error('image-too-large', file, {}, `The image is ${sizeOverLimit(size, IMAGE_MAX_BYTES).join('; at most ')} is allowed, since visitors download it as it is.`, 'Export it smaller: at the size it is shown (at most twice that for sharp screens), as WebP or an optimised PNG or SVG.'));
      continue;
    }
    if (size > IMAGE_WARN_BYTES) {
      problems.push(warning('large-image', file, {}, `The image is ${sizeText(size)}; visitors on phones wait for every byte of it.`, `Export it smaller than ${sizeText(IMAGE_WARN_BYTES)}: at the size it is shown, as WebP or an optimised PNG or SVG.`));
    }
    const raster = rasters.get(file);
    if (raster && 'unreadable' in raster) problems.push(unreadable(file, raster.unreadable));
    const svg = svgs.get(file);
    if (svg !== undefined) problems.push(...svgProblems(file, svg));
  }
  return problems;
}

/** Images checked between two turns of the event loop: 200 SVGs parse in about 35 ms. */
const PACE = 200;

/** imageChecks, a slice at a time: a build checks the images while the worker pool compiles the descriptions,
 *  and this thread must keep handing the pool its next tasks (10,000 SVGs held it 1.8 s). */
export async function pacedImageChecks(source: CatalogueSource): Promise<Problem[]> {
  const files = [...source.images].sort();
  const problems: Problem[] = [];
  for (let at = 0; at < files.length; at += PACE) {
    problems.push(...imageChecks(source, files.slice(at, at + PACE)));
    await new Promise(setImmediate);
  }
  return problems;
}

const unreadable = (file: string, why?: string) =>
  error('image-unreadable', file, {}, `The file cannot be read as an image${why ? `: ${why}` : ''}.`, 'Open it in an image editor and export it again as PNG, JPEG, WebP or AVIF, under a name that ends in the type it is.');

const FORMAT_NAMES: Record<RasterFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF' };
const EXTENSIONS: Record<RasterFormat, readonly string[]> = { png: ['png'], jpeg: ['jpg', 'jpeg'], webp: ['webp'], avif: ['avif'] };

/** A raster image whose name ends in another format than the one it holds: it would be published as that data
 *  under that name (and served with the name's type). */
function wrongExtension(file: string, info: RasterInfo | undefined): Problem | undefined {
  if (!info || 'unreadable' in info || !isRaster(file)) return undefined;
  const extension = /\.([^./]+)$/.exec(file)?.[1] ?? '';
  if (EXTENSIONS[info.format].includes(extension.toLowerCase())) return undefined;
  const renamed = `${file.slice(0, -extension.length)}${EXTENSIONS[info.format][0]}`;
  return error(
    'image-wrong-extension',
    file,
    {},
    `The file is named .${extension} but holds a ${FORMAT_NAMES[info.format]} image: it would be published as ${FORMAT_NAMES[info.format]} data under a .${extension} name.`,
    `Rename it to ${renamed}, and use the new name where the catalogue refers to it.`,
  );
}

/** Smaller, and large enough: as wide as the widest variant the build makes of it. */
const exportHint = (file: string) => {
  const widest = Math.max(...imageUses(file).map((use) => IMAGE_USES[use].widths.at(-1)!), 0) || IMAGE_USES.page.widths.at(-1)!;
  return `Export it ${widest.toLocaleString('en-US')} px wide (as wide as the site ever shows it, on sharp screens), as JPEG for a photo or PNG for a drawing.`;
};

/** A PNG, JPEG, WebP or AVIF file: not too large to convert, readable, and not smaller than where it is shown. */
function rasterChecks(file: string, size: number, info: RasterInfo | undefined): Problem[] {
  if (size > RASTER_MAX_BYTES) {
    return [error('image-too-large', file, {}, `The image is ${sizeOverLimit(size, RASTER_MAX_BYTES).join('; at most ')} is allowed for a PNG, JPEG, WebP or AVIF file.`, exportHint(file))];
  }
  if (!info || 'unreadable' in info) return [unreadable(file, info?.unreadable)];
  const { width, height } = info;
  if (width * height > RASTER_MAX_PIXELS) {
    return [error('image-too-large', file, {}, `The image is ${width} × ${height} px (${megapixels(width * height)} megapixels); at most ${RASTER_MAX_PIXELS / 1e6} megapixels can be converted.`, exportHint(file))];
  }
  const problems: Problem[] = [];
  if (size > RASTER_WARN_BYTES) {
    problems.push(warning('large-image', file, {}, `The image is ${sizeText(size)}; visitors get small copies of it, but a file this large slows the first build and fills the repository.`, exportHint(file)));
  }
  const use = tooSmallFor(file, info);
  if (use) {
    const needed = neededSize(use);
    const at = (factor: number) => (needed.height ? `${needed.width * factor} × ${needed.height * factor} px` : `${needed.width * factor} px wide`);
    problems.push(
      warning('image-too-small', file, {}, `The image is ${width} × ${height} px, but ${IMAGE_USES[use].shownAs}: it looks blurred there.`, `Use an image of at least ${at(1)}; ${at(2)} is sharp on high-density screens too.`),
    );
  }
  return problems;
}

/** Megapixels as a person reads them, with decimals where a whole number would be the limit it is over
 *  (10,001 × 10,001 px is 100.02 megapixels, not 100). */
const megapixels = (pixels: number) => (Math.round(pixels / 1e6) * 1e6 <= RASTER_MAX_PIXELS ? (pixels / 1e6).toFixed(2) : String(Math.round(pixels / 1e6)));
