// Everything under a folder, listed with one synchronous readdir per folder. Node's own recursive readdir
// lists the same entries 1.5 to 1.8 times slower here: 260-345 ms against 170-200 for a site of 10,000
// services (42,000 entries), and the up-to-date check and the staging folder each list a whole site.
import { readdirSync, type Dirent } from 'node:fs';
import { resolve, sep } from 'node:path';

/** Each entry under dir with its path relative to dir (with /); a folder before what it holds. */
export function walkFolder(dir: string): [Dirent, string][] {
  const list: [Dirent, string][] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = prefix + entry.name;
      list.push([entry, path]);
      if (entry.isDirectory()) walk(`${folder}${sep}${entry.name}`, `${path}/`);
    }
  };
  walk(resolve(dir), '');
  return list;
}
