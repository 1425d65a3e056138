// Makes the package's prebuilt files (src/build/prebuilt.ts): the Brotli and gzip files of the client bundle of a
// site without its own templates, and the Inter subset of the example catalogue's characters. package.json's
// prepare (npm ci) and prepack run it.
import { join } from 'node:path';
import { stop } from 'esbuild';
import { loadCatalogue } from '../src/catalogue/load.ts';
import { bundleClient } from '../src/build/bundle.ts';
import { PACKAGE_ROOT } from '../src/build/cache.ts';
import { precompress } from '../src/build/compress.ts';
import { siteCharacters } from '../src/build/fontSubset.ts';
import { prebuiltFolder } from '../src/build/prebuilt.ts';

const example = await loadCatalogue(join(PACKAGE_ROOT, 'examples/agency/catalogue'));
const bundle = await bundleClient({ characters: siteCharacters(example.texts.values()), fontCache: prebuiltFolder('fonts') });
// Made where the prebuilt files go, with none to read from.
await precompress(bundle.files, prebuiltFolder('compressed'), undefined, undefined);
await stop();
