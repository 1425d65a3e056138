// A build with the cache starts from the site an earlier build replaced (src/build/staging.ts): whatever that
// site holds, and whatever changed since, the output is exactly a clean build's, no file or folder more.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptSite } from '../../src/build/staging.ts';
import { buildSite } from '../../src/pipeline.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-kept-site-'));
const catalogue = join(work, 'catalogue');
const cacheDir = join(work, 'cache');
const out = join(work, 'dist');
const log: string[] = [];
const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };

/** Every entry of a folder: files with their bytes, folders as such. */
function treeOf(dir: string): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    tree[relative(dir, path)] = entry.isDirectory() ? 'folder' : readFileSync(path).toString('base64');
  }
  return tree;
}

let run = 0;
/** A build into `out` with the cache, and a clean one beside it: the same entries, byte for byte; then the same
 *  build again, which finds nothing to do. */
async function buildAndCompare(): Promise<void> {
  run++;
  // As if the catalogue's files were written a while ago: an image too recent to trust by its time (RACY_MS) would
  // make the build after this one a real build (build/upToDate.ts).
  const past = new Date(Date.now() - 60_000);
  for (const e of readdirSync(catalogue, { recursive: true, withFileTypes: true })) if (e.isFile()) utimesSync(join(e.parentPath, e.name), past, past);
  const options = { catalogueDir: catalogue, precompress: false, projectDir: work };
  const withCache = { ...options, outDir: out, deployDir: join(work, 'deploy'), cacheDir };
  const cached = await buildSite(withCache, io);
  const clean = join(work, `clean-${run}`);
  const cleanBuild = await buildSite({ ...options, outDir: clean, deployDir: `${clean}-deploy`, cacheDir: false }, io);
  expect(cached.ok && cleanBuild.ok, log.join('\n')).toBe(true);
  expect(cached.upToDate).toBeUndefined();
  expect(treeOf(out)).toEqual(treeOf(clean));
  rmSync(clean, { recursive: true });
  // The build's record of its output (each file's and folder's stamp) is the site's: the next build finds it up to date.
  const again = await buildSite(withCache, io);
  expect(again.upToDate, log.join('\n')).toBeDefined();
}

const edit = (file: string, change: (text: string) => string) => writeFileSync(join(catalogue, file), change(readFileSync(join(catalogue, file), 'utf8')));
const touchDescription = () => edit('descriptions/alpha-2.md', (t) => `${t}\nAnother sentence, run ${run}.\n`);
const png = (colour: string) => sharp({ create: { width: 640, height: 400, channels: 3, background: colour } }).png().toBuffer();
const BETA_2 = '  - id: beta-2\n    name: Influencer Tier Two\n    price: 3000\n    currency: USD\n    image: beta-1.svg\n    metaDescription: A second fixture tier.\n';

beforeAll(async () => {
  cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogue, { recursive: true });
  writeFileSync(join(catalogue, 'img/services/alpha-1.png'), await png('#c03030'));
  edit('categories/alpha.yaml', (t) => t.replace('alpha-1.svg', 'alpha-1.png'));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build that starts from the site an earlier build replaced', () => {
  it('keeps the files that are as they should be, and only those, through pages and images added, removed and replaced', async () => {
    await buildAndCompare();
    const robots = statSync(join(out, 'robots.txt')).ino;
    touchDescription();
    await buildAndCompare();
    expect(existsSync(keptSite(cacheDir, out))).toBe(true); // the first site, kept for the next build
    edit('categories/beta.yaml', (t) => t.replace(/price: (\d+)/, (_, n: string) => `price: ${Number(n) + 5}`));
    await buildAndCompare();
    expect(statSync(join(out, 'robots.txt')).ino).toBe(robots); // the first site's file, kept: the same bytes
    // A page added, then removed again: each change goes through both sites that take turns.
    edit('categories/beta.yaml', (t) => `${t}${BETA_2}`);
    writeFileSync(join(catalogue, 'descriptions/beta-2.md'), 'A second tier, for larger launches.\n');
    await buildAndCompare();
    touchDescription();
    await buildAndCompare();
    edit('categories/beta.yaml', (t) => t.replace(BETA_2, ''));
    rmSync(join(catalogue, 'descriptions/beta-2.md'));
    await buildAndCompare();
    touchDescription();
    await buildAndCompare();
    // An image replaced by a new file (a new inode: the kept site's link is to the old one), then edited in place.
    const image = join(catalogue, 'img/services/alpha-1.png');
    writeFileSync(`${image}.new`, await png('#3050c0'));
    renameSync(`${image}.new`, image);
    await buildAndCompare();
    touchDescription();
    await buildAndCompare();
    writeFileSync(image, await png('#30a050'));
    await buildAndCompare();
  }, 240_000);

  it('puts right a kept site changed by hand', async () => {
    const site = keptSite(cacheDir, out);
    expect(existsSync(site)).toBe(true);
    const robots = readFileSync(join(site, 'robots.txt'), 'utf8');
    writeFileSync(join(site, 'robots.txt'), robots.replace('Allow', 'Allox')); // the same size
    rmSync(join(site, 'sitemap.xml'));
    writeFileSync(join(site, 'stray.html'), '<p>not the build</p>');
    mkdirSync(join(site, 'stray-folder/inner'), { recursive: true });
    // A file where a page's folder goes, and a folder where a file goes.
    rmSync(join(site, 'sitemap'), { recursive: true });
    writeFileSync(join(site, 'sitemap'), 'a file where a folder goes');
    rmSync(join(site, '404.html'));
    mkdirSync(join(site, '404.html/inner'), { recursive: true });
    touchDescription();
    await buildAndCompare();
  }, 120_000);
});

describe('a first build with the cache', () => {
  it("puts its pages into the site as the cache's copies, which the build two edits later keeps as they are", async () => {
    const first = join(work, 'first');
    const options = { catalogueDir: catalogue, precompress: false, projectDir: work, outDir: first, deployDir: join(work, 'deploy-first'), cacheDir: join(work, 'cache-first') };
    const build = async () => expect((await buildSite(options, io)).ok, log.join('\n')).toBe(true);
    const unchanged = join(first, 'sitemap/index.html');
    await build();
    const page = statSync(unchanged);
    expect(page.nlink).toBe(2); // the page in the site and its blob in the cache: one file written, not two
    touchDescription();
    await build(); // into a new folder: no site was replaced before it
    touchDescription();
    await build(); // from the first build's site
    expect(statSync(unchanged).ino).toBe(page.ino);
  }, 120_000);
});
