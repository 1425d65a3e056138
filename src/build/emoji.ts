// The SVG files emoji are drawn from (see src/model/emoji.ts): Google's Noto Emoji, the design Android and
// most Linux desktops show, from Iconify's package of it (Apache License 2.0, which each file names). One
// content-hashed file per emoji the site uses; an emoji the set lacks stays text. The set is one 25 MB JSON
// file (0.5 s of the main thread and 110 MB to read and parse, which held a cold build of 150 services back by
// as much): the package carries an index of where each emoji's drawing is in it (prebuilt/emoji-index.json,
// made with the other prebuilt files), so a build reads only the drawings it needs, and the whole set only
// when the index is for another version of it. Each emoji's SVG is kept in a cache once made.
import { open, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from 'svgo';
import { emojiCode } from '../core/emoji.ts';
import { atomicWrite, libraryVersion } from './cache.ts';
import { PREBUILT_DIR } from './prebuilt.ts';
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

type Icon = IconSet['icons'][string];

/** Each emoji's SVG from the set ('' where the set has none), by code. */
async function svgsFromSet(codes: readonly string[], indexFile: string): Promise<Map<string, string>> {
  // svgo is loaded only here: its import took 150 ms of every build's start, though a build whose emoji are all
  // in the cache never draws one. Its one-file build (svgo/browser, the same optimiser without the Node parts
  // for config files) loads in 76 ms where its 100-odd modules took 244 ms, 760 ms in a busy cold build.
  const [{ optimize }, icons] = await Promise.all([import('svgo/browser'), iconsOf(codes, indexFile)]);
  return new Map(
    codes.map((code) => {
      const icon = icons.get(code);
      if (!icon) return [code, ''];
      const drawn = optimize(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}">${icon.body}</svg>`, SVGO).data;
      return [code, `${drawn.replace(/^<svg[^>]*>/, (open) => `${open}${LICENCE}`)}\n`];
    }),
  );
}

/** The set's drawing of each code it has, with its size: through the index when it is for the installed set. */
async function iconsOf(codes: readonly string[], indexFile: string): Promise<Map<string, Required<Icon>>> {
  const index = await readFile(indexFile, 'utf8').then((text) => JSON.parse(text) as EmojiIndex, () => undefined);
  const file = require.resolve('@iconify-json/noto/icons.json');
  const icons = new Map<string, Required<Icon>>();
  if (index?.set === SET_VERSION) {
    const handle = await open(file);
    try {
      for (const code of codes) {
        const at = index.icons[code];
        if (!at) continue;
        const bytes = Buffer.alloc(at[1] - at[0]);
        await handle.read(bytes, 0, bytes.length, at[0]);
        const icon = JSON.parse(bytes.toString('utf8')) as Icon;
        icons.set(code, { body: icon.body, width: icon.width ?? index.width, height: icon.height ?? index.height });
      }
    } finally {
      await handle.close();
    }
    return icons;
  }
  const [chars, set] = await Promise.all([readJson<Record<string, string>>('@iconify-json/noto/chars.json'), readJson<IconSet>('@iconify-json/noto/icons.json')]);
  for (const code of codes) {
    const name = iconName(set, chars[code]);
    const icon = name && set.icons[name];
    if (icon) icons.set(code, { body: icon.body, width: icon.width ?? set.width, height: icon.height ?? set.height });
  }
  return icons;
}

const readJson = async <T>(name: string) => JSON.parse(await readFile(require.resolve(name), 'utf8')) as T;

/** The name of the icon a name stands for, through the aliases; undefined when the set has none. */
function iconName(set: IconSet, first: string | undefined): string | undefined {
  let name = first;
  while (name && !set.icons[name] && set.aliases?.[name]) name = set.aliases[name]!.parent;
  return name && set.icons[name] ? name : undefined;
}

/** Where each emoji's drawing is in the set's file: the bytes [start, end) of its JSON object, by code. */
interface EmojiIndex {
  set: string;
  width: number;
  height: number;
  icons: Record<string, [number, number]>;
}

export const EMOJI_INDEX = join(PREBUILT_DIR, 'emoji-index.json');

/** The index of the installed set (scripts/prebuild.ts writes it): each code of chars.json whose icon it has,
 *  with the bytes of the icon's object in icons.json, each checked to read back as the set's own. */
export async function makeEmojiIndex(): Promise<EmojiIndex> {
  const bytes = await readFile(require.resolve('@iconify-json/noto/icons.json'));
  const [chars, set] = [await readJson<Record<string, string>>('@iconify-json/noto/chars.json'), JSON.parse(bytes.toString('utf8')) as IconSet];
  const places = iconPlaces(bytes.toString('latin1'));
  const icons: Record<string, [number, number]> = {};
  for (const [code, alias] of Object.entries(chars)) {
    const name = iconName(set, alias);
    if (!name) continue;
    const place = places.get(name);
    if (!place || JSON.stringify(JSON.parse(bytes.subarray(...place).toString('utf8'))) !== JSON.stringify(set.icons[name])) {
      throw new Error(`Internal error: the emoji index cannot place ${code} (${name}) in the set's file`);
    }
    icons[code] = place;
  }
  return { set: SET_VERSION, width: set.width, height: set.height, icons };
}

/**
 * Where each icon's object is in the text of icons.json, read as latin1 so that a character is a byte: a scan of
 * the "icons" object's members, each value from its `{` to the `}` that closes it, strings skipped whole.
 */
function iconPlaces(text: string): Map<string, [number, number]> {
  const places = new Map<string, [number, number]>();
  const string = (at: number) => {
    let end = at + 1;
    while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    return end + 1;
  };
  const skipSpace = (at: number) => {
    while (/\s/.test(text[at]!)) at++;
    return at;
  };
  let at = skipSpace(text.indexOf('{', text.indexOf('"icons"')) + 1);
  while (text[at] === '"') {
    const keyEnd = string(at);
    const name = JSON.parse(text.slice(at, keyEnd)) as string;
    const start = skipSpace(skipSpace(keyEnd) + 1);
    let end = start;
    for (let depth = 0; ; ) {
      if (text[end] === '"') end = string(end);
      else {
        depth += text[end] === '{' ? 1 : text[end] === '}' ? -1 : 0;
        end++;
        if (!depth) break;
      }
    }
    places.set(name, [start, end]);
    at = skipSpace(end);
    if (text[at] === ',') at = skipSpace(at + 1);
  }
  return places;
}

/** The files of the emoji; `indexFile`: the set's index (EMOJI_INDEX), read when an emoji is not in the cache. */
export async function emojiAssets(emoji: readonly string[], cacheDir = EMOJI_CACHE, indexFile = EMOJI_INDEX): Promise<EmojiAssets> {
  const files = new Map<string, Uint8Array>();
  const urls: Record<string, string> = {};
  const codes = emoji.map(emojiCode);
  const cacheFile = (code: string) => join(cacheDir, `noto-${DRAWING}-${code}.svg`);
  const cached = await Promise.all(codes.map((code) => readFile(cacheFile(code), 'utf8').catch(() => undefined)));
  const missing = codes.filter((_, i) => cached[i] === undefined);
  const made = missing.length ? await svgsFromSet(missing, indexFile) : new Map<string, string>();
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
