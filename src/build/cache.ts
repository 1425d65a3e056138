// The build cache: one folder (node_modules/.cache/storefront, or --cache-dir) that `build`, `start` and `dev`
// reuse between runs. Safe to delete at any time: every read that fails (a missing file, a half-written or
// corrupt one) is a miss, never an error, and every write goes to a temporary file renamed into place. Never
// wrong: an entry's key is a hash of everything its value is made from: the content, the code that makes it
// (the files of its module graph: from esbuild's metafile for bundles and pages, otherwise by following the
// imports of the module that makes it, codeVersion), the tool's and the libraries' versions, and the options. Bounded: each build lists what it used; entries no
// recent build used are removed (prune).
//
// Layout: blobs/<aa>/<sha256> content-addressed files (pages, bundle outputs, packs), records/<name>.json small
// JSON records that map keys to blobs, and the folders of the older per-stage caches (fonts/, images/, emoji/,
// compressed/), whose file names are their keys.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { makeFolder } from '../makeFolder.ts';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The build cache when no --cache-dir is given: node_modules/.cache/storefront in the project, the nearest folder
 *  at or above where the command runs that has a package.json (the site's folder, as npm finds it), where tools
 *  keep their caches; not in the installed package's folder, which a global install makes another user's and
 *  which the docs' `rm -rf node_modules/.cache/storefront` never reached. */
export function defaultCacheDir(from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'node_modules/.cache/storefront');
    if (dirname(dir) === dir) return join(resolve(from), 'node_modules/.cache/storefront');
  }
}

/** Written into the cache folder when storefront takes it (new, empty, or its default): prune removes files only
 *  in a folder holding it, never in one of the maintainer's named by mistake (`--cache-dir .`). */
export const CACHE_MARKER = '.storefront-cache';
const CACHE_MARKER_TEXT = "storefront's build cache: storefront removes the files in this folder it no longer needs. Safe to delete.\n";

/**
 * Takes dir as the cache folder and marks it: a folder already marked, a new or empty one, or the default folder
 * (an older storefront filled it without a marker; nothing else writes there). Otherwise says why not. A marker
 * that cannot be written leaves the folder unmarked: the cache is then read and written, never pruned.
 */
export async function markCacheDir(dir: string, defaultDir?: string): Promise<string | undefined> {
  let entries: string[];
  try {
    if (!(await stat(dir)).isDirectory()) return 'it is a file, not a folder';
    entries = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return 'a part of its path is a file, not a folder';
    if (code !== 'ENOENT') return undefined; // unreadable: every read is a miss, and nothing is pruned
    entries = [];
  }
  if (entries.includes(CACHE_MARKER)) return undefined;
  if (entries.length && (defaultDir === undefined || resolve(dir) !== resolve(defaultDir))) return `it holds files that are not storefront's build cache (there is no ${CACHE_MARKER} file in it)`;
  await atomicWrite(join(dir, CACHE_MARKER), CACHE_MARKER_TEXT).catch(() => undefined);
  return undefined;
}

/** Bumped when the cache's layout or a record's shape changes. */
const LAYOUT = 1;
/** Entries used by any of this many latest builds are kept (a dev session and a build, or two catalogues). */
const KEEP_BUILDS = 4;

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A file's text, decoded at once: `readFile(path, 'utf8')` decodes it 512 KB at a time and joins the pieces, and
 *  JSON.parse of such a joined string is slower (the records of a warm build at 10,000 services: 42 MB). */
export const readText = async (path: string): Promise<string> => (await readFile(path)).toString('utf8');

/** A stable hash of any JSON-able value list. */
export const keyOf = (...parts: unknown[]) => sha256(JSON.stringify(parts));

const packageJson = (dir: string): { version?: string; dependencies?: Record<string, string> } => {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
  } catch {
    return {};
  }
};

/** The installed version of a library (from its package.json; '' when it is not installed). */
export const libraryVersion = (name: string) => packageJson(installedPath(`node_modules/${name}`)).version ?? '';

/**
 * A path inside the package, with one under node_modules/ found as Node finds a package: in the tool's own
 * node_modules, else in those of the folders above it, where npm puts a site's packages when storefront is one of
 * them ('node_modules/react/index.js' is then ../react/index.js).
 */
export function installedPath(path: string): string {
  if (!path.startsWith('node_modules/')) return join(PACKAGE_ROOT, path);
  for (let dir = PACKAGE_ROOT; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, path))) return join(dir, path);
  }
  return join(PACKAGE_ROOT, path);
}

/** The tool's release (package.json's version); a test may set another to see every key change. */
export const TOOL = { version: packageJson(PACKAGE_ROOT).version ?? '' };

/** Hash of the contents of files (absolute, or relative to the package); a missing file hashes as missing. */
export function filesHash(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(resolve(PACKAGE_ROOT, file)));
    } catch {
      hash.update('\0missing');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Relative imports of a module and the packages it imports or reads a file of (`require.resolve`: a font). */
// A specifier starts with a letter, `@` or `.`, holds no space and ends with the quote it began with: `"from" the
// lowest price.` in a text, or `@import "…"` in a comment, is none.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\(\s*|\bcreateRequire\([^)]*\)\.resolve\(\s*)(['"])([@\w.][^'"\s]*)\1/g;
/** An import or export of types only, which the running code never loads. */
const TYPES_ONLY = /^[ \t]*(?:import|export)[ \t]+type[ \t][^;=]*?\bfrom\s*['"][^'"]+['"]/gm;

/** The package a bare import names: `react-dom/server` → `react-dom`, `@scope/name/x` → `@scope/name`. */
export const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The files the entry modules reach through the relative imports their code runs (found by reading them, as Node
 *  would; an import of types only is not followed), and the packages those files import or read files of. */
export function reachedCode(entries: readonly string[]): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    let text = '';
    try {
      text = readFileSync(resolve(PACKAGE_ROOT, file), 'utf8').replace(TYPES_ONLY, '');
    } catch {
      return; // hashed as missing
    }
    for (const [, , specifier] of text.matchAll(IMPORT)) {
      if (specifier!.startsWith('.')) visit(relative(PACKAGE_ROOT, resolve(PACKAGE_ROOT, file, '..', specifier!)).split(sep).join('/'));
      else if (!specifier!.startsWith('node:')) packages.add(packageOf(specifier!));
    }
  };
  for (const entry of entries) visit(entry);
  return { files: [...files], packages: [...packages].sort() };
}

/**
 * The version of some of the tool's code: the files the entry modules reach (reachedCode), the installed versions
 * of the packages they import, and the tool's release (toolRelease). More precise than the whole tool's hash:
 * editing the deploy code does not throw away the compiled descriptions, editing the Markdown compiler does.
 */
export function codeVersion(entries: readonly string[]): string {
  const { files, packages } = reachedCode(entries);
  return keyOf(toolRelease(), filesHash(files), packages.map((p) => [p, libraryVersion(p)]));
}

/**
 * What every key includes: the cache's layout, the tool's release, and the Unicode and ICU data of Node's V8 (what
 * a regular expression's \p{…}, a collator or a number format give). Not Node's own version: a patch release
 * changes none of the outputs, and the key must be the same in this repository and in an installed copy (which has
 * no lock file), so that the package's prebuilt files (prebuilt.ts) match a site's build. Nor every library's
 * version: a key names those its code imports (codeVersion), since an installed copy gets each library's latest
 * release in the package's range, and a new release of one the key's code never loads (the AWS SDK's come out
 * most days) kept every prebuilt file from matching.
 */
export const toolRelease = () => keyOf(LAYOUT, TOOL.version, process.versions.unicode, process.versions.icu);

/** The installed version of every library the tool depends on: what the up-to-date check compares (upToDate.ts). */
export const libraryVersions = () => Object.keys(packageJson(PACKAGE_ROOT).dependencies ?? {}).sort().map((name) => [name, libraryVersion(name)]);

/** The folder of the cache that holds the sites earlier builds replaced (staging.ts). */
export const KEPT_SITES = 'sites';

/**
 * One build's handle on the cache folder. Reads never throw; writes are atomic and their failures (a full
 * disk, a read-only folder) are ignored, since the build has the value anyway.
 */
export class BuildCacheDir {
  readonly dir: string;
  /** Blobs and records this build read or wrote: what prune keeps. */
  private readonly used = new Set<string>();
  private readonly pending: Promise<unknown>[] = [];
  /** Hits and misses by kind of entry, for --verbose. */
  readonly stats: Record<string, { hits: number; misses: number }> = {};

  constructor(dir: string) {
    this.dir = dir;
  }

  count(kind: string, hit: boolean) {
    const s = (this.stats[kind] ??= { hits: 0, misses: 0 });
    if (hit) s.hits++;
    else s.misses++;
  }

  /** A folder of the cache for a stage that keeps its own files by key (fonts, images, emoji, compressed). */
  folder(name: string): string {
    this.used.add(`${name}/`);
    return join(this.dir, name);
  }

  /** Where blobs go: what a worker that stores them is given (storeBlobSync). */
  get blobs(): string {
    return join(this.dir, 'blobs');
  }

  blobPath(hash: string): string {
    return blobPathIn(this.blobs, hash);
  }

  /**
   * A blob's bytes, or undefined when it is missing or damaged. Damage is found by hashing the bytes again,
   * or, given the blob's stamp (its size and modification time once written, see stamp), by the stamp: that is
   * what pages use, since hashing 10,000 pages again (100 MB) would take a third of a warm build. A blob cannot
   * be half-written (the rename); what could change one is a write into the site's hard-linked copy of it, and
   * that changes its modification time (and it is read-only, so an editor refuses to save over it).
   */
  async readBlob(hash: string, stamp?: string): Promise<Buffer | undefined> {
    let file: FileHandle | undefined;
    try {
      file = await open(this.blobPath(hash));
      if (stamp !== undefined && stampOf(await file.stat()) !== stamp) return undefined;
      const bytes = await file.readFile();
      if (stamp === undefined && sha256(bytes) !== hash) return undefined;
      this.used.add(`blobs/${hash}`);
      return bytes;
    } catch {
      return undefined;
    } finally {
      await file?.close();
    }
  }

  /** readBlob without the event loop: 10,000 pages read this way took 0.2 s here, a fifth of the time 10,000
   *  promise-based reads (open, stat, read, close: four round trips each) took. Without a stamp, the bytes are
   *  hashed again. */
  readBlobSync(hash: string, stamp?: string): Buffer | undefined {
    let fd: number | undefined;
    try {
      fd = openSync(this.blobPath(hash), 'r');
      const stats = fstatSync(fd);
      if (stamp !== undefined && stampOf(stats) !== stamp) return undefined;
      const bytes = Buffer.allocUnsafe(stats.size);
      let read = 0;
      while (read < bytes.length) {
        const n = readSync(fd, bytes, read, bytes.length - read, read);
        if (n === 0) return undefined;
        read += n;
      }
      if (stamp === undefined && sha256(bytes) !== hash) return undefined;
      this.used.add(`blobs/${hash}`);
      return bytes;
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  stampSync(hash: string): string | undefined {
    try {
      return stampOf(statSync(this.blobPath(hash)));
    } catch {
      return undefined;
    }
  }

  /** A blob as a file of the site, linked from here, while its stamp is `stamp`; else undefined. What stat said
   *  of it goes along: the staging folder compares the file it may already hold with it rather than asking again
   *  (20,000 pages and cards of a warm build). */
  blobFile(hash: string, stamp: string): { copyFrom: string; source: Stats } | undefined {
    const copyFrom = this.blobPath(hash);
    try {
      const source = statSync(copyFrom);
      return stampOf(source) === stamp ? { copyFrom, source } : undefined;
    } catch {
      return undefined;
    }
  }

  /** A blob's size and modification time, or undefined when it is missing. */
  async stamp(hash: string): Promise<string | undefined> {
    return stat(this.blobPath(hash)).then(stampOf, () => undefined);
  }

  /** Runs `then` once the writes started so far are done (to record what they wrote), before the build ends. */
  whenWritten(then: () => Promise<unknown> | unknown) {
    const before = [...this.pending];
    this.later(Promise.all(before).then(then));
  }

  /** Stores bytes under their hash; returns the hash. A blob already there is kept only if its bytes are
   *  right (one changed through a hard link is replaced). The write finishes in the background (settle). */
  putBlob(bytes: string | Uint8Array, hash = sha256(bytes)): string {
    // A write that fails (a cache folder this user may not write into) is a miss for the next build, not a crash
    // of this one: settle waits for it, and nothing else asks for its stamp.
    this.writeBlob(bytes, hash).catch(() => undefined);
    return hash;
  }

  /** putBlob, resolved with the blob's stamp once it is on disk: for a file the site links to (a link-preview
   *  card) rather than one the build holds in memory. */
  writeBlob(bytes: string | Uint8Array, hash = sha256(bytes)): Promise<string | undefined> {
    this.used.add(`blobs/${hash}`);
    const path = this.blobPath(hash);
    // Most blobs are new: a failed asynchronous open per page cost a cold build of 10,000 pages 0.7 s of this
    // thread; existsSync answers that in microseconds.
    const right = existsSync(path) ? readFile(path).then((there) => sha256(there) === hash, () => false) : Promise.resolve(false);
    const written = right.then((same) => (same ? undefined : atomicWrite(path, bytes, 0o444)));
    this.later(written);
    return written.then(() => this.stamp(hash));
  }

  /** Marks a blob as used without reading it (a page linked from the cache). */
  keep(hash: string) {
    this.used.add(`blobs/${hash}`);
  }

  async readRecord<T>(name: string): Promise<T | undefined> {
    try {
      const value = JSON.parse(await readText(join(this.dir, 'records', `${name}.json`))) as T;
      this.used.add(`records/${name}`);
      return value;
    } catch {
      return undefined;
    }
  }

  writeRecord(name: string, value: unknown) {
    this.writeRecordsInTurn([[name, value]]);
  }

  /** Writes records one after another, each turned into JSON only when its turn comes: the 16 shards of 10,000
   *  compiled descriptions as JSON at once were 60 MB more at the end of a build, its peak of memory. */
  writeRecordsInTurn(records: readonly (readonly [name: string, value: unknown])[]) {
    for (const [name] of records) this.used.add(`records/${name}`);
    this.later(
      (async () => {
        for (const [name, value] of records) await atomicWrite(join(this.dir, 'records', `${name}.json`), JSON.stringify(value)).catch(() => undefined);
      })(),
    );
  }

  /** A file the build needs that lives elsewhere but is the cache's to prune (the prerenderer module). */
  keepFile(relativePath: string) {
    this.used.add(relativePath);
  }

  /** Work on the cache that the build waits for before it ends (settle), whose failure is only a miss later. */
  later(write: Promise<unknown>) {
    this.pending.push(write.catch(() => undefined));
  }

  /** Waits for the background writes. */
  async settle(): Promise<void> {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
  }

  /**
   * After a successful build: waits for its writes, notes what it used, and removes the blobs and records that
   * none of the last KEEP_BUILDS builds used and that are older than this build (a build running beside this
   * one may have just made them).
   */
  async finish(started: number): Promise<void> {
    await this.settle();
    if (!existsSync(join(this.dir, CACHE_MARKER))) return;
    const builds = join(this.dir, 'builds');
    try {
      // Two builds in one process may finish in the same millisecond: each keeps its own list.
      await atomicWrite(join(builds, `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}.json`), JSON.stringify([...this.used]));
      const manifests = (await readdir(builds)).filter((f) => f.endsWith('.json')).sort((a, b) => Number.parseInt(b) - Number.parseInt(a));
      const keep = new Set<string>();
      for (const manifest of manifests.slice(0, KEEP_BUILDS)) {
        const list = await readFile(join(builds, manifest), 'utf8').then((t) => JSON.parse(t) as string[], () => []);
        for (const entry of list) keep.add(entry);
      }
      await Promise.all(manifests.slice(KEEP_BUILDS).map((m) => rm(join(builds, m), { force: true })));
      await this.prune(keep, started);
    } catch {
      // pruning is housekeeping: a cache folder that cannot be listed or written is left as it is
    }
  }

  private async prune(keep: ReadonlySet<string>, started: number) {
    // A few at a time: one after the other, the 10,000 pages another version of the templates left took 2.1 s.
    const limit = pLimit(PRUNE_CONCURRENCY);
    const removals: Promise<void>[] = [];
    const old = async (path: string) => (await stat(path).catch(() => undefined))?.mtimeMs ?? Infinity;
    const remove = (path: string, entry: string, before = started) => {
      if (keep.has(entry)) return;
      removals.push(
        limit(async () => {
          if ((await old(path)) < before) await rm(path, { force: true, recursive: true });
        }),
      );
    };
    for (const shard of await readdir(join(this.dir, 'blobs')).catch(() => [])) {
      const folder = join(this.dir, 'blobs', shard);
      for (const hash of await readdir(folder).catch(() => [])) {
        // A temporary file is a write a stopped build left behind, once it is an hour old.
        if (hash.endsWith('.tmp')) remove(join(folder, hash), '', started - 3_600_000);
        else remove(join(folder, hash), `blobs/${hash}`);
      }
    }
    for (const record of await readdir(join(this.dir, 'records')).catch(() => [])) {
      if (record.endsWith('.json')) remove(join(this.dir, 'records', record), `records/${record.slice(0, -'.json'.length)}`);
    }
    // The sites kept for output folders no recent build wrote (staging.ts).
    for (const site of await readdir(join(this.dir, KEPT_SITES)).catch(() => [])) remove(join(this.dir, KEPT_SITES, site), `${KEPT_SITES}/${site}`);
    for (const file of await readdir(this.dir).catch(() => [])) {
      if (/^server-[0-9a-f]+\.mjs$/.test(file)) remove(join(this.dir, file), file);
    }
    await Promise.all(removals);
  }
}

const PRUNE_CONCURRENCY = 32;

const stampOf = (stats: { size: number; mtimeMs: number }) => `${stats.size}:${stats.mtimeMs}`;

const blobPathIn = (blobs: string, hash: string) => join(blobs, hash.slice(0, 2), hash);

/** A blob a worker stored: its hash, and its stamp (BuildCacheDir.readBlob). The main thread marks it used. */
export interface StoredBlob {
  hash: string;
  stamp: string;
}

/**
 * What BuildCacheDir.writeBlob does, for a worker thread, which has no BuildCacheDir: stores bytes under their
 * hash in `blobs` (a blob already there is kept only if its bytes are right), written whole or not at all.
 * Undefined when that fails (a full disk, a read-only folder): the caller then hands over the bytes.
 */
export function storeBlobSync(blobs: string, bytes: Uint8Array): StoredBlob | undefined {
  const hash = sha256(bytes);
  const path = blobPathIn(blobs, hash);
  const temporary = temporaryPath(path);
  try {
    if (!existsSync(path) || sha256(readFileSync(path)) !== hash) {
      writeIntoFolder(temporary, bytes);
      renameSync(temporary, path);
    }
    return { hash, stamp: stampOf(statSync(path)) };
  } catch {
    // Nothing to remove where the folder could not be made (force still throws for a file in the path).
    if (existsSync(temporary)) rmSync(temporary, { force: true });
    return undefined;
  }
}

/** Writes a new file, making its folder only when it is missing: the folder is nearly always there, and asking
 *  first is two more calls into the file system for each of a cold build's 20,000 pages and cards. */
function writeIntoFolder(path: string, bytes: Uint8Array) {
  try {
    writeFileSync(path, bytes, { mode: 0o444 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes, { mode: 0o444 });
  }
}

/** A name for a file written before it is renamed to path: beside it (a rename within one folder is atomic), and
 *  of this write alone, so builds writing the same file at once (two processes, or two builds in one) never
 *  write into or rename each other's: 48 random bits of a UUID, which Node draws from a pool; short, since
 *  a public/ file's name is the maintainer's own and may be long already. */
export const temporaryPath = (path: string) => `${path}.${process.pid}.${randomUUID().slice(0, 13)}.tmp`;

/** Writes a file whole or not at all: a temporary file in the same folder, renamed over the target, and removed
 *  when either fails. */
export async function atomicWrite(path: string, bytes: string | Uint8Array, mode?: number): Promise<void> {
  await makeFolder(dirname(path));
  const temporary = temporaryPath(path);
  try {
    await writeFile(temporary, bytes, mode === undefined ? {} : { mode });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
