// The folders a command writes into, made with a message the maintainer can act on when that is impossible.
// Node's own `mkdir(path, { recursive: true })` never returns when mkdir answers "no such file" in a folder that
// exists (anywhere under /proc, for one): it makes the parent, which exists, and tries again, forever at full CPU.
// makeFolder takes one step a path segment instead, and stops at the first refusal.
import { lstat, mkdir, readlink, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from './errors.ts';

/** A folder that cannot be made; `why` says why, without the folder asked for. */
export class CannotMakeFolder extends UserError {
  readonly why: string;
  constructor(folder: string, why: string, options: { cause: unknown }) {
    super(`Cannot write into ${folder}: ${why}. Choose a folder of your own that you can write to.`, options);
    this.why = why;
  }
}

const isFolder = (path: string) => stat(path).then((s) => s.isDirectory(), () => false);
const exists = (path: string) => stat(path).then(() => true, () => false);

/** `mkdir -p`, bounded by the path's depth: makes `path` and the folders above it that are missing, and returns
 *  the ones it made, the outermost first. */
export async function makeFolder(path: string): Promise<string[]> {
  const missing: string[] = [];
  // Up to the nearest folder that exists; the root's parent is itself, so this ends.
  for (let at = resolve(path); !(await isFolder(at)); at = dirname(at)) {
    if (dirname(at) === at) break;
    missing.unshift(at);
  }
  const made: string[] = [];
  for (const folder of missing) {
    try {
      await mkdir(folder);
      made.push(folder);
    } catch (error) {
      // Made meanwhile, by another build say.
      if (codeOf(error) === 'EEXIST' && (await isFolder(folder))) continue;
      const why = await whyNotWritable(error, folder);
      throw why === undefined ? error : new CannotMakeFolder(path, why, { cause: error });
    }
  }
  return made;
}

/** Why writing `path` (a file or folder) failed, in words, when it is the file system's refusal rather than a bug:
 *  undefined for any other error. */
export async function whyNotWritable(error: unknown, path: string): Promise<string | undefined> {
  const parent = dirname(path);
  switch (codeOf(error)) {
    case 'EEXIST':
    case 'ENOTDIR': {
      const link = await lstat(path).then((s) => s.isSymbolicLink(), () => false);
      if (link) return `${path} is a symbolic link to ${await readlink(path).catch(() => '?')}, which ${(await exists(path)) ? 'is not a folder' : 'does not exist'}`;
      return (await lstat(path).then((s) => !s.isDirectory(), () => false)) ? `${path} is a file, not a folder` : 'a part of the path is a file, not a folder';
    }
    case 'ENOENT':
      // mkdir found no `path` to make in its parent, which exists: a folder the system keeps, such as /proc.
      return (await isFolder(parent)) ? `the system makes no folders in ${parent} (a system folder, such as those under /proc and /sys)` : undefined;
    case 'EACCES':
      return `this user may not write into ${parent}`;
    case 'EPERM':
      return `the system does not allow writing into ${parent}`;
    case 'EROFS':
      return `${parent} is on a read-only file system`;
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return undefined;
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
