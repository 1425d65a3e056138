// The files under img/ are published as they are: only images, of a sensible size, and SVGs that hold nothing
// active or external (svg.ts).
import type { CatalogueSource } from './load.ts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, IMAGE_WARN_BYTES, isImageType, sizeText } from './limits.ts';
import { error, warning, type Problem } from './problems.ts';
import { svgProblems } from './svg.ts';

export function imageChecks({ images, sizes, svgs }: CatalogueSource): Problem[] {
  const problems: Problem[] = [];
  for (const file of [...images].sort()) {
    if (!isImageType(file)) {
      problems.push(error(file, {}, `This file is not an image the site publishes (${IMAGE_TYPES.join(', ')}), and everything in img/ is published.`, 'Move it out of the catalogue\'s img/ folder, or convert it to one of those types.'));
      continue;
    }
    const size = sizes.get(file) ?? 0;
    if (size > IMAGE_MAX_BYTES) {
      problems.push(error(file, {}, `The image is ${sizeText(size)}; at most ${sizeText(IMAGE_MAX_BYTES)} is allowed, since visitors download it as it is.`, 'Export it smaller: at the size it is shown (at most twice that for sharp screens), as WebP or an optimised PNG or SVG.'));
      continue;
    }
    if (size > IMAGE_WARN_BYTES) {
      problems.push(warning(file, {}, `The image is ${sizeText(size)}; visitors on phones wait for every byte of it.`, `Export it smaller than ${sizeText(IMAGE_WARN_BYTES)}: at the size it is shown, as WebP or an optimised PNG or SVG.`));
    }
    const svg = svgs.get(file);
    if (svg !== undefined) problems.push(...svgProblems(file, svg));
  }
  return problems;
}
