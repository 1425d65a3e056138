// The output folder. A build replaces its output folder whole, so it replaces only a folder that an earlier build
// wrote, or an empty one: never the project, the catalogue or a folder of the maintainer's files. One build at a
// time writes into a folder (a lock file beside it), and the next build cleans up what a killed one left beside
// it: its staging folder, and the old site it had moved aside, which is put back if no output folder followed.
import { readdirSync, readFileSync, realpathSync, rmdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { topOfCatalogue } from '../catalogue/load.ts';
import { UserError } from '../errors.ts';
import { makeFolder } from '../makeFolder.ts';

/** Written into every site a build makes: a folder holding it was written by a build and may be replaced.
 *  A dot-file, so `aws s3 sync`, nginx and `storefront serve` publish it like any file: its text says nothing
 *  about the machine or the project, so publishing it is harmless. */
export const BUILD_MARKER = '.storefront-build';
export const BUILD_MARKER_TEXT = 'Written by storefront build, which replaces this whole folder on every build.\n';

/** Where a build writes the new site before it swaps it in; `-old` appended, where the old site waits meanwhile. */
export const stagingFolder = (outDir: string, pid = process.pid) => join(dirname(outDir), `${stagingPrefix(outDir)}${pid}`);
const stagingPrefix = (outDir: string) => `.${basename(outDir)}.building-`;

const lockFile = (outDir: string) => join(dirname(outDir), `.${basename(outDir)}.lock`);

/** A folder named on the command line that storefront will not write into: wrong usage (exit 2), not a problem
 *  in the catalogue. */
export class FolderRefused extends UserError {}

/** An output folder the build will not replace. */
export class OutDirRefused extends FolderRefused {}

/** Where a folder storefront writes into must not be. Paths are real (realPath): a link to the project is the
 *  project. `out`, when the command has an output folder, is replaced whole by every build. */
export interface Places {
  project: string;
  catalogue: string;
  out?: string;
}

/** Why storefront may not write into folder, or undefined: the rule every option naming a folder follows. */
export function folderClash(folder: string, { project, catalogue, out }: Places): string | undefined {
  if (folder === project) return 'it is the current project folder';
  if (inside(project, folder)) return 'it contains the current project folder';
  if (folder === catalogue) return 'it is the catalogue folder';
  if (inside(folder, catalogue)) return 'it lies inside the catalogue folder';
  if (inside(catalogue, folder)) return 'it contains the catalogue folder';
  if (out === undefined) return undefined;
  if (folder === out) return 'it is the output folder';
  if (inside(folder, out)) return 'it lies inside the output folder';
  return undefined;
}

/** What to do instead when a folder is refused for where it lies beside the catalogue and the folder given for
 *  the catalogue is a site's folder whose catalogue is catalogue/ (load.ts topOfCatalogue: `-c .` run in the site's
 *  folder). Each default folder (dist, the cache) then lies inside it, and the refusal's own advice would name the
 *  very folder. */
export function siteFolderTodo(clash: string, catalogueDir: string): string | undefined {
  if (!clash.includes('the catalogue folder')) return undefined;
  const top = (() => {
    try {
      return topOfCatalogue(catalogueDir, readdirSync(catalogueDir, { withFileTypes: true }));
    } catch {
      return undefined; // no folder there yet: the build says so
    }
  })();
  if (!top?.siteFolder || !top.cataloguesInside.includes('catalogue')) return undefined;
  return "The folder given for the catalogue looks like a site's folder rather than its catalogue folder: catalogue/ inside it holds site.yaml. Add /catalogue to the folder after -c, or leave -c out when you run the command in the site's folder (catalogue/ is the default).";
}

export interface OutDirChoice {
  outDir: string;
  catalogueDir: string;
  /** The current project: the folder storefront runs in. */
  projectDir: string;
  /** Replace a folder holding files the build did not write (never the project or the catalogue). */
  force?: boolean;
  /** The output folder as the maintainer named it, for the message. */
  shown: string;
}

/** Throws OutDirRefused, saying which rule and what to do, when outDir is no folder a build may replace. */
export async function checkOutDir({ outDir, catalogueDir, projectDir, force, shown }: OutDirChoice): Promise<void> {
  const refuse = (why: string, todo = 'Build into a folder of its own, such as dist (the default).') => {
    throw new OutDirRefused(`Refusing to build into ${shown}: ${why}, and a build replaces the whole output folder. ${todo}`);
  };
  const clash = folderClash(realPath(outDir), { project: realPath(projectDir), catalogue: realPath(catalogueDir) });
  if (clash) refuse(clash, siteFolderTodo(clash, catalogueDir));
  const foreign = force ? undefined : await foreignContent(outDir);
  if (foreign) refuse(foreign, 'Choose a new or empty folder, or pass --force to replace it and everything in it.');
}

/** Why outDir holds something a build did not write, or undefined: absent, empty, or an earlier build. */
async function foreignContent(outDir: string): Promise<string | undefined> {
  let entries: string[];
  try {
    if (!(await stat(outDir)).isDirectory()) return 'it is a file, not a folder';
    entries = await readdir(outDir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined; // ENOTDIR: reported when the build makes it
    throw error;
  }
  if (!entries.length || entries.includes(BUILD_MARKER) || (await builtBeforeMarkers(outDir, entries))) return undefined;
  return `it holds files that storefront build did not write (there is no ${BUILD_MARKER} file in it)`;
}

/** A site built before builds wrote BUILD_MARKER: its _headers file and the boot element of its pages. Only a
 *  regular index.html is read: a FIFO would block the read until a writer came. */
const builtBeforeMarkers = async (outDir: string, entries: string[]) => {
  const index = join(outDir, 'index.html');
  if (!entries.includes('_headers') || !(await stat(index).catch(() => undefined))?.isFile()) return false;
  return (await readFile(index, 'utf8').catch(() => '')).includes('id="storefront-boot"');
};

/** The path with symbolic links resolved, as far as it exists: `-o link-to-project` is the project. */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPath(parent), basename(path));
  }
}

/** child lies strictly inside dir. */
export function inside(child: string, dir: string): boolean {
  const rel = relative(dir, child);
  return rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..';
}

export interface Claim {
  release(): Promise<void>;
  /** The same, at once: for a build stopped by a signal, whose process ends before any promise could settle. */
  releaseSync(): void;
}

/** Takes outDir for this build: makes its parent folder, waits while another build holds it, and clears what
 *  killed builds left beside it. `release` lets the next build in, and removes the folders made for the lock that
 *  are empty again: a build that ends without a site (a catalogue with problems, a stop) leaves none behind. */
export async function claimOutDir(outDir: string, report: { waiting: (pid: number) => void; restored: (from: string) => void }): Promise<Claim> {
  const made = (await makeFolder(dirname(outDir))).reverse();
  const lockClaim = await lock(outDir, report.waiting);
  const claim: Claim = {
    release: async () => {
      await lockClaim.release();
      for (const folder of made) if (!(await rmdir(folder).then(() => true, () => false))) break;
    },
    releaseSync: () => {
      lockClaim.releaseSync();
      for (const folder of made) if (!removedSync(folder)) break;
    },
  };
  try {
    await clearLeftovers(outDir, report.restored);
  } catch (error) {
    await claim.release();
    throw error;
  }
  return claim;
}

/** Removes an empty folder; false when it is not (a site, another build's lock) or is gone. */
const removedSync = (folder: string) => {
  try {
    rmdirSync(folder);
    return true;
  } catch {
    return false;
  }
};

// The lock is a file beside the output folder holding the pid of the build that holds it and a token for that
// build (two builds in one process share a pid). It is stale when that process has ended, or when the pid is
// this process's and no build here holds it (a pid used again, as in a new container on the same volume).
const heldHere = new Set<string>();
const POLL_MS = 100;

async function lock(outDir: string, waiting: (pid: number) => void): Promise<Claim> {
  const file = lockFile(outDir);
  const token = `${process.pid} ${randomUUID()}`;
  let told = false;
  for (;;) {
    try {
      await writeFile(file, token, { flag: 'wx' });
      heldHere.add(token);
      return {
        release: async () => {
          heldHere.delete(token);
          if ((await readFile(file, 'utf8').catch(() => '')) === token) await rm(file, { force: true });
        },
        releaseSync: () => {
          heldHere.delete(token);
          try {
            if (readIfThere(file) === token) rmSync(file, { force: true });
          } catch {
            // stale once this process has ended: the next build takes it
          }
        },
      };
    } catch (error) {
      // The folder around it removed by a build that made it and failed, as this one started: made again.
      if (codeOf(error) === 'ENOENT') {
        await makeFolder(dirname(file));
        continue;
      }
      if (codeOf(error) !== 'EEXIST') throw error;
    }
    const holder = await readFile(file, 'utf8').catch(() => undefined);
    if (holder === undefined) continue; // released in between
    const pid = Number(holder.split(' ')[0]);
    if (await isStale(file, holder, pid)) {
      if ((await readFile(file, 'utf8').catch(() => undefined)) === holder) await rm(file, { force: true });
      continue;
    }
    if (!told && pid > 0) {
      waiting(pid);
      told = true;
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

async function isStale(file: string, holder: string, pid: number): Promise<boolean> {
  // Empty: its build is writing it this instant, unless that build was killed in between (seconds ago).
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - (await stat(file).catch(() => ({ mtimeMs: 0 }))).mtimeMs > 5000;
  return pid === process.pid ? !heldHere.has(holder) : !isRunning(pid);
}

const readIfThere = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** Whether a process with this pid is running (EPERM: it is, under another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/** Removes the staging folders (and `-old` folders) of builds that have ended; with the lock held, this
 *  process's own are leftovers too. A build killed between moving the old site aside and moving the new one in
 *  left no output folder: the old site is put back first. */
async function clearLeftovers(outDir: string, restored: (from: string) => void): Promise<void> {
  const parent = dirname(outDir);
  const prefix = stagingPrefix(outDir);
  const leftovers = (await readdir(parent)).filter((name) => {
    const match = /^(\d+)(-old)?$/.exec(name.slice(prefix.length));
    return name.startsWith(prefix) && match && (Number(match[1]) === process.pid || !isRunning(Number(match[1])));
  });
  const aside = leftovers.find((name) => name.endsWith('-old'));
  if (aside && !(await stat(outDir).catch(() => undefined))) {
    await rename(join(parent, aside), outDir);
    restored(aside);
    leftovers.splice(leftovers.indexOf(aside), 1);
  }
  await Promise.all(leftovers.map((name) => rm(join(parent, name), { recursive: true, force: true })));
}

/** A file system refusal the maintainer can act on (a file where a folder must be, no permission, a read-only
 *  or full disk) as a UserError naming the reason and the path; any other error as it is. */
export function asUserError(error: unknown, outDir: string, shownOutDir: string): unknown {
  const { code, path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const reason = code === 'EEXIST' ? (syscall === 'mkdir' ? 'this is a file, not a folder' : undefined) : code && REASONS[code];
  if (!reason) return error;
  const what = path === undefined || isOutputPath(path, outDir) ? `Cannot write the site to ${shownOutDir}` : 'Cannot build';
  return new UserError(`${what}: ${reason}: ${path ?? '?'} (${code}).`, { cause: error });
}

/** The output folder, a folder on the way to it, or what a build writes beside it (staging folders, the lock):
 *  the build also reads (the catalogue, the templates), and a refusal there is not about writing the site. */
function isOutputPath(path: string, outDir: string): boolean {
  if (path === outDir || inside(outDir, path)) return true;
  const [first = ''] = relative(dirname(outDir), path).split(sep);
  return !isAbsolute(first) && (first === basename(outDir) || first.startsWith(`.${basename(outDir)}.`));
}

/** An error of the file system met while checking the catalogue (validate), as the maintainer's to mend. */
export function asReadError(error: unknown): unknown {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  const reason = code && REASONS[code];
  return reason ? new UserError(`Cannot check the catalogue: ${reason}: ${path ?? '?'} (${code}).`, { cause: error }) : error;
}

const REASONS: Record<string, string> = {
  ENOTDIR: 'a part of this path is a file, not a folder',
  EISDIR: 'this is a folder, not a file',
  ELOOP: 'a symbolic link here leads to itself, or through too many others',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EBUSY: 'the folder is in use (is it a mount point? then build into a folder inside it)',
  ENAMETOOLONG: 'the path is too long',
};

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
