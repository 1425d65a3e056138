// Makes the package's prebuilt files (src/build/prebuilt.ts) afresh: the client bundle and the prerenderer of a
// site without its own templates, with the Brotli and gzip files of the bundle's files and the Inter subset of
// the example catalogue's characters; and the index of the emoji set (src/build/emoji.ts). package.json's
// prepare (npm ci) and prepack run it, and `npm test` before the suites that build sites.
//
// They are made in a folder beside prebuilt/, from nothing (the folder is their only cache), and then put in its
// place by two renames: a build reading prebuilt/ meanwhile (a test, while another packs the package) finds the
// old files or the new ones, never a folder half-made.
import { chmod, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { stop } from 'esbuild';
import { loadCatalogue } from '../src/catalogue/load.ts';
import { bundleClient, bundleRenderer } from '../src/build/bundle.ts';
import { PACKAGE_ROOT } from '../src/build/cache.ts';
import { precompress } from '../src/build/compress.ts';
import { EMOJI_INDEX, makeEmojiIndex } from '../src/build/emoji.ts';
import { siteCharacters } from '../src/build/fontSubset.ts';
import { PREBUILT_DIR, prebuiltFolder, prebuiltStore } from '../src/build/prebuilt.ts';

// What a run that was killed left beside prebuilt/: a run takes seconds, so one older than this is not in use.
const LEFT_AFTER_MS = 15 * 60_000;
for (const name of (await readdir(dirname(PREBUILT_DIR))).filter((name) => name.startsWith('.prebuilt-'))) {
  const folder = join(dirname(PREBUILT_DIR), name);
  // Gone meanwhile (another run's, removed by it) is not in use either.
  const age = await stat(folder).then((stats) => Date.now() - stats.mtimeMs, () => 0);
  if (age > LEFT_AFTER_MS) await rm(folder, { recursive: true, force: true });
}

const made = await mkdtemp(join(dirname(PREBUILT_DIR), '.prebuilt-'));
try {
  await chmod(made, 0o755); // mkdtemp's is the owner's only
  const store = prebuiltStore(made);
  const example = await loadCatalogue(join(PACKAGE_ROOT, 'examples/agency/catalogue'));
  const [bundle] = await Promise.all([
    bundleClient({ characters: siteCharacters(example.texts.values()), store, fontCache: prebuiltFolder('fonts', made), prebuilt: made }),
    bundleRenderer({ store, prebuilt: made }),
  ]);
  const compressed = prebuiltFolder('compressed', made);
  await precompress(bundle.files, compressed, undefined, compressed);
  await writeFile(join(made, relative(PREBUILT_DIR, EMOJI_INDEX)), JSON.stringify(await makeEmojiIndex()));
  await store.settle();
  const old = `${made}-old`;
  await rename(PREBUILT_DIR, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(made, PREBUILT_DIR).catch((error: NodeJS.ErrnoException) => {
    // Another run of this script put its files there first: made from the same sources, they are these.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
  await rm(old, { recursive: true, force: true });
} finally {
  await rm(made, { recursive: true, force: true });
  await stop();
}
