// Emoji in text: found and split the same way on the server and in the browser, and drawn from Noto's SVGs.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMOJI_INDEX, emojiAssets } from '../../src/build/emoji.ts';
import { emojiCode, emojiIn, splitEmoji } from '../../src/core/emoji.ts';

describe('emoji in text', () => {
  it('are split out of the text around them, sequences whole', () => {
    expect(splitEmoji('Go viral 🚀!')).toEqual(['Go viral ', { emoji: '🚀' }, '!']);
    expect(splitEmoji('👍🏽 👨‍💻 ❤️ 🇺🇸')).toEqual([{ emoji: '👍🏽' }, ' ', { emoji: '👨‍💻' }, ' ', { emoji: '❤️' }, ' ', { emoji: '🇺🇸' }]);
  });

  it('leave alone the signs that are text unless asked to be emoji, and digits', () => {
    expect(splitEmoji('© 2026 Astrolift™ #1 ☺')).toEqual(['© 2026 Astrolift™ #1 ☺']);
    expect(emojiIn(['© ™ 1', 'plain text'])).toEqual([]);
  });

  it('leave typography alone', () => {
    expect(splitEmoji('The platform’s “rules” – …')).toEqual(['The platform’s “rules” – …']);
  });

  it('are listed once each and named by their code points without variation selectors', () => {
    expect(emojiIn(['🚀 and 🚀', '❤️'])).toEqual(['❤️', '🚀'].sort());
    expect(emojiCode('❤️')).toBe('2764');
    expect(emojiCode('👨‍💻')).toBe('1f468-200d-1f4bb');
  });
});

describe('the emoji files', () => {
  it('are Noto SVGs with their licence, under hashed names; an emoji the set lacks gets none', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'storefront-emoji-'));
    const { files, urls } = await emojiAssets(['🚀', '❤️', '\u{1FAE8}\u{1FAE8}'], cache);
    expect(urls['🚀']).toMatch(/^\/assets\/emoji-1f680-[A-Z0-9]{8}\.svg$/);
    expect(urls['❤️']).toMatch(/^\/assets\/emoji-2764-[A-Z0-9]{8}\.svg$/);
    expect(Object.keys(urls)).toHaveLength(2);
    const rocket = new TextDecoder().decode(files.get(urls['🚀']!.slice(1)));
    expect(rocket).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 128 128">/);
    expect(rocket).toContain('Apache License 2.0');
    // Drawn to a tenth of a unit of the 128-unit grid (the set has thousandths): 10.3 KB became 6.4 KB.
    expect([...rocket.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]).filter((d) => /\d\.\d\d/.test(d!))).toEqual([]);
    expect(rocket.length).toBeLessThan(7_000);
    // The second time from the cache, the same files.
    expect(await readdir(cache)).toHaveLength(3);
    expect(await emojiAssets(['🚀', '❤️', '\u{1FAE8}\u{1FAE8}'], cache)).toEqual({ files, urls });
    await rm(cache, { recursive: true, force: true });
  });

  it("are read through the package's index of the set, the same drawings as from the whole set", async () => {
    const dirs = await Promise.all([1, 2, 3].map(() => mkdtemp(join(tmpdir(), 'storefront-emoji-'))));
    const [indexed, whole, swapped] = dirs as [string, string, string];
    // A sequence, a skin tone, one found through the set's aliases, a heart; a flag and a pair the set lacks.
    const emoji = ['🚀', '👨‍💻', '👍🏽', '🇺🇸', '🤪', '❤️', '\u{1FAE8}\u{1FAE8}'];
    const drawn = await emojiAssets(emoji, indexed);
    expect(await emojiAssets(emoji, whole, join(whole, 'no-index.json'))).toEqual(drawn);
    expect(Object.keys(drawn.urls)).toEqual(['🚀', '👨‍💻', '👍🏽', '🤪', '❤️']);
    // An index that places the rocket where the heart is draws a heart: the index is what the drawing is read by.
    const index = JSON.parse(await readFile(EMOJI_INDEX, 'utf8')) as { icons: Record<string, unknown> };
    index.icons['1f680'] = index.icons['2764'];
    await writeFile(join(swapped, 'index.json'), JSON.stringify(index));
    const rocket = await emojiAssets(['🚀'], join(swapped, 'cache'), join(swapped, 'index.json'));
    const bytes = (assets: typeof drawn, e: string) => assets.files.get(assets.urls[e]!.slice(1));
    expect(bytes(rocket, '🚀')).toEqual(bytes(drawn, '❤️'));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
});
