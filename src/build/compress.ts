// Precompressed .br and .gz siblings of the hashed text assets, for static servers that send them as they
// are (nginx's gzip_static and brotli_static). Brotli's best level is slow (about 0.4 s for the React entry),
// so results are cached by file name, which carries the content hash, and the build compresses as soon as
// the bundles exist, while the catalogue is still being checked (the compress stage, src/pipeline.ts).
// Pages themselves are compressed on the fly by the server or CDN: at 10,000 pages, precompressing them
// would cost more than the rest of the build.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pLimit from 'p-limit';
import { atomicWrite, codeVersion } from './cache.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
export const COMPRESSIBLE = /\.(js|css|svg|json|xml|txt|html)$/;

async function cached(cacheDir: string, name: string, make: () => Promise<Uint8Array>, stats?: CacheStats): Promise<Uint8Array> {
  const file = join(cacheDir, name);
  try {
    const bytes = await readFile(file);
    if (stats) stats.fromCache++;
    return bytes;
  } catch {
    const bytes = await make();
    await atomicWrite(file, bytes).catch(() => undefined); // a cache that cannot be written is only slower
    return bytes;
  }
}

/** How many files came from the cache, counted for `build --verbose`. */
export interface CacheStats {
  fromCache: number;
}

/**
 * `path.br` and `path.gz` for every compressible file, keyed like the input map. The largest files go first,
 * one per core at a time: zlib's work runs on libuv's threads, which the build's file writes share.
 */
export async function precompress(files: ReadonlyMap<string, Uint8Array>, cacheDir: string, stats?: CacheStats): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const limit = pLimit(availableParallelism());
  const version = codeVersion(['src/build/compress.ts']).slice(0, 16);
  const largestFirst = [...files].filter(([path]) => COMPRESSIBLE.test(path)).sort(([, a], [, b]) => b.byteLength - a.byteLength);
  await Promise.all(
    largestFirst.map(([path, bytes]) =>
      limit(async () => {
        // The file name carries its content's hash; the prefix, how it is compressed (this code, Node's zlib).
        const name = `${version}-${basename(path)}`;
        out.set(`${path}.br`, await cached(cacheDir, `${name}.br`, () => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }), stats));
        out.set(`${path}.gz`, await cached(cacheDir, `${name}.gz`, () => gzipAsync(bytes, { level: 9 }), stats));
      }),
    ),
  );
  return out;
}
