// The "nothing changed" check's view of the output folder (src/build/upToDate.ts): every file by its stamp, and
// every folder by its stamp rather than by listing it, except the top folder and the folders written last.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_MARKER } from '../../src/build/outDir.ts';
import { recordOutput, sameOutput } from '../../src/build/upToDate.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-up-to-date-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES = [BUILD_MARKER, 'index.html', 'service/ads/banner/index.html', 'service/ads/video/index.html', 'assets/site.css'];
const FOLDERS = ['service/ads/video', 'service/ads/banner', 'service/ads', 'service', 'assets'];
let sites = 0;

/** A site as a build leaves it; `aged`: its files and folders written a minute ago, old enough to trust by stamp. */
function site(aged: boolean): string {
  const dir = join(work, `site-${++sites}`);
  for (const file of FILES) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), `content of ${file}`);
  }
  const then = new Date(Date.now() - 60_000);
  if (aged) for (const path of [...FILES, ...FOLDERS]) utimesSync(join(dir, path), then, then);
  return dir;
}

describe('the output folder as the last build recorded it', () => {
  it('is the same when nothing in it changed, with no folder to list but the top one once they are old', () => {
    const dir = site(true);
    const record = recordOutput(dir, FILES);
    expect(record.racyFolders).toEqual([]);
    expect(Object.keys(record.folders).sort()).toEqual([...FOLDERS].sort());
    expect(sameOutput(dir, record)).toBe(true);
  });

  it('differs when a file or a folder is added anywhere, or removed', () => {
    for (const change of [
      (dir: string) => writeFileSync(join(dir, 'service/ads/banner/notes.txt'), 'not the build'),
      (dir: string) => mkdirSync(join(dir, 'service/ads/empty')),
      (dir: string) => writeFileSync(join(dir, 'extra.html'), 'not the build'),
      (dir: string) => rmSync(join(dir, 'service/ads/video'), { recursive: true }),
      (dir: string) => rmSync(join(dir, 'assets/site.css')),
    ]) {
      const dir = site(true);
      const record = recordOutput(dir, FILES);
      change(dir);
      expect(sameOutput(dir, record)).toBe(false);
    }
  });

  it('lists a folder written last, whose time a coarse clock may not have moved', () => {
    const dir = site(false);
    const record = recordOutput(dir, FILES);
    expect(record.racyFolders).toContain('service/ads/banner');
    const folder = join(dir, 'service/ads/banner');
    const { atime, mtime } = statSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'not the build');
    utimesSync(folder, atime, mtime); // the same time as recorded
    expect(sameOutput(dir, record)).toBe(false);
  });
});
