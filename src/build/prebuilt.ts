// What a cold build would otherwise make every time though it depends only on the tool: the client bundle and
// the prerenderer of a site without its own templates (esbuild, 1.3 and 0.7 s of a busy cold build), the Brotli
// and gzip files of the bundle's files (1.1 s of CPU at Brotli's best level), and the Inter subset of the
// characters most catalogues use (1.4 s of WebAssembly in a thread). scripts/prebuild.ts makes them into
// prebuilt/ in the package, when `npm ci` runs package.json's prepare in this repository and when the package is
// packed (prepack). The caches that keep them (bundle.ts, compress.ts, fontSubset.ts) look there when their own
// lacks an entry: the names carry the keys, so a site whose templates or characters differ finds nothing and
// makes its own, as before.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWrite, BuildCacheDir, PACKAGE_ROOT } from './cache.ts';

/** The package's prebuilt files. scripts/prebuild.ts makes them in a folder beside it and puts that in its place,
 *  so that a build reading them meanwhile (`npm pack` in a checkout while a test builds) finds them all. */
export const PREBUILT_DIR = join(PACKAGE_ROOT, 'prebuilt');

/** The folder of prebuilt files of one cache (`compressed`, `fonts`). */
export const prebuiltFolder = (name: 'compressed' | 'fonts', root = PREBUILT_DIR) => join(root, name);

/** The prebuilt bundles (bundle.ts), in the layout of a build cache; a build only reads it. */
export const prebuiltStore = (root = PREBUILT_DIR) => new BuildCacheDir(join(root, 'cache'));

/** A file of a cache that keeps files by name (compress.ts, fontSubset.ts): from its folder, else from `prebuilt`
 *  (none there for a site with other inputs, or a package packed without them), else made and kept in its folder
 *  (one that cannot be written is only slower). `made` says which. */
export async function cachedFile(cacheDir: string, prebuilt: string | undefined, name: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; made: boolean }> {
  const kept = (await readFile(join(cacheDir, name)).catch(() => undefined)) ?? (prebuilt && (await readFile(join(prebuilt, name)).catch(() => undefined)));
  if (kept) return { bytes: kept, made: false };
  const bytes = await make();
  await atomicWrite(join(cacheDir, name), bytes).catch(() => undefined);
  return { bytes, made: true };
}
