// The SVG files emoji are drawn from (see src/model/emoji.ts): Google's Noto Emoji, the design Android and
// most Linux desktops show, from Iconify's package of it (Apache License 2.0, which each file names). One
// content-hashed file per emoji the site uses; an emoji the set lacks stays text.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { emojiCode } from '../model/emoji.ts';

/** The template's own emoji (the brand mark), on every page whatever the catalogue says. */
export const TEMPLATE_EMOJI = ['🚀'];

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

export async function emojiAssets(emoji: readonly string[]): Promise<EmojiAssets> {
  const files = new Map<string, Uint8Array>();
  const urls: Record<string, string> = {};
  if (!emoji.length) return { files, urls };
  const [chars, set] = await Promise.all([
    readFile(require.resolve('@iconify-json/noto/chars.json'), 'utf8').then((t) => JSON.parse(t) as Record<string, string>),
    readFile(require.resolve('@iconify-json/noto/icons.json'), 'utf8').then((t) => JSON.parse(t) as IconSet),
  ]);
  for (const e of emoji) {
    const code = emojiCode(e);
    let name = chars[code];
    while (name && !set.icons[name] && set.aliases?.[name]) name = set.aliases[name]!.parent;
    const icon = name ? set.icons[name] : undefined;
    if (!icon) continue;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width ?? set.width} ${icon.height ?? set.height}">` +
      `<!-- Noto Emoji, Google Inc., Apache License 2.0: https://github.com/googlefonts/noto-emoji -->${icon.body}</svg>\n`;
    const bytes = new TextEncoder().encode(svg);
    const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 8).replace(/[-_]/g, '0').toUpperCase();
    const path = `assets/emoji-${code}-${hash}.svg`;
    files.set(path, bytes);
    urls[e] = `/${path}`;
  }
  return { files, urls };
}
