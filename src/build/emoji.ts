// The SVG files emoji are drawn from (see src/model/emoji.ts): Google's Noto Emoji, the design Android and
// most Linux desktops show, from Iconify's package of it (Apache License 2.0, which each file names). One
// content-hashed file per emoji the site uses; an emoji the set lacks stays text. The set is one 25 MB JSON
// file (0.14 s and 110 MB to parse): each emoji's SVG is kept in a cache once made, so a build reads the set
// only for an emoji it has not seen.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from 'svgo';
import { emojiCode } from '../core/emoji.ts';
import { atomicWrite, libraryVersion } from './cache.ts';
import { contentHash } from './shell.ts';

interface IconSet {
  width: number;
  height: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

export interface EmojiAssets {
  /** Files by path inside the site: assets/emoji-<code>-<hash>.svg. */
  files: Map<string, Uint8Array>;
  /** URL of each emoji's file, by the emoji as it is written. */
  urls: Record<string, string>;
}

const require = createRequire(import.meta.url);
const SET_VERSION = (require('@iconify-json/noto/package.json') as { version: string }).version;
const LICENCE = '<!-- Noto Emoji, Google Inc., Apache License 2.0: https://github.com/googlefonts/noto-emoji -->';
// The set's drawings carry three decimals on a 128-unit grid: one is a twentieth of a pixel where an emoji is
// shown largest (64 px), and the rocket of the example's logo goes from 4.0 to 2.3 KB brotli. Every emoji
// an above-the-fold heading or the header shows is a request before the largest paint (docs/decisions.md).
const SVGO: Config = { multipass: true, floatPrecision: 1 };
const DRAWING = `${SET_VERSION}-svgo${libraryVersion('svgo')}-p${SVGO.floatPrecision}`;
export const EMOJI_CACHE = join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules/.cache/storefront/emoji');

/** Each emoji's SVG from the set ('' where the set has none), by code. */
async function svgsFromSet(codes: readonly string[]): Promise<Map<string, string>> {
  // svgo is loaded only here: its import took 150 ms of every build's start, though a build whose emoji are all
  // in the cache never draws one. Its one-file build (svgo/browser, the same optimiser without the Node parts
  // for config files) loads in 76 ms where its 100-odd modules took 244 ms, 760 ms in a busy cold build.
  const [{ optimize }, chars, set] = await Promise.all([
    import('svgo/browser'),
    readFile(require.resolve('@iconify-json/noto/chars.json'), 'utf8').then((t) => JSON.parse(t) as Record<string, string>),
    readFile(require.resolve('@iconify-json/noto/icons.json'), 'utf8').then((t) => JSON.parse(t) as IconSet),
  ]);
  return new Map(
    codes.map((code) => {
      let name = chars[code];
      while (name && !set.icons[name] && set.aliases?.[name]) name = set.aliases[name]!.parent;
      const icon = name ? set.icons[name] : undefined;
      if (!icon) return [code, ''];
      const drawn = optimize(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width ?? set.width} ${icon.height ?? set.height}">${icon.body}</svg>`, SVGO).data;
      return [code, `${drawn.replace(/^<svg[^>]*>/, (open) => `${open}${LICENCE}`)}\n`];
    }),
  );
}

export async function emojiAssets(emoji: readonly string[], cacheDir = EMOJI_CACHE): Promise<EmojiAssets> {
  const files = new Map<string, Uint8Array>();
  const urls: Record<string, string> = {};
  const codes = emoji.map(emojiCode);
  const cacheFile = (code: string) => join(cacheDir, `noto-${DRAWING}-${code}.svg`);
  const cached = await Promise.all(codes.map((code) => readFile(cacheFile(code), 'utf8').catch(() => undefined)));
  const missing = codes.filter((_, i) => cached[i] === undefined);
  const made = missing.length ? await svgsFromSet(missing) : new Map<string, string>();
  if (made.size) {
    await Promise.all([...made].map(([code, svg]) => atomicWrite(cacheFile(code), svg).catch(() => undefined)));
  }
  for (const [i, e] of emoji.entries()) {
    const code = codes[i]!;
    const svg = cached[i] ?? made.get(code);
    if (!svg) continue;
    const bytes = new TextEncoder().encode(svg);
    const path = `assets/emoji-${code}-${contentHash(bytes)}.svg`;
    files.set(path, bytes);
    urls[e] = `/${path}`;
  }
  return { files, urls };
}
