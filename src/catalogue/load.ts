// Stage 1, load: read the catalogue folder into memory. The only file-system access of the catalogue
// stages; everything after this is pure and can be tested without a disk.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export interface CatalogueSource {
  /** Text files by path relative to the catalogue folder: site.yaml, categories/*.yaml, descriptions/*.md. */
  texts: ReadonlyMap<string, string>;
  /** Every file under img/, relative to the catalogue folder. */
  images: ReadonlySet<string>;
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
  const texts = new Map<string, string>();
  await Promise.all(
    all.filter(isText).map(async (f) => texts.set(f, await readFile(join(dir, f), 'utf8'))),
  );
  return { texts: new Map([...texts].sort(([a], [b]) => a.localeCompare(b))), images: new Set(all.filter((f) => f.startsWith('img/'))) };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((f) => !f.split('/').some((part) => part.startsWith('.')));
}
