// What a cold build would otherwise make every time though it depends only on the tool: the Brotli and gzip files
// of the client bundle of a site without its own templates (1.1 s of CPU at Brotli's best level), and the Inter
// subset of the characters most catalogues use (1.4 s of WebAssembly in a thread). They are made once, by
// `npm ci` in this repository (package.json's prepare) and when the package is packed (prepack), by
// scripts/prebuild.ts into prebuilt/ in the package. The caches that keep them (compress.ts, fontSubset.ts) look there when their own folder
// lacks a file: the names carry the content's key, so a site whose bundle or characters differ finds nothing
// and makes its own, as before.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './cache.ts';

/** The folder of prebuilt files of one cache (`compressed`, `fonts`). */
export const prebuiltFolder = (name: 'compressed' | 'fonts') => join(PACKAGE_ROOT, 'prebuilt', name);

/** A prebuilt file, or undefined when there is none (a site with other inputs, a package packed without them). */
export const readPrebuilt = (folder: string | undefined, name: string): Promise<Uint8Array | undefined> => (folder ? readFile(join(folder, name)).catch(() => undefined) : Promise.resolve(undefined));
