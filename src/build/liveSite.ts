// `storefront dev`'s site folder, updated in place. A build replaces its output folder whole (emit.ts), which at
// 10,000 services is 21,000 files written and 10,000 images linked on every edit: 1.5 to 3 s. The dev server's
// folder is its own (a scratch folder nobody deploys), so after an edit only the files whose content changed
// are written, each whole (a temporary file renamed over it: a request never reads half a page), and the ones
// gone are removed; the link check looks again only at the pages that changed, unless the set of files or a
// changed page's ids did (a link elsewhere may point there). The reload is signalled after. No _headers or
// nginx.conf: dev serves without the hosting headers.
import { existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import { assembleSite, lazyDocuments, pagePaths, pagesByPath, type EmitInput } from './emit.ts';
import { BrokenLinks, findBrokenLinks } from './links.ts';
import { idsOf } from './pageScan.ts';
import { temporaryPath } from './cache.ts';
import { BUILD_MARKER, BUILD_MARKER_TEXT } from './outDir.ts';
import type { RenderedPage } from './render.ts';

/** A file as last written: its content, or the file it was linked from and that file's stamp then. */
type Entry = { content: string | Uint8Array } | { copyFrom: string; stamp: string };

export interface LiveUpdate {
  files: number;
  written: number;
  removed: number;
}

export class LiveSite {
  readonly dir: string;
  private files = new Map<string, Entry>();
  /** The pages last written, by path: compared by their bytes, decoded only when they changed. */
  private documents = new Map<string, RenderedPage>();
  /** The catalogue's image list the files were linked from: the same object while only texts changed (devLoad.ts). */
  private images: unknown;
  /** The routes of the pages last written, in order: showFirst goes ahead only while they are the same. */
  private routes: readonly string[] = [];
  /** A write failed: what the folder holds is unknown, so the next update starts it afresh. */
  private damaged = false;
  /** The files showFirst replaced since the last update, as they were: put back should the build then fail (a
   *  link elsewhere in the site found broken), so that the folder stays the last good build. */
  private shownOver = new Map<string, { entry: Entry; document: RenderedPage }>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Whether the folder holds a whole site: an update went through, and no write failed since. */
  get hasSite(): boolean {
    return this.files.size > 0 && !this.damaged;
  }

  /** What the dev server shows while a build fails, said after its problems. */
  get whileBroken(): string {
    return this.hasSite ? 'The dev server still shows the last good build.' : 'There is no site yet: the dev server shows these problems at every address until they are fixed.';
  }

  /**
   * Writes these pages ahead of the update (the pages open in a browser: dev.ts), each that changed and can be
   * judged now: the site has the same pages as at the last update (`routes`), its links hold against the files
   * the folder has, and its ids are those it had (links elsewhere may point at them). Returns the routes
   * written; the update that follows finds their files as written. Any other page waits for the update.
   */
  async showFirst(pages: readonly RenderedPage[], routes: readonly string[], kinds: EmitInput['kinds']): Promise<Set<string>> {
    const shown = new Set<string>();
    if (this.damaged || this.files.size === 0 || routes.length !== this.routes.length || routes.some((route, i) => route !== this.routes[i])) return shown;
    const names = new Set(this.files.keys());
    for (const page of pages) {
      const paths = pagePaths(page, kinds);
      const before = this.documents.get(paths[0]!);
      if (!before || samePage(before, page) || !sameSet(idsOf(before.html), idsOf(page.html))) continue;
      const documents = { keys: () => paths, get: (path: string) => (paths.includes(path) ? page.html : this.documents.get(path)?.html) };
      if (findBrokenLinks(documents, names, paths).length) continue;
      try {
        for (const path of paths) {
          const [entry, document] = [this.files.get(path), this.documents.get(path)];
          if (entry && document && !this.shownOver.has(path)) this.shownOver.set(path, { entry, document });
          const content = page.bytes ?? page.html;
          await replaceFile(join(this.dir, path), (to) => writeFile(to, content));
          this.files.set(path, { content });
          this.documents.set(path, page);
        }
      } catch (error) {
        this.damaged = true;
        throw error;
      }
      shown.add(page.page.route);
    }
    return shown;
  }

  /** Puts back the files showFirst replaced, after a build that did not reach its update. */
  async undoShown(): Promise<void> {
    const shown = [...this.shownOver];
    this.shownOver.clear();
    try {
      for (const [path, { entry, document }] of shown) {
        await replaceFile(join(this.dir, path), (to) => putEntry(entry, to));
        this.files.set(path, entry);
        this.documents.set(path, document);
      }
    } catch (error) {
      this.damaged = true;
      throw error;
    }
  }

  async update(input: Omit<EmitInput, 'outDir' | 'deployDir'>): Promise<LiveUpdate> {
    const tree = assembleSite(input, null);
    tree.set(BUILD_MARKER, { content: BUILD_MARKER_TEXT });
    // Only the pages that changed are decoded (10,000 heavy pages are 185 MB of UTF-8, twice that as text).
    const documents = pagesByPath(input.pages, input.kinds);

    const names = new Set(tree.keys());
    const sameNames = names.size === this.files.size && [...names].every((name) => this.files.has(name));
    const changed = [...documents].filter(([path, page]) => !samePage(this.documents.get(path), page)).map(([path]) => path);
    const sameIds = changed.every((path) => this.documents.has(path) && sameSet(idsOf(this.documents.get(path)!.html), idsOf(documents.get(path)!.html)));
    const broken = findBrokenLinks(lazyDocuments(documents), names, sameNames && sameIds && !this.damaged ? changed : undefined);
    if (broken.length) throw new BrokenLinks(broken, this.whileBroken);

    if (this.damaged) {
      await rm(this.dir, { recursive: true, force: true });
      this.files.clear();
      this.documents.clear();
    }
    const sameImages = input.images === this.images;
    const next = new Map<string, Entry>();
    const writes: [string, Entry][] = [];
    for (const [path, file] of tree) {
      const before = this.files.get(path);
      let entry: Entry;
      if ('content' in file) entry = { content: file.content };
      else {
        // Unchanged images keep their stamp without a stat each (10,000 of them) while only texts changed.
        const kept = sameImages && before && 'copyFrom' in before && before.copyFrom === file.copyFrom;
        entry = { copyFrom: file.copyFrom, stamp: kept ? before.stamp : stampOf(file.copyFrom) };
      }
      next.set(path, entry);
      if (!before || !sameEntry(before, entry)) writes.push([path, entry]);
    }
    const removed = [...this.files.keys()].filter((path) => !next.has(path));
    const vanished = await this.write(writes, removed);
    for (const path of vanished) {
      const before = this.files.get(path);
      if (before) next.set(path, before);
      else next.delete(path);
    }
    this.shownOver.clear();
    this.files = next;
    this.documents = documents;
    this.routes = input.pages.map((rendered) => rendered.page.route);
    this.images = input.images;
    this.damaged = false;
    return { files: next.size, written: writes.length, removed: removed.length };
  }

  /**
   * Writes the files that changed and removes those gone, with the folders they leave empty. Returns the files
   * whose source was removed or renamed since the build listed it (a catalogue image, a public file): each stays
   * as it was (or absent), and the rest of the site is written. The watcher saw the change, so a build that takes
   * it in follows; marking the whole folder unknown would have served no site at all until then.
   */
  private async write(writes: readonly [string, Entry][], removed: readonly string[]): Promise<Set<string>> {
    const vanished = new Set<string>();
    try {
      const fresh = this.files.size === 0;
      const folders = new Map<string, Promise<unknown>>();
      const limit = pLimit(32);
      await Promise.all(
        writes.map(([path, entry]) =>
          limit(async () => {
            const target = join(this.dir, path);
            const folder = dirname(target);
            if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
            await folders.get(folder);
            // The first build writes into an empty folder; later ones replace files a page may be reading.
            await (fresh ? putEntry(entry, target) : replaceFile(target, (to) => putEntry(entry, to))).catch((error: NodeJS.ErrnoException) => {
              if (!('copyFrom' in entry) || error.code !== 'ENOENT' || existsSync(entry.copyFrom)) throw error;
              vanished.add(path);
            });
          }),
        ),
      );
      for (const path of removed) {
        await unlink(join(this.dir, path)).catch(() => undefined);
        // Folders left empty go too (rmdir refuses a folder that is not).
        for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) if (!(await rmdir(join(this.dir, folder)).then(() => true, () => false))) break;
      }
    } catch (error) {
      this.damaged = true;
      throw error;
    }
    return vanished;
  }
}

/** Writes an entry's file at `to`: its content, or a link to (else a copy of) the file it comes from. */
async function putEntry(entry: Entry, to: string): Promise<void> {
  if ('content' in entry) return writeFile(to, entry.content);
  await rm(to, { force: true });
  await link(entry.copyFrom, to).catch(() => copyFile(entry.copyFrom, to));
}

/** Replaces a file whole: `put` writes a temporary file beside it, which is renamed over it (a request never
 *  reads half a page). */
async function replaceFile(target: string, put: (to: string) => Promise<unknown>): Promise<void> {
  const to = temporaryPath(target);
  try {
    await put(to);
    await rename(to, target);
  } catch (error) {
    await rm(to, { force: true });
    throw error;
  }
}

const stampOf = (path: string) => {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

function sameEntry(a: Entry, b: Entry): boolean {
  if ('copyFrom' in a || 'copyFrom' in b) return 'copyFrom' in a && 'copyFrom' in b && a.copyFrom === b.copyFrom && a.stamp === b.stamp;
  if (a.content === b.content) return true;
  if (typeof a.content === 'string' || typeof b.content === 'string') return false;
  return Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength).equals(b.content);
}

/** The same document: the same bytes (dev's render memo hands back the very buffer of an unchanged page). */
function samePage(a: RenderedPage | undefined, b: RenderedPage): boolean {
  if (!a) return false;
  if (a.bytes && b.bytes) return a.bytes === b.bytes || Buffer.from(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength).equals(b.bytes);
  return a.html === b.html;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));
