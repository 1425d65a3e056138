// What an entry of the catalogue, pages/ or public/ folder is to the build: a file, or a symbolic link to one
// (followed, as git and editors do); a link to a folder or to nothing is reported (symbolicLinks.ts).
import type { Dirent } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

export type LinkTarget = 'folder' | 'nothing';

/** Whether an entry is read as a file. A link to a folder or to nothing goes into `skipped` under `path`, which
 *  validation reports; anything else (a folder, a FIFO) is passed over. */
export async function readsAsFile(e: Dirent, path: string, skipped: Map<string, LinkTarget>): Promise<boolean> {
  if (!e.isSymbolicLink()) return e.isFile();
  const target = await stat(join(e.parentPath, e.name)).catch(() => undefined);
  if (target?.isFile()) return true;
  skipped.set(path, target?.isDirectory() ? 'folder' : 'nothing');
  return false;
}
