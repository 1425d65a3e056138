// A folder and everything in it, watched for `storefront dev`. Node's recursive watch is the system's own on
// macOS and Windows, but on Linux Node builds it from one watcher for every file and folder: 20,000 inotify
// watches and 20,000 stats for a catalogue of 10,000 services (0.3 s before dev serves anything, and more
// than some systems allow one user: 8,192 on older kernels), and every change in a folder lists that folder
// again (10,000 names, 20-30 ms). A watch on a folder already reports what happens to the files in it, so
// here, on Linux, each folder gets one watch, and a folder that appears gets its own with what is in it
// reported as new.
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, join } from 'node:path';

export type TreeEvent = 'rename' | 'change';

export interface TreeWatcher {
  close(): void;
}

/**
 * Calls `listener` with each change under `dir`: the event and the path relative to `dir` (with the system's
 * separator, as Node's recursive watch gives it), or an empty name when `dir` itself went. Folders whose name
 * starts with a dot are not watched (dev ignores what is in them), but for `.well-known`, which public/ publishes
 * (security.txt). `failed` hears of a watch that broke or
 * could not be set up (the system's limit, a folder gone meanwhile); the caller starts again.
 */
export function watchTree(dir: string, listener: (event: TreeEvent, name: string) => void, failed: (error: Error) => void, linux = process.platform === 'linux'): TreeWatcher {
  if (!linux) {
    const whole = watch(dir, { recursive: true }, (event, name) => listener(event, name ?? ''));
    whole.on('error', failed);
    return { close: () => whole.close() };
  }
  const folders = new Map<string, FSWatcher>();
  let closed = false;
  const close = () => {
    closed = true;
    for (const watcher of folders.values()) watcher.close();
    folders.clear();
  };
  const stopUnder = (folder: string) => {
    for (const [path, watcher] of folders) {
      if (path === folder || path.startsWith(join(folder, '/'))) (watcher.close(), folders.delete(path));
    }
  };
  /** Watches `folder` (relative; '' for dir) and the folders in it; `report` names what it finds as new. */
  const add = (folder: string, report: boolean) => {
    if (closed || folders.has(folder)) return;
    const watcher = watch(join(dir, folder), (event, name) => {
      if (closed) return;
      // The watched folder itself removed or moved: some systems name it (Linux does), others give no name. A
      // folder inside is reported by the watch of the folder around it.
      const itself = !name || (event === 'rename' && name === basename(join(dir, folder)) && !existsSync(join(dir, folder)));
      if (itself) return folder === '' ? listener('rename', '') : undefined;
      const path = folder ? join(folder, name) : name;
      listener(event, path);
      if (event === 'rename') moved(path);
    });
    watcher.on('error', (error) => {
      if (closed) return;
      close();
      failed(error);
    });
    folders.set(folder, watcher);
    for (const entry of readdirSync(join(dir, folder), { withFileTypes: true })) {
      const path = folder ? join(folder, entry.name) : entry.name;
      if (report) listener('rename', path);
      if (entry.isDirectory() && watched(entry.name)) add(path, report);
    }
  };
  /** A name that appeared, went or was replaced: a folder there now is watched afresh, one gone is not. */
  const moved = (path: string) => {
    let folder = false;
    try {
      folder = statSync(join(dir, path)).isDirectory();
    } catch {
      // gone
    }
    stopUnder(path);
    if (!folder || !watched(basename(path))) return;
    try {
      add(path, true);
    } catch (error) {
      // Gone again already: its parent's watch reports that. Anything else (the system's limit) is a failure.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return stopUnder(path);
      close();
      failed(error as Error);
    }
  };
  try {
    add('', false);
  } catch (error) {
    close();
    throw error;
  }
  return { close };
}

/** Whether a folder of this name is watched: not a dot folder (an editor's, version control's), but for public/'s
 *  .well-known. */
const watched = (name: string) => !name.startsWith('.') || name === '.well-known';
