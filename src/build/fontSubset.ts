// Inter, cut down at build time to what an English catalogue needs: ASCII, the Latin-1 letters and signs, and
// the punctuation of edited prose, at the weights the styles use (400-900). 48 KB becomes 29 KB, which a slow
// phone connection fetches in one round trip less: the font is preloaded, so it is on the path to the first
// paint of text (Lighthouse's LCP). Any other character falls back to the metric-matched Arial face (the
// @font-face unicode-range in templates/styles/fonts.css lists exactly these characters; a test keeps the two
// in step). harfbuzz (subset-font, WebAssembly) does the cutting; the result is cached by input. Cutting takes
// most of a second (WOFF2's Brotli runs in WebAssembly) and depends only on the installed font, so `npm ci`
// makes it (package.json's prepare runs this file); a build makes it only if it is missing.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import subsetFont from 'subset-font';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const INTER_FILE = join(PACKAGE_ROOT, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
export const FONT_CACHE = join(PACKAGE_ROOT, 'node_modules/.cache/storefront/fonts');

/** Code point ranges kept, inclusive; the unicode-range of the @font-face rule says the same. */
export const INTER_RANGES: readonly [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2192, 0x2192],
  [0x2212, 0x2212],
];
export const INTER_WEIGHTS = { min: 400, max: 900 } as const;

/** The CSS unicode-range value for INTER_RANGES. */
export const interUnicodeRange = () =>
  INTER_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

const characters = () => INTER_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');

export async function subsetInter(font: Uint8Array, cacheDir: string): Promise<Uint8Array> {
  const key = createHash('sha256').update(font).update(JSON.stringify([INTER_RANGES, INTER_WEIGHTS])).digest('hex').slice(0, 16);
  const file = join(cacheDir, `inter-${key}.woff2`);
  try {
    return await readFile(file);
  } catch {
    const subset = await subsetFont(font, characters(), { targetFormat: 'woff2', variationAxes: { wght: { ...INTER_WEIGHTS } } });
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, subset);
    return subset;
  }
}

/** An esbuild plugin that hands the bundle the subset instead of the whole latin file. */
export const interSubsetPlugin = (cacheDir: string): Plugin => ({
  name: 'inter-subset',
  setup(build) {
    build.onLoad({ filter: /inter-latin-wght-normal\.woff2$/ }, async (args) => ({
      contents: await subsetInter(await readFile(args.path), cacheDir),
      loader: 'file',
    }));
  },
});

if (import.meta.main) await subsetInter(await readFile(INTER_FILE), FONT_CACHE);
