// Precompressed .br and .gz siblings of the hashed text assets, for static servers that send them as they
// are (nginx's gzip_static and brotli_static). Brotli's best level is slow (about 0.4 s for the React entry),
// so results are cached by file name, which carries the content hash, and the build compresses as soon as
// the bundles exist, while the catalogue is still being checked (the compress stage, src/pipeline.ts).
// Pages themselves are compressed on the fly by the server or CDN: at 10,000 pages, precompressing them
// would cost more than the rest of the build.
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pLimit from 'p-limit';
import { filesHash, keyOf } from './cache.ts';
import { cachedFile, prebuiltFolder } from './prebuilt.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
export const COMPRESSIBLE = /\.(js|css|svg|json|xml|txt|html)$/;

async function cached(cacheDir: string, prebuilt: string | undefined, name: string, make: () => Promise<Uint8Array>, stats?: CacheStats): Promise<Uint8Array> {
  const { bytes, made } = await cachedFile(cacheDir, prebuilt, name, make);
  if (stats && !made) stats.fromCache++;
  return bytes;
}

/** How many files came from the cache, counted for `build --verbose`. */
export interface CacheStats {
  fromCache: number;
}

/** How a file is compressed: this module's code and the compressors' versions, not the tool's release nor
 *  Node's, so that the files prebuilt when the package was packed serve every Node with the same zlib and Brotli. */
const compressorVersion = () => keyOf(filesHash(['src/build/compress.ts']), process.versions.brotli, process.versions.zlib).slice(0, 16);

/**
 * `path.br` and `path.gz` for every compressible file, keyed like the input map. The largest files go first,
 * one per core at a time: zlib's work runs on libuv's threads, which the build's file writes share. A file the
 * cache folder lacks may have been compressed when the package was packed (`prebuilt`, prebuilt.ts).
 */
export async function precompress(files: ReadonlyMap<string, Uint8Array>, cacheDir: string, stats?: CacheStats, prebuilt: string | undefined = prebuiltFolder('compressed')): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const limit = pLimit(availableParallelism());
  const version = compressorVersion();
  const largestFirst = [...files].filter(([path]) => COMPRESSIBLE.test(path)).sort(([, a], [, b]) => b.byteLength - a.byteLength);
  await Promise.all(
    largestFirst.map(([path, bytes]) =>
      limit(async () => {
        // The file name carries its content's hash; the prefix, how it is compressed (this code, Node's zlib).
        const name = `${version}-${basename(path)}`;
        out.set(`${path}.br`, await cached(cacheDir, prebuilt, `${name}.br`, () => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }), stats));
        out.set(`${path}.gz`, await cached(cacheDir, prebuilt, `${name}.gz`, () => gzipAsync(bytes, { level: 9 }), stats));
      }),
    ),
  );
  return out;
}
