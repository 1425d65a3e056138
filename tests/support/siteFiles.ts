import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file of a built site, by path, as bytes in base64 (so a difference shows as text). */
export function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)).toString('base64'));
  }
  return files;
}
