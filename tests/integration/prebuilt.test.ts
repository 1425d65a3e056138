// The files made when the package is packed (src/build/prebuilt.ts): a cache folder that lacks a file finds it
// there, a site whose inputs differ finds nothing and makes its own, and the example's cold build uses them.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/build/cache.ts';
import { precompress } from '../../src/build/compress.ts';
import { EMOJI_INDEX } from '../../src/build/emoji.ts';
import { INTER_FILE, inLatinFile, subsetInter, TEMPLATE_CHARACTERS } from '../../src/build/fontSubset.ts';
import { buildSite } from '../../src/pipeline.ts';

const folders: string[] = [];
const folder = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-prebuilt-'));
  folders.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the compressed files', () => {
  it('come from the prebuilt folder when the cache lacks them, and are made when neither has them', async () => {
    const [prebuilt, cache] = await Promise.all([folder(), folder()]);
    const file = new TextEncoder().encode('export const a = 1;\n'.repeat(50));
    const made = await precompress(new Map([['assets/a-ABC.js', file]]), prebuilt, undefined, undefined);
    const stats = { fromCache: 0 };
    const found = await precompress(new Map([['assets/a-ABC.js', file]]), cache, stats, prebuilt);
    expect(found).toEqual(made);
    expect(stats.fromCache).toBe(2);
    expect(await readdir(cache)).toEqual([]);
    const other = { fromCache: 0 };
    await precompress(new Map([['assets/b-DEF.js', file]]), cache, other, prebuilt);
    expect(other.fromCache).toBe(0);
    expect((await readdir(cache)).sort()).toHaveLength(2);
  });
});

describe('the Inter subset', () => {
  it('is keyed by the characters the latin file can have: an emoji more finds the prebuilt one', async () => {
    const [prebuilt, cache] = await Promise.all([folder(), folder()]);
    const font = readFileSync(INTER_FILE);
    expect(inLatinFile('Aé🚀漢')).toBe('Aé');
    const subset = await subsetInter(font, prebuilt, TEMPLATE_CHARACTERS, undefined);
    expect(await subsetInter(font, cache, `${TEMPLATE_CHARACTERS}🚀`, prebuilt)).toEqual(subset);
    expect(await readdir(cache)).toEqual([]);
  }, 60_000);
});

describe('the index of the emoji set', () => {
  it("is the installed set's, and places every emoji of it", () => {
    const index = JSON.parse(readFileSync(EMOJI_INDEX, 'utf8')) as { set: string; icons: Record<string, unknown> };
    const installed = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'node_modules/@iconify-json/noto/package.json'), 'utf8')) as { version: string };
    expect(index.set).toBe(installed.version);
    expect(Object.keys(index.icons).length).toBeGreaterThan(3_000);
  });
});

describe('a cold build of the example catalogue', () => {
  it('takes its bundles and their compressed files from the package (npm ci made them)', async () => {
    const [out, cacheDir] = [join(await folder(), 'dist'), await folder()];
    const lines: string[] = [];
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), detail: 'verbose' as const };
    const result = await buildSite({ catalogueDir: join(PACKAGE_ROOT, 'examples/agency/catalogue'), outDir: out, cacheDir, deployDir: join(out, '..', 'deploy') }, io);
    expect(result.ok).toBe(true);
    // The bundle's 41 scripts and stylesheets, each .br and .gz; the emoji is the site's own.
    expect(Number(/(\d+) from the cache/.exec(lines.join('\n'))?.[1])).toBeGreaterThanOrEqual(82);
    // Its cache folder was empty: the client bundle and the prerenderer came from the prebuilt cache.
    expect(lines.join('\n')).toMatch(/from the cache .*renderer 1\/1,.* client 1\/1,/);
  }, 120_000);
});
