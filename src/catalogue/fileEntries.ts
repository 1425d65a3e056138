// What an entry of the catalogue, pages/ or public/ folder is to the build: a file, or a symbolic link to one
// (followed, as git and editors do); a link to a folder or to nothing is reported (symbolicLinks.ts).
import type { Dirent } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type LinkTarget = 'folder' | 'nothing';

/** An editor's backup or autosave (`name.md~`, `#name.md#`): passed over in the catalogue and by dev, as the files
 *  whose names start with a dot (`.name.md.swp`) are. */
export const isEditorFile = (name: string) => name.endsWith('~') || /^#.*#$/.test(name);

/** Whether an entry is read as a file. A link to a file goes into `linked` under `path` with the file's real path
 *  (what the build links into the site: a hard link to the link would be a link there); a link to a folder or to
 *  nothing goes into `skipped`, which validation reports; anything else (a folder, a FIFO) is passed over. */
export async function readsAsFile(e: Dirent, path: string, skipped: Map<string, LinkTarget>, linked?: Map<string, string>): Promise<boolean> {
  if (!e.isSymbolicLink()) return e.isFile();
  const at = join(e.parentPath, e.name);
  const target = await stat(at).catch(() => undefined);
  if (target?.isFile()) {
    linked?.set(path, await realpath(at));
    return true;
  }
  skipped.set(path, target?.isDirectory() ? 'folder' : 'nothing');
  return false;
}
