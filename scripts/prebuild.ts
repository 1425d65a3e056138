// Makes the package's prebuilt files (src/build/prebuilt.ts) afresh: the client bundle and the prerenderer of a
// site without its own templates, with the Brotli and gzip files of the bundle's files and the Inter subset of
// the example catalogue's characters; and the index of the emoji set (src/build/emoji.ts). package.json's
// prepare (npm ci) and prepack run it.
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stop } from 'esbuild';
import { loadCatalogue } from '../src/catalogue/load.ts';
import { bundleClient, bundleRenderer } from '../src/build/bundle.ts';
import { PACKAGE_ROOT } from '../src/build/cache.ts';
import { precompress } from '../src/build/compress.ts';
import { EMOJI_INDEX, makeEmojiIndex } from '../src/build/emoji.ts';
import { siteCharacters } from '../src/build/fontSubset.ts';
import { prebuiltFolder, prebuiltStore } from '../src/build/prebuilt.ts';

const store = prebuiltStore();
await rm(dirname(store.dir), { recursive: true, force: true });
const example = await loadCatalogue(join(PACKAGE_ROOT, 'examples/agency/catalogue'));
const [bundle] = await Promise.all([
  bundleClient({ characters: siteCharacters(example.texts.values()), store, fontCache: prebuiltFolder('fonts') }),
  bundleRenderer({ store }),
]);
// Made where the prebuilt files go, with none to read from.
await precompress(bundle.files, prebuiltFolder('compressed'), undefined, undefined);
await writeFile(EMOJI_INDEX, JSON.stringify(await makeEmojiIndex()));
await store.settle();
await stop();
