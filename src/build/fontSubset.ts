// Inter, cut down at build time to what the site shows: the characters its catalogue and templates use, at the
// weights the styles use (400-900), with the OpenType features a browser applies by default but contextual
// alternates. The latin file is 48 KB; the example catalogue's subset is 15 KB. The font is preloaded, so it is
// on the path to the first paint of text: on a slow phone connection (Lighthouse's LCP) each 13 KB or so is one
// more round trip.
// Features: the styles turn none on (no font-feature-settings), so the stylistic sets, alternates and
// fractions Inter carries would never show; keeping them kept their glyphs too. Characters: ASCII and the
// templates' own signs always, then whatever the catalogue's YAML and Markdown contain. Anything Inter lacks
// (an emoji, a CJK name) is drawn by the next font in the stack, as it would be without a subset. harfbuzz
// (subset-font, WebAssembly) does the cutting, 0.2-0.5 s, in a worker thread; the result is cached by input,
// so a catalogue pays once for a new character. The subset of the characters most catalogues use is made when
// the package is packed (prebuilt.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Plugin } from 'esbuild';
import { libraryVersion } from './cache.ts';
import { cachedFile, prebuiltFolder } from './prebuilt.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Resolved as Node resolves it: an installed package's dependencies may be beside it rather than in it.
export const INTER_FILE = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
export const FONT_CACHE = join(PACKAGE_ROOT, 'node_modules/.cache/storefront/fonts');

export const INTER_WEIGHTS = { min: 400, max: 900 } as const;
/**
 * The features browsers apply to horizontal Latin text without being asked, but one: Inter's contextual
 * alternates (`calt`: hyphens and brackets raised between capitals, "->" drawn as an arrow) and the glyphs only
 * they reach were 3.6 KB of the example's 18.6 KB subset, a fifth of the file, for a shift of a pixel or two
 * (docs/decisions.md). Kerning stays: without it headings visibly loosen.
 */
export const DEFAULT_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'clig', 'rlig', 'rvrn'] as const;
/** Printable ASCII, and what the templates write themselves: ©, dashes, quotes, ellipsis, arrows, no-break space. */
export const TEMPLATE_CHARACTERS = `${String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 0x20 + i))}\u00a0©–—‘’“”…•→×−`;

/** A text's characters beyond ASCII, each once: all siteCharacters reads of it. (The ASCII removed first: one
 *  match a character was 80 ms for 10,000 descriptions, this is 15.) */
export const nonAscii = (text: string): string => [...new Set(text.replace(/[\x00-\x7f]+/g, ''))].join('');

/** Every character a site with these catalogue texts can show, sorted, each once. */
export function siteCharacters(texts: Iterable<string>): string {
  const seen = new Set(TEMPLATE_CHARACTERS);
  for (const text of texts) for (const [run] of text.matchAll(/[^\x00-\x7f]+/g)) for (const c of run) seen.add(c);
  return [...seen].filter((c) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(c)).sort().join('');
}

/** The ranges of code points the latin file of Inter covers (Fontsource's split of the font): [first, last]. */
const LATIN_RANGES = (JSON.parse(readFileSync(join(dirname(INTER_FILE), '../unicode.json'), 'utf8')) as Record<string, string>).latin!.split(',').map((range) => {
  const [first, last = first] = range.replace(/^U\+/, '').split('-');
  return [parseInt(first!, 16), parseInt(last!, 16)] as const;
});

/** The characters the latin file can have: a subset is the same with or without the others (an emoji, a CJK
 *  name), so they are left out of its key, and sites that differ only in them share one. */
export const inLatinFile = (characters: string) => [...characters].filter((c) => LATIN_RANGES.some(([first, last]) => c.codePointAt(0)! >= first && c.codePointAt(0)! <= last)).join('');

/** Inter cut down to `characters`, from `cacheDir`, else from the prebuilt subsets (prebuilt.ts), else made. */
export async function subsetInter(font: Uint8Array, cacheDir: string, characters: string, prebuilt: string | undefined = prebuiltFolder('fonts')): Promise<Uint8Array> {
  const kept = inLatinFile(characters);
  const key = createHash('sha256').update(font).update(JSON.stringify([kept, INTER_WEIGHTS, DEFAULT_FEATURES, libraryVersion('subset-font')])).digest('hex').slice(0, 16);
  return (await cachedFile(cacheDir, prebuilt, `inter-${key}.woff2`, () => inWorker(font, kept))).bytes;
}

/** subset-font run in a thread of its own, which takes its WebAssembly memory with it when it ends. */
function inWorker(font: Uint8Array, characters: string): Promise<Uint8Array> {
  const options = { targetFormat: 'woff2', keepFeatures: [...DEFAULT_FEATURES], variationAxes: { wght: { ...INTER_WEIGHTS } } };
  const worker = new Worker(new URL(`./fontSubsetWorker${extname(fileURLToPath(import.meta.url))}`, import.meta.url), { workerData: { font, characters, options } });
  return new Promise((resolve, reject) => {
    worker.once('message', (subset: Uint8Array) => resolve(Buffer.from(subset.buffer, subset.byteOffset, subset.byteLength)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The font subset's worker stopped (exit code ${code}) before it answered.`)));
  });
}

/** An esbuild plugin that hands the bundle the subset instead of the whole latin file. */
export const interSubsetPlugin = (cacheDir: string, characters: string, prebuilt?: string): Plugin => ({
  name: 'inter-subset',
  setup(build) {
    build.onLoad({ filter: /inter-latin-wght-normal\.woff2$/ }, async (args) => ({
      contents: await subsetInter(await readFile(args.path), cacheDir, characters, prebuilt),
      loader: 'file',
    }));
  },
});
