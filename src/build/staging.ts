// The folder a build writes the new site into, beside the output folder, before emit swaps it in (emit.ts).
// With the build cache, the site the swap replaced is not deleted but kept in the cache folder, and the next
// build starts from it: a file already there as it should be stays, every other one is replaced, and what the
// new site no longer has is removed before the swap. At 10,000 services a build after one edit would otherwise
// create 31,000 names (10,000 pages and images, 20,000 folders) and delete as many with the old site: 3 of its
// 7 seconds on this machine's disk (docs/decisions.md). "As it should be" is checked on the file itself, never
// on a record of it: a link is the same file (inode) as its source, written content has the same bytes.
import { lstatSync, readFileSync, statSync, type Stats } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import { makeFolder } from '../makeFolder.ts';
import { vanished } from '../errors.ts';
import { KEPT_SITES } from './cache.ts';
import { BUILD_MARKER, BUILD_MARKER_TEXT, stagingFolder } from './outDir.ts';
import { foldersOf, recordName } from './upToDate.ts';
import { walkFolder } from './walkFolder.ts';

/** A file of the site: its content, or the file to link or copy (with what stat said of it, when just asked). */
export type SiteFile = { content: string | Uint8Array } | { copyFrom: string; source?: Stats };

/** The folder the new site is written into: empty, or an earlier site to bring up to date. A file already
 *  written is not written again. */
export class Staging {
  private readonly folders = new Map<string, Promise<unknown>>();
  readonly written = new Set<string>();
  readonly dir: string;
  /** Where the site this build replaces is kept for the next build (in the cache folder), if anywhere. */
  readonly keepOldIn: string | undefined;
  /** The files of the previous site this folder started as that this build has not written (yet). */
  private readonly previous: Set<string>;
  /** Its folders. */
  private readonly previousFolders: Set<string>;
  /** Files of the previous site kept as they were, each with what lstat said of it when it was found so: the
   *  record of the output (upToDate.ts) takes that rather than asking again (30,000 files at 10,000 services). */
  readonly kept = new Map<string, Stats>();
  /** Whether the folder started as an earlier build's site. */
  readonly recycled: boolean;
  /** Set once emit begins to swap the folder in: a build stopped from then on finishes rather than removing it. */
  swapping = false;

  private constructor(dir: string, keepOldIn: string | undefined, previous: { files: Set<string>; folders: Set<string> }) {
    this.dir = dir;
    this.keepOldIn = keepOldIn;
    this.previous = previous.files;
    this.previousFolders = previous.folders;
    this.recycled = previous.files.size > 0;
  }

  /** A staging folder for outDir: the previous site kept in `keepOldIn` when there is one (it is moved here),
   *  or a new empty folder. */
  static async open(outDir: string, keepOldIn?: string): Promise<Staging> {
    const dir = stagingFolder(outDir);
    await rm(dir, { recursive: true, force: true });
    let previous = { files: new Set<string>(), folders: new Set<string>() };
    // No kept site, or one on another file system (EXDEV): a new folder.
    if (keepOldIn && (await rename(keepOldIn, dir).then(() => true, () => false))) {
      try {
        previous = filesIn(dir);
      } catch {
        await rm(dir, { recursive: true, force: true });
      }
    }
    await mkdir(dir, { recursive: true });
    // The mark of a folder a build wrote: the next build may replace it (outDir.ts).
    previous.files.delete(BUILD_MARKER);
    await rm(join(dir, BUILD_MARKER), { force: true });
    await writeFile(join(dir, BUILD_MARKER), BUILD_MARKER_TEXT);
    return new Staging(dir, keepOldIn, previous);
  }

  async write(path: string, file: SiteFile): Promise<void> {
    if (this.written.has(path)) return;
    this.written.add(path);
    const target = join(this.dir, path);
    if (this.previous.delete(path)) {
      const kept = alreadyThere(target, file);
      if (kept) {
        this.kept.set(path, kept);
        return;
      }
      // Never written through: the old file may be another name of a cache blob or of a catalogue image.
      await rm(target, { force: true });
    } else await this.makeFolderFor(path);
    // A page from the build cache carries its HTML too: should another build prune the cache's copy meanwhile,
    // the page is written instead.
    // A catalogue image or public file removed since the build listed it: the build stops, saying so.
    if ('copyFrom' in file) await this.linkOrCopy(file.copyFrom, target).catch((error: NodeJS.ErrnoException) => ('content' in file && error.code === 'ENOENT' ? writeFile(target, file.content as string | Uint8Array) : Promise.reject(vanished(error, file.copyFrom))));
    else await writeFile(target, file.content);
  }

  /** Writes the files not written yet, a few at a time. */
  async writeAll(files: Iterable<[string, SiteFile]>): Promise<void> {
    const limit = pLimit(WRITE_CONCURRENCY);
    await Promise.all([...files].filter(([path]) => !this.written.has(path)).map(([path, file]) => limit(() => this.write(path, file))));
  }

  /** Removes what the previous site had and this one does not: its other files, and the folders that hold
   *  none of this site's files. Once every file is written. */
  async removeLeftovers(): Promise<void> {
    const used = foldersOf(this.written);
    const gone = [...this.previous, ...[...this.previousFolders].filter((folder) => !used.has(folder))];
    this.previous.clear();
    const limit = pLimit(WRITE_CONCURRENCY);
    await Promise.all(gone.map((path) => limit(() => rm(join(this.dir, path), { force: true, recursive: true }))));
  }

  abort = () => rm(this.dir, { recursive: true, force: true });

  // The catalogue's images go into the site as hard links where the file system allows it: the same file under
  // a second name, nothing copied. Copying 10,000 images took 1.9 s and 3 s of the kernel's CPU here, linking
  // them 0.15 s. Across file systems (or where links are refused) they are copied. The images in dist/ are then
  // the catalogue's own files: edit them in the catalogue, never in dist/ (no publishing step writes into dist/).
  /** Whether this folder's file system still takes links (false after the first refusal). */
  private linking = true;

  private async linkOrCopy(from: string, to: string): Promise<void> {
    if (this.linking) {
      try {
        return await link(from, to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
        this.linking = false; // EXDEV, EPERM and the like: this file system will not link, so stop asking it
      }
    }
    await copyFile(from, to);
  }

  /** The folder of a file the previous site did not have, made once; a file of the previous site in the way
   *  (where a folder now goes, or the folder where a file now goes) is removed first. */
  private async makeFolderFor(path: string): Promise<void> {
    if (this.previousFolders.has(path)) {
      await rm(join(this.dir, path), { recursive: true, force: true });
      for (const set of [this.previous, this.previousFolders]) for (const entry of set) if (entry.startsWith(`${path}/`)) set.delete(entry);
      this.previousFolders.delete(path);
    }
    const folder = dirname(path);
    if (folder === '.' || this.previousFolders.has(folder)) return;
    let made = this.folders.get(folder);
    if (!made) {
      const inTheWay = ancestors(path).filter((p) => this.previous.delete(p));
      made = Promise.all(inTheWay.map((p) => rm(join(this.dir, p), { force: true }))).then(() => mkdir(join(this.dir, folder), { recursive: true }));
      this.folders.set(folder, made);
    }
    await made;
  }
}

const WRITE_CONCURRENCY = 32;

/** The folders above a path inside the site, nearest the top first. */
const ancestors = (path: string) => {
  const parts = path.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
};

/** The previous site's file, if it is already what would be written: the very file linked from (its inode),
 *  or a file of its own (no other name) with the same bytes. */
function alreadyThere(target: string, file: SiteFile): Stats | undefined {
  try {
    const old = lstatSync(target);
    if (!old.isFile()) return undefined;
    if ('copyFrom' in file) {
      const source = file.source ?? statSync(file.copyFrom);
      return old.ino === source.ino && old.dev === source.dev ? old : undefined;
    }
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    return old.nlink === 1 && old.size === bytes.byteLength && readFileSync(target).equals(bytes) ? old : undefined;
  } catch {
    return undefined;
  }
}

/** The files (and, apart, the folders) inside dir, as paths relative to it with `/`. */
function filesIn(dir: string): { files: Set<string>; folders: Set<string> } {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const [entry, path] of walkFolder(dir)) (entry.isDirectory() ? folders : files).add(path);
  return { files, folders };
}

/** Where the site an output folder's last build replaced is kept: its entry in the cache folder (`sites/`, named
 *  as the folder's record of its last build), and its path. */
export const keptSiteEntry = (outDir: string) => `${KEPT_SITES}/${recordName(outDir)}`;
export const keptSite = (cacheDir: string, outDir: string) => join(cacheDir, keptSiteEntry(outDir));

/** Puts the old site (moved aside by the swap) where the next build starts from, or removes it when there is
 *  no such place or it cannot go there (another file system). */
export async function keepOrRemove(old: string, keepIn: string | undefined): Promise<void> {
  if (keepIn) {
    await rm(keepIn, { recursive: true, force: true });
    await makeFolder(dirname(keepIn));
    if (await rename(old, keepIn).then(() => true, () => false)) return;
  }
  await rm(old, { recursive: true, force: true });
}
