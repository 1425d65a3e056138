// Stage 1, load: read the catalogue folder into memory. The only file-system access of the catalogue
// stages; everything after this is pure and can be tested without a disk.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import { DESCRIPTION_MAX_BYTES, IMAGE_MAX_BYTES } from './limits.ts';

export interface CatalogueSource {
  /** Text files by path relative to the catalogue folder: site.yaml, categories/*.yaml, descriptions/*.md. */
  texts: ReadonlyMap<string, string>;
  /** Every file under img/, relative to the catalogue folder. */
  images: ReadonlySet<string>;
  /** The size in bytes of every text and image file; a description or image over its limit is not read. */
  sizes: ReadonlyMap<string, number>;
  /** The text of every SVG file under img/, which validation checks for script and external references. */
  svgs: ReadonlyMap<string, string>;
}

export class CatalogueNotFoundError extends Error {}

export async function loadCatalogue(dir: string): Promise<CatalogueSource> {
  const all = await listFiles(dir).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === 'ENOENT' || cause.code === 'ENOTDIR') {
      throw new CatalogueNotFoundError(`There is no catalogue folder at ${dir}. Pass --catalogue DIR, or run in a folder that has catalogue/site.yaml.`);
    }
    throw cause;
  });
  const isText = (f: string) => f === 'site.yaml' || /^categories\/[^/]+\.ya?ml$/.test(f) || /^descriptions\/[^/]+\.md$/.test(f);
  const images = all.filter((f) => f.startsWith('img/'));
  const sizes = new Map<string, number>();
  const texts = new Map<string, string>();
  const svgs = new Map<string, string>();
  // A few files at a time: 10,000 services are 20,000 files or more, and each read holds a descriptor.
  const limit = pLimit(64);
  await Promise.all([
    ...all.filter(isText).map((f) => limit(async () => {
      const size = (await stat(join(dir, f))).size;
      sizes.set(f, size);
      // An oversized description is reported, not read: a 50 MB one took 1.3 GB to compile.
      texts.set(f, f.endsWith('.md') && size > DESCRIPTION_MAX_BYTES ? '' : await readFile(join(dir, f), 'utf8'));
    })),
    ...images.map((f) => limit(async () => {
      const size = (await stat(join(dir, f))).size;
      sizes.set(f, size);
      if (/\.svg$/i.test(f) && size <= IMAGE_MAX_BYTES) svgs.set(f, await readFile(join(dir, f), 'utf8'));
    })),
  ]);
  return { texts: new Map([...texts].sort(([a], [b]) => a.localeCompare(b))), images: new Set(images), sizes, svgs };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((f) => !f.split('/').some((part) => part.startsWith('.')));
}
