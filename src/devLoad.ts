// `storefront dev` reads again only the catalogue files its watcher saw change: at 10,000 services a full read
// is 20,000 files (0.3 to 0.8 s), an edit is one. Only plain text files (site.yaml, categories/*.yaml,
// descriptions/*.md, alternatives/*.md) are read this way, with the rules of load.ts; any other change (an
// image, a folder, a name the watcher did not give) reads the whole catalogue again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalogue, type CatalogueSource, type LoadOptions } from './catalogue/load.ts';
import { DESCRIPTION_MAX_BYTES } from './catalogue/limits.ts';

/** The files load.ts reads as text. */
const isText = (f: string) => f === 'site.yaml' || /^categories\/[^/]+\.ya?ml$/.test(f) || /^(descriptions|alternatives)\/[^/]+\.md$/.test(f);

/** What changed since the last read: catalogue paths (relative, with `/`), or everything. */
export type Changes = Set<string> | 'all';

export async function reloadCatalogue(dir: string, previous: CatalogueSource | undefined, changed: Changes, options: LoadOptions = {}): Promise<CatalogueSource> {
  if (!previous || changed === 'all' || ![...changed].every(isText)) return loadCatalogue(dir, options);
  if (!changed.size) return previous;
  const texts = new Map(previous.texts);
  const sizes = new Map(previous.sizes);
  let added = false;
  for (const file of changed) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return loadCatalogue(dir, options);
      texts.delete(file);
      sizes.delete(file);
      continue;
    }
    added ||= !texts.has(file);
    sizes.set(file, bytes.byteLength);
    texts.set(file, file.endsWith('.md') && bytes.byteLength > DESCRIPTION_MAX_BYTES ? '' : bytes.toString('utf8'));
  }
  // load.ts hands the texts over sorted; a new file takes its place among them.
  return { ...previous, texts: added ? new Map([...texts].sort(([a], [b]) => a.localeCompare(b))) : texts, sizes };
}
