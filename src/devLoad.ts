// `storefront dev` reads again only the catalogue files its watcher saw change: at 10,000 services a full read
// is 20,000 files (0.3 to 0.8 s), an edit is one. Only plain text files (site.yaml, categories/*.yaml,
// descriptions/*.md, alternatives/*.md, cases/*.md) are read this way, with the rules of load.ts; any other change (an
// image, a folder, a name the watcher did not give) reads the whole catalogue again.
import { lstatSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isCatalogueText, loadCatalogue, textOfFile, type CatalogueSource, type LoadOptions } from './catalogue/load.ts';

/** File times come from a coarse clock: a file written just after a read began may carry an earlier time. */
const MTIME_SLACK_MS = 1000;

/** The catalogue's files load.ts reads as text (the site's pages, beside it, are read with the whole catalogue). */
const isText = (f: string) => isCatalogueText(f) && !f.startsWith('../');

/** What changed since the last read: catalogue paths (relative, with `/`), or everything. */
export type Changes = Set<string> | 'all';

export async function reloadCatalogue(dir: string, previous: CatalogueSource | undefined, changed: Changes, options: LoadOptions = {}): Promise<CatalogueSource> {
  // A link that led nowhere and may now lead to a file is listed afresh, with its warning.
  // So is a file that could not be read: its problem (file-unreadable) goes once it is read.
  if (!previous || changed === 'all' || ![...changed].every((file) => isText(file) && !previous.skippedLinks?.has(file) && !previous.unreadable?.has(file))) return loadCatalogue(dir, options);
  if (!changed.size) return previous;
  const texts = new Map(previous.texts);
  const sizes = new Map(previous.sizes);
  let added = false;
  for (const file of changed) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, file));
    } catch (error) {
      // A link that now leads nowhere is no deleted file: the whole read reports it (skipped-link).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || lstatSync(join(dir, file), { throwIfNoEntry: false })?.isSymbolicLink()) return loadCatalogue(dir, options);
      texts.delete(file);
      sizes.delete(file);
      continue;
    }
    added ||= !texts.has(file);
    sizes.set(file, bytes.byteLength);
    texts.set(file, textOfFile(file, bytes));
  }
  // load.ts hands the texts over sorted; a new file takes its place among them.
  return { ...previous, texts: added ? new Map([...texts].sort(([a], [b]) => a.localeCompare(b))) : texts, sizes };
}

/** The catalogue as last read, and the files of it changed since (the watcher's names): a rebuild reads only those. */
export class CatalogueReads {
  private readonly catalogueDir: string;
  private source: CatalogueSource | undefined;
  private changes: Changes = 'all';
  private readAt = 0;

  constructor(catalogueDir: string) {
    this.catalogueDir = catalogueDir;
  }

  /** The build's way to read the catalogue: again only what changed since the last read. */
  async load(dir: string, loadOptions: LoadOptions) {
    const taken = this.changes;
    this.readAt = Date.now();
    this.changes = new Set();
    try {
      return (this.source = await reloadCatalogue(dir, this.source, taken, loadOptions));
    } catch (error) {
      this.source = undefined;
      this.changes = 'all';
      throw error;
    }
  }

  /** The build hard-links the catalogue's images into the site, which changes their link count: the watcher
   *  reports that as a 'change' of every image, and each build would start the next. A 'change' counts when the
   *  file's content may differ from what the last read saw: modified since, or of another size; a text file or an
   *  SVG of the same size and an older time (put back by `cp -p`, `unzip` or a backup) is compared by its text. (A
   *  raster image so put back is not: comparing it means reading and hashing it, at every build's links.) */
  contentChanged(name: string) {
    const file = name.split(sep).join('/');
    try {
      const path = join(this.catalogueDir, name);
      const stats = statSync(path);
      if (!stats.isFile() || stats.mtimeMs >= this.readAt - MTIME_SLACK_MS || this.source?.sizes.get(file) !== stats.size) return true;
      if (/\.svg$/i.test(file) && this.source?.svgs.has(file)) return readFileSync(path, 'utf8') !== this.source.svgs.get(file);
      return isText(file) && textOfFile(file, readFileSync(path)) !== this.source?.texts.get(file);
    } catch {
      return true; // gone: a change
    }
  }

  changed(name: string) {
    if (this.changes !== 'all') this.changes.add(name.split(sep).join('/'));
  }

  /** Whatever changed while the folder was not watched is in no event: read it all again. */
  changedAll() {
    this.changes = 'all';
  }
}
