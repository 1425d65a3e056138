import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file of a built site, by path, as bytes in base64 (so a difference shows as text). */
export function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)).toString('base64'));
  }
  return files;
}

/** Sets every file under dir to have been written a minute ago: a file written within two seconds of a build is
 *  one its record cannot vouch for (upToDate.ts), and an image or a public/ file has no text hash to compare
 *  instead, so a test of "nothing changed" starts from files older than that. */
export function backdate(dir: string): void {
  const then = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), then, then);
}
