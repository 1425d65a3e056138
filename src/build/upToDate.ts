// "Nothing changed; dist/ is up to date." A build whose every input is the last build's, into an output folder
// that still holds exactly what that build wrote, stops before it loads anything: at 10,000 services a warm
// build that changes nothing still takes 5 to 7 s (reading, validating, rendering from the cache, writing
// 21,000 files), this check about half a second. What it compares, strictly:
// - the inputs' key: the tool's release (layout, version, lock file, Node), the content of its code (src/,
//   templates/, the page kind folders, package.json, bin/), the options that shape the output, the folders,
//   and the environment the renderer reads (NODE_ENV, time zone, locale);
// - the catalogue: the list of files load.ts reads and each one's size, modification time and inode, taken
//   before the build read them. A file whose stat differs (or whose time is too close to the snapshot to be
//   trusted: a coarse clock gives a write just after the read the same time) is compared by the hash of the
//   text the build used; an image has no such hash, so any difference in it means a real build;
// - the output: every file the build wrote, with its size, time and inode, recorded in the staging folder just
//   before it became the output folder (a rename keeps them), and no other entry; the files written last are
//   also compared by content hash, for the same reason; nginx.conf by its content. "No other entry" is told by
//   each folder's stamp (a name added to a folder, or removed, or renamed in it, gives the folder a new time),
//   so only the top folder and the folders written last are listed: listing the 10,000 folders of a site of
//   10,000 services took 0.3 s of every check.
// The record lives in the cache folder (records/site-<key of the output folder>.json); --no-cache builds
// never stop early. Anything unreadable, or any doubt, is a real build.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { besideCatalogue, isCatalogueText, isPageName, textOfFile, topOfCatalogue, type CatalogueSource } from '../catalogue/load.ts';
import { isPublished } from '../catalogue/publicFolder.ts';
import type { Problem } from '../catalogue/problems.ts';
import { atomicWrite, keyOf, libraryVersions, PACKAGE_ROOT, readText, sha256, toolRelease } from './cache.ts';
import { defaultDeployDir } from './folders.ts';
import { BUILD_MARKER, checkOutDir, claimOutDir } from './outDir.ts';
import { themeDirOf } from './theme.ts';
import { walkFolder } from './walkFolder.ts';

/** A file whose time is this close to the moment it was looked at may change again without its time
 *  changing (file systems keep times as coarse as 2 s): it is compared by content. */
export const RACY_MS = 2000;

/** Size, modification time, inode. */
type FileStamp = [size: number, mtimeMs: number, ino: number];

export interface SiteInputs {
  catalogueDir: string;
  outDir: string;
  /** The nginx.conf the build writes. */
  nginxConf: string;
  /** Folders of code whose content the output depends on, besides src/ and templates/. */
  codeDirs: readonly string[];
  /** The options that shape the output. */
  options: unknown;
}

/** What a build saw before it read anything: the inputs' key and the catalogue's files. */
export interface InputSnapshot {
  key: string;
  at: number;
  catalogue: Record<string, FileStamp>;
}

/** What a complete build left: written to the cache folder at its end. */
export interface SiteRecord extends InputSnapshot {
  /** Hash of each catalogue text as the build used it (see textHash). */
  texts: Record<string, string>;
  /** Every file of the output folder (relative, with /). */
  output: Record<string, FileStamp>;
  /** When the output's files were looked at. */
  outputAt: number;
  /** Content hashes of the output files whose time was too recent to trust then. */
  racy: Record<string, string>;
  /** Every folder of the output but the top one, with its stamp. */
  folders: Record<string, FileStamp>;
  /** The folders whose time was too recent to trust then: listed by every check until one finds them settled. */
  racyFolders: string[];
  nginxConf: string;
  pages: number;
  files: number;
  /** The catalogue's warnings, which a build that stops early prints again. */
  problems: Problem[];
}

/** The build options this module reads (pipeline.ts BuildOptions). */
export interface SiteOptions {
  catalogueDir: string;
  outDir: string;
  deployDir?: string;
  pageKindDirs?: readonly string[];
  development?: boolean;
  baseUrl?: string;
  precompress?: boolean;
  imageCache?: string;
}

/** What the output depends on besides the catalogue and the tool's code. */
export const siteInputs = (options: SiteOptions): SiteInputs => ({
  catalogueDir: options.catalogueDir,
  outDir: options.outDir,
  nginxConf: join(options.deployDir ?? defaultDeployDir(options.outDir), 'nginx.conf'),
  // The site's theme/ folder is code the output depends on too (theme.ts).
  codeDirs: [...(options.pageKindDirs ?? []), ...(existsSync(themeDirOf(options.catalogueDir)) ? [themeDirOf(options.catalogueDir)] : [])],
  options: { development: Boolean(options.development), baseUrl: options.baseUrl ?? null, precompress: options.precompress !== false, imageCache: options.imageCache ?? null },
});

/** The last build's record when nothing changed (upToDate), read with the output folder held (outDir.ts's
 *  lock: a build writing it now is waited for); otherwise the snapshot it compared, for the build to record. */
export async function lastBuildIfUnchanged(options: SiteOptions & { projectDir: string; force?: boolean }, cacheDir: string, waiting: (pid: number) => void): Promise<{ last?: SiteRecord; snapshot?: InputSnapshot }> {
  // No record (a first build), or a folder the build would refuse or cannot make: the build says why. The
  // record (7 MB at 10,000 services) is read once, below.
  const recordPath = join(cacheDir, 'records', `${recordName(options.outDir)}.json`);
  if (!existsSync(recordPath) || !(await checkOutDir({ ...options, shown: options.outDir }).then(() => true, () => false))) return {};
  const claim = await claimOutDir(options.outDir, { waiting, restored: () => undefined }).catch(() => undefined);
  if (!claim) return {};
  try {
    const inputs = siteInputs(options);
    const snapshot = snapshotInputs(inputs);
    // Read with the folder held: a build that was writing it has written its own record by now.
    const last = await upToDateRecord(inputs, recordPath, snapshot);
    return last ? { last } : { snapshot };
  } catch {
    return {}; // a file gone while it was listed: the build takes its own snapshot
  } finally {
    await claim.release();
  }
}

/** upToDate on the record in the file `path`. When it holds, the racy files it found as written that are now old
 *  enough to be trusted by their stamps are racy no more in the file: the next check does not read them again.
 *  At 10,000 services the build once wrote 10,000 files of its search index last, and hashing them was 0.2 s of
 *  every check. The caller holds the output folder. */
export async function upToDateRecord(inputs: SiteInputs, path: string, snapshot: InputSnapshot): Promise<SiteRecord | undefined> {
  const checkedAt = Date.now();
  const last = upToDate(inputs, await readText(path).catch(() => undefined), snapshot);
  const settled = last && settledRecord(last, checkedAt);
  if (settled) await atomicWrite(path, JSON.stringify(settled)).catch(() => undefined);
  return last;
}

/**
 * The record without the racy files that a check begun at `checkedAt` found as written and whose times are older
 * than RACY_MS then: a change from then on gives such a file another time, and one before was in the content the
 * check compared. Undefined when no file settled.
 */
export function settledRecord(record: SiteRecord, checkedAt: number): SiteRecord | undefined {
  const racy = Object.entries(record.racy);
  const still = racy.filter(([path]) => (record.output[path]?.[1] ?? Infinity) > checkedAt - RACY_MS);
  const stillFolders = record.racyFolders.filter((folder) => (record.folders[folder]?.[1] ?? Infinity) > checkedAt - RACY_MS);
  if (still.length === racy.length && stillFolders.length === record.racyFolders.length) return undefined;
  return { ...record, racy: Object.fromEntries(still), racyFolders: stillFolders };
}

export const upToDateLine = (outDir: string, pages: number, ms: number) =>
  `Nothing changed since the last build; ${outDir} is up to date (${pages.toLocaleString('en-US')} ${pages === 1 ? 'page' : 'pages'}, checked in ${(ms / 1000).toFixed(2)} s).`;

export const recordName = (outDir: string) => `site-${keyOf(resolve(outDir)).slice(0, 16)}`;

const stampOf = (s: Stats): FileStamp => [s.size, s.mtimeMs, s.ino];
const sameStamp = (a: FileStamp | undefined, b: FileStamp) => a !== undefined && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
/** A text's hash as the build used it: the file's size in bytes, and the hash of load.ts's text of it
 *  (`hashOf`: sha256, or a memo of it). */
const textHash = (size: number, text: string, hashOf: (text: string) => string = sha256) => `${size}:${hashOf(text)}`;

/** The inputs' key and the catalogue's files, taken before the build reads the catalogue. */
export function snapshotInputs(inputs: SiteInputs): InputSnapshot {
  const at = Date.now();
  const catalogue: Record<string, FileStamp> = {};
  for (const [file, path] of catalogueFiles(inputs.catalogueDir)) catalogue[file] = stampThrough(path);
  // The public/ folder's files, by their path from the catalogue folder: they have no text hash, so any change
  // to one, or one more or less, is a real build.
  for (const [file, path] of publicFolderFiles(besideCatalogue(inputs.catalogueDir, 'public'))) catalogue[`../public/${file}`] = stampThrough(path);
  // The site's pages (load.ts listPages), which have text hashes like the catalogue's texts.
  const pagesDir = besideCatalogue(inputs.catalogueDir, 'pages');
  if (existsSync(pagesDir)) for (const name of readdirSync(pagesDir).filter(isPageName)) catalogue[`../pages/${name}`] = stampThrough(join(pagesDir, name));
  return { key: inputsKey(inputs), at, catalogue };
}

/** The files loadPublicFolder reads (catalogue/publicFolder.ts) and its links, none when there is no public/ folder. */
function publicFolderFiles(dir: string): [string, string][] {
  if (!existsSync(dir)) return [];
  return walkFolder(dir)
    .filter(([e, file]) => (e.isFile() || e.isSymbolicLink()) && isPublished(file))
    .map(([e, file]) => [file, `${e.parentPath}${sep}${e.name}`]);
}

/** A file's stamp through a symbolic link (load.ts follows links to files), so that an edit of the file a link
 *  leads to counts; a link that leads nowhere, by the link's own, so that its file appearing counts too. */
const stampThrough = (path: string): FileStamp => {
  try {
    return stampOf(statSync(path));
  } catch {
    return stampOf(lstatSync(path));
  }
};

/** The files load.ts would read, and the links it would report (every file or link not under a dot-named folder
 *  nor dot-named itself): each as [path in the catalogue, with /; path on disk]. */
function catalogueFiles(dir: string): [string, string][] {
  if (topOfCatalogue(dir, readdirSync(dir, { withFileTypes: true })).siteFolder) return [];
  return walkFolder(dir)
    .filter(([e, file]) => (e.isFile() || e.isSymbolicLink()) && !file.startsWith('.') && !file.includes('/.'))
    .map(([e, file]) => [file, `${e.parentPath}${sep}${e.name}`]);
}

function inputsKey(inputs: SiteInputs): string {
  const code = createHash('sha256');
  const dirs = [join(PACKAGE_ROOT, 'src'), join(PACKAGE_ROOT, 'templates'), ...inputs.codeDirs.map((d) => resolve(d))];
  const files = [join(PACKAGE_ROOT, 'package.json'), join(PACKAGE_ROOT, 'bin/storefront.js')];
  for (const dir of new Set(dirs)) {
    for (const [e] of walkFolder(dir)) if (e.isFile()) files.push(join(e.parentPath, e.name));
  }
  for (const file of files.sort()) code.update(`${file}\0`).update(readFileSync(file)).update('\0');
  const { timeZone, locale } = Intl.DateTimeFormat().resolvedOptions();
  return keyOf(
    'site',
    toolRelease(),
    // Every library's version: a site built with another release of any of them is built again.
    libraryVersions(),
    code.digest('hex'),
    inputs.options,
    resolve(inputs.catalogueDir),
    resolve(inputs.outDir),
    resolve(inputs.nginxConf),
    [process.env.NODE_ENV, timeZone, locale],
  );
}

/** The output files' stamps, in the staging folder just before it becomes the output folder, and its folders';
 *  the ones too recent to trust with their content hashes (folders: to be listed). `written`: the files the build
 *  wrote there (it was empty before, or an earlier site whose leftovers it removed), so no folder is listed (0.2
 *  s at 20,000 folders); a file that got there some other way makes the next check find a name the record does
 *  not have, which is a real build. `kept`: what lstat said of the files the build found there as they should be
 *  and left alone (Staging.kept). */
export function recordOutput(stagingDir: string, written: Iterable<string>, kept: ReadonlyMap<string, Stats> = new Map()): Pick<SiteRecord, 'output' | 'outputAt' | 'racy' | 'folders' | 'racyFolders'> {
  const paths = [...new Set([...written, BUILD_MARKER])];
  const stamps = paths.map((path): [string, FileStamp] => [path, stampOf(kept.get(path) ?? lstatSync(join(stagingDir, path)))]);
  const folderStamps = [...foldersOf(paths)].map((folder): [string, FileStamp] => [folder, stampOf(lstatSync(join(stagingDir, folder)))]);
  const outputAt = Date.now();
  const output: Record<string, FileStamp> = {};
  const racy: Record<string, string> = {};
  for (const [path, stamp] of stamps) {
    output[path] = stamp;
    if (stamp[1] > outputAt - RACY_MS) racy[path] = sha256(readFileSync(join(stagingDir, path)));
  }
  const folders = Object.fromEntries(folderStamps);
  const racyFolders = folderStamps.filter(([, stamp]) => stamp[1] > outputAt - RACY_MS).map(([folder]) => folder);
  return { output, outputAt, racy, folders, racyFolders };
}

/** The folders that hold the files at `paths` (relative, with /), each with every folder above it, the top one
 *  ('') not included. */
export function foldersOf(paths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) {
    for (let i = path.lastIndexOf('/'); i > 0 && !folders.has(path.slice(0, i)); i = path.lastIndexOf('/', i - 1)) folders.add(path.slice(0, i));
  }
  return folders;
}

/** The record of a complete build: its snapshot, the hashes of the texts it used, its output. */
export async function siteRecord(
  snapshot: InputSnapshot,
  source: Pick<CatalogueSource, 'texts' | 'sizes' | 'skippedLinks'>,
  output: Pick<SiteRecord, 'output' | 'outputAt' | 'racy' | 'folders' | 'racyFolders'>,
  nginxConf: string,
  counts: { pages: number; files: number; problems: Problem[] },
  hashOf?: (text: string) => string,
): Promise<SiteRecord | undefined> {
  const texts: Record<string, string> = {};
  for (const [file, text] of source.texts) texts[file] = textHash(source.sizes.get(file) ?? -1, text, hashOf);
  // The catalogue read must be the one the snapshot listed (a file added or removed in between: no record). A
  // link that leads to no file has a stamp but no text: should its file appear, the next build is a real one.
  const listed = Object.keys(snapshot.catalogue).filter((f) => isCatalogueText(f) && !source.skippedLinks?.has(f));
  if (listed.length !== source.texts.size || !listed.every((f) => source.texts.has(f))) return undefined;
  const conf = await readFile(nginxConf).catch(() => undefined);
  if (!conf) return undefined;
  return { ...snapshot, texts, ...output, nginxConf: sha256(conf), ...counts };
}

/** The last build's record when nothing changed since it and the output folder is still what it wrote;
 *  otherwise undefined. `snapshot`: the inputs now (snapshotInputs). Never throws: any failure is "build". */
export function upToDate(inputs: SiteInputs, recordText: string | undefined, snapshot: InputSnapshot): SiteRecord | undefined {
  try {
    if (!recordText) return undefined;
    const record = JSON.parse(recordText) as SiteRecord;
    if (record.key !== snapshot.key) return undefined;
    // The catalogue: the same files, each the same by stamp, or else by the hash of its text.
    const files = Object.entries(snapshot.catalogue);
    if (files.length !== Object.keys(record.catalogue).length) return undefined;
    for (const [file, now] of files) {
      const was = record.catalogue[file];
      if (!was) return undefined;
      if (sameStamp(was, now) && was[1] <= record.at - RACY_MS) continue;
      const hash = record.texts[file];
      if (hash === undefined) return undefined;
      const bytes = readFileSync(join(inputs.catalogueDir, file));
      if (textHash(bytes.byteLength, textOfFile(file, bytes)) !== hash) return undefined;
    }
    // The output: exactly the files and folders recorded, each as recorded.
    if (!sameOutput(inputs.outDir, record)) return undefined;
    if (sha256(readFileSync(inputs.nginxConf)) !== record.nginxConf) return undefined;
    return record;
  } catch {
    return undefined;
  }
}

/** Whether the folder `outDir` holds exactly the files and folders of the record, each with its stamp (and the
 *  racy files their content); a folder whose stamp is to be trusted holds the names it held, the others are
 *  listed. */
export function sameOutput(outDir: string, record: Pick<SiteRecord, 'output' | 'racy' | 'folders' | 'racyFolders'>): boolean {
  if (!record.output[BUILD_MARKER]) return false;
  for (const [path, stamp] of Object.entries(record.output)) {
    const now = lstatSync(join(outDir, path), { throwIfNoEntry: false });
    if (!now?.isFile() || !sameStamp(stamp, stampOf(now))) return false;
    const racy = record.racy[path];
    if (racy !== undefined && sha256(readFileSync(join(outDir, path))) !== racy) return false;
  }
  for (const [folder, stamp] of Object.entries(record.folders)) {
    const now = lstatSync(join(outDir, folder), { throwIfNoEntry: false });
    if (!now?.isDirectory() || !sameStamp(stamp, stampOf(now))) return false;
  }
  // The top folder was renamed into place, which some systems count as a change of its time: always listed.
  const listed = ['', ...record.racyFolders];
  const names = namesIn(record, new Set(listed));
  return listed.every((folder) => {
    const want = names.get(folder) ?? new Map<string, boolean>();
    const entries = readdirSync(join(outDir, folder), { withFileTypes: true });
    return entries.length === want.size && entries.every((e) => want.get(e.name) === (e.isDirectory() ? true : e.isFile() ? false : undefined));
  });
}

/** The names each of `folders` holds by the record: true for a folder, false for a file. */
function namesIn(record: Pick<SiteRecord, 'output' | 'folders'>, folders: ReadonlySet<string>): Map<string, Map<string, boolean>> {
  const names = new Map<string, Map<string, boolean>>();
  const add = (path: string, isFolder: boolean) => {
    const i = path.lastIndexOf('/');
    const folder = i < 0 ? '' : path.slice(0, i);
    if (!folders.has(folder)) return;
    let inFolder = names.get(folder);
    if (!inFolder) names.set(folder, (inFolder = new Map()));
    inFolder.set(path.slice(i + 1), isFolder);
  };
  for (const path of Object.keys(record.output)) add(path, false);
  for (const path of Object.keys(record.folders)) add(path, true);
  return names;
}
