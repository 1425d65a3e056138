// The build cache is never wrong: after each kind of change (a description, a price, a template, a category's
// name, the tool's version, an image, a damaged cache), a build that uses the cache writes exactly the files a
// clean `--no-cache` build writes, byte for byte; and it rebuilds only what the change reaches.
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, PAGE_KINDS_DIR } from '../../src/build/bundle.ts';
import { TOOL } from '../../src/build/cache.ts';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';
import { filesOf } from '../support/siteFiles.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-build-cache-'));
const catalogue = join(work, 'catalogue');
// Inside the package, so that the test's page kind resolves react as the repository's templates do.
// (node_modules/.cache is not there yet after `npm ci`, until a build makes it.)
mkdirSync(join(PACKAGE_ROOT, 'node_modules/.cache'), { recursive: true });
const kinds = mkdtempSync(join(PACKAGE_ROOT, 'node_modules/.cache/storefront-test-kinds-'));
const cacheDir = join(work, 'cache');
const log: string[] = [];
const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };

let run = 0;
/** A build with the cache and a clean one, the first with its result. Both outputs must be the same. */
async function buildBoth(precompress = false): Promise<BuildResult> {
  run++;
  const options = { catalogueDir: catalogue, pageKindDirs: [PAGE_KINDS_DIR, kinds], precompress, projectDir: work };
  const cached = await buildSite({ ...options, outDir: join(work, `cached-${run}`), deployDir: join(work, `deploy-cached-${run}`), cacheDir }, io);
  const clean = await buildSite({ ...options, outDir: join(work, `clean-${run}`), deployDir: join(work, `deploy-clean-${run}`), cacheDir: false }, io);
  expect(cached.ok && clean.ok, log.join('\n')).toBe(true);
  const [a, b] = [filesOf(join(work, `cached-${run}`)), filesOf(join(work, `clean-${run}`))];
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [path, bytes] of a) expect(bytes, path).toBe(b.get(path));
  expect(readFileSync(join(work, `deploy-cached-${run}/nginx.conf`), 'utf8')).toBe(readFileSync(join(work, `deploy-clean-${run}/nginx.conf`), 'utf8'));
  return cached;
}

const edit = (file: string, change: (text: string) => string) => writeFileSync(join(catalogue, file), change(readFileSync(join(catalogue, file), 'utf8')));
const png = (colour: string) => sharp({ create: { width: 640, height: 400, channels: 3, background: colour } }).png().toBuffer();
const misses = (result: BuildResult, kind: string) => result.cache?.[kind]?.misses;

beforeAll(async () => {
  cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogue, { recursive: true });
  // A raster image, so the image variants go through the cache too.
  writeFileSync(join(catalogue, 'img/services/alpha-1.png'), await png('#c03030'));
  edit('categories/alpha.yaml', (t) => t.replace('alpha-1.svg', 'alpha-1.png'));
  // A page kind of the test's own, with a part only it uses: a template that can change while the
  // repository's templates stay as they are.
  cpSync(new URL('../page-kinds/complete/faq.tsx', import.meta.url).pathname, join(kinds, 'faq.tsx'));
  edit(relative(catalogue, join(kinds, 'faq.tsx')), (t) =>
    t
      .replaceAll("'../../../", `'${PACKAGE_ROOT}`)
      .replace("import { pageHead }", "import Answer from './parts/Answer.server.tsx';\nimport { pageHead }")
      .replace('</h1>', '</h1>\n        <Answer />'),
  );
  mkdirSync(join(kinds, 'parts'));
  writeFileSync(join(kinds, 'parts/Answer.server.tsx'), 'export default function Answer() {\n  return <p>Yes, every order.</p>;\n}\n');
}, 60_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(kinds, { recursive: true, force: true });
});

describe('a build with the cache writes what a clean build writes', () => {
  it('with an empty cache, then with nothing changed (every page, bundle and description from the cache)', async () => {
    expect(misses(await buildBoth(true), 'pages')).toBeGreaterThan(0);
    const warm = await buildBoth(true);
    expect(warm.cache).toMatchObject({ pages: { misses: 0 }, descriptions: { misses: 0 }, client: { misses: 0 }, renderer: { misses: 0 }, search: { misses: 0 } });
    expect(warm.cache?.pages?.hits).toBe(warm.pages);
  }, 180_000);

  it('after a description changed: only the pages that show it are rendered again', async () => {
    edit('descriptions/alpha-2.md', (t) => `${t}\nOne more sentence for the cache test.\n`);
    const result = await buildBoth();
    expect(misses(result, 'descriptions')).toBe(1);
    expect(misses(result, 'pages')).toBeGreaterThan(0);
    expect(misses(result, 'pages')).toBeLessThan(result.pages!);
    expect(misses(result, 'search')).toBe(1); // the search records hold the words a description adds
  }, 120_000);

  it('after a price changed', async () => {
    edit('categories/beta.yaml', (t) => t.replace(/price: (\d+)/, (_, n: string) => `price: ${Number(n) + 7}`));
    await buildBoth();
  }, 120_000);

  it('after a template changed: only the pages of the kinds whose module graph has it are rendered again', async () => {
    // A part rendered on the server only (it is not in the browser's bundle, so the client loader, whose URL
    // every page carries, stays the same).
    writeFileSync(join(kinds, 'parts/Answer.server.tsx'), 'export default function Answer() {\n  return <p>Yes, every order, within a day.</p>;\n}\n');
    const result = await buildBoth();
    expect(misses(result, 'pages')).toBe(1); // /faq/ alone
    expect(readFileSync(join(work, `cached-${run}/faq/index.html`), 'utf8')).toContain('within a day');
  }, 120_000);

  it("after a template's browser code changed: every page (they all name the client loader, whose hash changed)", async () => {
    edit(relative(catalogue, join(kinds, 'faq.tsx')), (t) => t.replace('starts with a message.', 'starts with one message.'));
    const result = await buildBoth();
    expect(misses(result, 'client')).toBe(1);
    expect(readFileSync(join(work, `cached-${run}/faq/index.html`), 'utf8')).toContain('starts with one message');
  }, 120_000);

  it("after a category's name changed", async () => {
    edit('categories/alpha.yaml', (t) => t.replace(/^name: .*$/m, 'name: Alpha Renamed'));
    const result = await buildBoth();
    expect(misses(result, 'pages')).toBeGreaterThan(1);
  }, 120_000);

  it('after a case study was added, and then its result edited: the pages that show it are rendered again', async () => {
    const study = (figure: string) =>
      ['---', 'title: A launch week', 'summary: One sentence.', 'client: Example Client (fictional)', 'services: [alpha-1]', 'period: March 2026', 'results:', `  - figure: "${figure}"`, '    label: screen plays', '    source: The operator\'s play log', '    asOf: 2026-03', 'disclosure: The client paid for it.', 'featured: true', '---', '', 'What the campaign did.', ''].join('\n');
    mkdirSync(join(catalogue, 'cases'));
    writeFileSync(join(catalogue, 'cases/launch-week.md'), study('2,016'));
    // The first case study adds the footer's link to the list: every page changes.
    const added = await buildBoth();
    expect(misses(added, 'pages')).toBe(added.pages);
    writeFileSync(join(catalogue, 'cases/launch-week.md'), study('2,017'));
    // The list, the case, the home page (featured) and alpha-1's page.
    expect(misses(await buildBoth(), 'pages')).toBe(4);
  }, 180_000);

  it("after the tool's version changed: nothing is taken from the cache", async () => {
    const version = TOOL.version;
    TOOL.version = `${version}-next`;
    try {
      const result = await buildBoth();
      expect(result.cache).toMatchObject({ pages: { hits: 0 }, descriptions: { hits: 0 }, client: { hits: 0 }, renderer: { hits: 0 }, search: { hits: 0 } });
    } finally {
      TOOL.version = version;
    }
  }, 180_000);

  it('after an image changed', async () => {
    writeFileSync(join(catalogue, 'img/services/alpha-1.png'), await png('#3050c0'));
    await buildBoth();
  }, 120_000);

  it('after a page of the built site was edited in place (it is a hard link to the cache\'s copy)', async () => {
    await buildBoth(); // every page from the cache: linked
    const page = join(work, `cached-${run}/index.html`);
    expect(statSync(page).nlink).toBeGreaterThan(1);
    const html = readFileSync(page, 'utf8');
    writeFileSync(page, html.replace('<title>', '<title>X').replace('</title>', '</titl>')); // the same size
    const result = await buildBoth();
    expect(misses(result, 'pages')).toBe(1);
  }, 120_000);

  it('after a build that failed once the catalogue was valid: the descriptions it compiled are kept', async () => {
    edit('descriptions/alpha-2.md', (t) => `${t}\nCompiled by a build that fails.\n`);
    const answer = join(kinds, 'parts/Answer.server.tsx');
    const before = readFileSync(answer, 'utf8');
    writeFileSync(answer, "export default function Answer(): never {\n  throw new Error('A template that fails');\n}\n");
    try {
      const options = { catalogueDir: catalogue, pageKindDirs: [PAGE_KINDS_DIR, kinds], precompress: false, projectDir: work, cacheDir };
      await expect(buildSite({ ...options, outDir: join(work, 'failing'), deployDir: join(work, 'deploy-failing') }, io)).rejects.toThrow(/failed to render/);
    } finally {
      writeFileSync(answer, before);
    }
    expect(misses(await buildBoth(), 'descriptions')).toBe(0);
  }, 120_000);

  it('when the cache is damaged (truncated records and blobs) or deleted', async () => {
    for (const folder of ['records', 'blobs']) {
      for (const entry of readdirSync(join(cacheDir, folder), { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) writeFileSync(join(entry.parentPath, entry.name), '{"trunc');
      }
    }
    await buildBoth();
    rmSync(cacheDir, { recursive: true, force: true });
    await buildBoth();
  }, 180_000);
});

// "Nothing changed": a build into the same folder stops early only when every input and the output folder are
// as the last build left them (src/build/upToDate.ts); any one change, in the catalogue, the options, the
// tool or the output folder, is a real build, whose output is then a clean build's.
describe('a build that finds nothing changed stops early, and only then', () => {
  const out = join(work, 'same');
  const deploy = join(work, 'deploy-same');
  const build = (extra: Partial<Parameters<typeof buildSite>[0]> = {}) =>
    buildSite({ catalogueDir: catalogue, pageKindDirs: [PAGE_KINDS_DIR, kinds], precompress: false, projectDir: work, outDir: out, deployDir: deploy, cacheDir, ...extra }, io);
  /** A build after `change`: a real one, and the one after it finds nothing changed. */
  async function rebuiltAfter(change: () => void | Promise<void>, extra: Partial<Parameters<typeof buildSite>[0]> = {}) {
    await change();
    const result = await build(extra);
    expect(result.ok, log.join('\n')).toBe(true);
    expect(result.upToDate).toBeUndefined();
    const again = await build(extra);
    expect(again.upToDate, log.slice(-30).join("\n")).toBe(true);
  }

  // Files written a moment before a build are too recent to trust by their times (RACY_MS): images, which have
  // no content hash in the record, would make every check here a real build. As if written a while ago:
  const age = (file: string) => utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  beforeAll(() => {
    for (const e of readdirSync(catalogue, { recursive: true, withFileTypes: true })) if (e.isFile()) age(join(e.parentPath, e.name));
  });

  it('with nothing changed: nothing is written', async () => {
    expect((await build()).upToDate).toBeUndefined();
    const before = filesOf(out);
    const inode = statSync(join(out, 'index.html')).ino;
    log.length = 0;
    const again = await build();
    expect(again).toMatchObject({ ok: true, upToDate: true, pages: expect.any(Number) as number });
    expect(log.join('\n')).toContain('Nothing changed since the last build');
    expect(log.join('\n')).toContain('No service, category, client logo or description uses this image'); // its warnings again
    expect(filesOf(out)).toEqual(before);
    expect(statSync(join(out, 'index.html')).ino).toBe(inode);
  }, 120_000);

  it('a catalogue file touched but not changed needs no build; a changed, added or removed one does', async () => {
    const file = join(catalogue, 'descriptions/alpha-2.md');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await build()).upToDate).toBe(true); // compared by content: the same text
    await rebuiltAfter(() => edit('descriptions/alpha-2.md', (t) => `${t}\nAnd one more.\n`));
    await rebuiltAfter(() => (mkdirSync(join(catalogue, 'notes')), writeFileSync(join(catalogue, 'notes/todo.txt'), 'a file load.ts lists'), age(join(catalogue, 'notes/todo.txt'))));
    await rebuiltAfter(() => rmSync(join(catalogue, 'notes'), { recursive: true }));
    await rebuiltAfter(async () => {
      writeFileSync(join(catalogue, 'img/services/alpha-1.png'), await png('#30a050'));
      age(join(catalogue, 'img/services/alpha-1.png'));
    });
    // Dot-files are no part of the catalogue (load.ts skips them).
    writeFileSync(join(catalogue, '.notes'), 'ignored');
    expect((await build()).upToDate).toBe(true);
  }, 240_000);

  it('a file a symbolic link leads to is read through it, and an edit of that file is a real build', async () => {
    const shared = join(work, 'shared');
    mkdirSync(shared, { recursive: true });
    const description = join(catalogue, 'descriptions/alpha-2.md');
    cpSync(description, join(shared, 'alpha-2.md'));
    writeFileSync(join(shared, 'about.md'), '---\ntitle: About us\ndescription: Who we are, and how we work with the agencies we serve.\n---\n\nA small team.\n');
    const image = join(catalogue, 'img/services/beta-1.svg');
    cpSync(image, join(shared, 'beta-1.svg'));
    age(join(shared, 'beta-1.svg'));
    await rebuiltAfter(() => {
      rmSync(description);
      symlinkSync(join(shared, 'alpha-2.md'), description);
      mkdirSync(join(work, 'pages'), { recursive: true });
      symlinkSync(join(shared, 'about.md'), join(work, 'pages/about.md'));
      rmSync(image);
      symlinkSync(join(shared, 'beta-1.svg'), image);
    });
    const shown = (text: string) => [...filesOf(out).values()].some((bytes) => Buffer.from(bytes, 'base64').toString('utf8').includes(text));
    expect(shown('A small team.')).toBe(true);
    // The image the link leads to, as a file of the site: a link there would be no file to a host or a deploy.
    expect(lstatSync(join(out, 'img/services/beta-1.svg')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(out, 'img/services/beta-1.svg'), 'utf8')).toBe(readFileSync(join(shared, 'beta-1.svg'), 'utf8'));
    await rebuiltAfter(() => writeFileSync(join(shared, 'alpha-2.md'), `${readFileSync(join(shared, 'alpha-2.md'), 'utf8')}\nEdited through a link.\n`));
    expect(shown('Edited through a link.')).toBe(true);
    await rebuiltAfter(() => writeFileSync(join(shared, 'about.md'), readFileSync(join(shared, 'about.md'), 'utf8').replace('A small team.', 'A small, linked team.')));
    expect(shown('A small, linked team.')).toBe(true);
    await rebuiltAfter(() => {
      rmSync(description);
      cpSync(join(shared, 'alpha-2.md'), description);
      rmSync(join(work, 'pages'), { recursive: true });
      rmSync(image);
      cpSync(join(shared, 'beta-1.svg'), image);
      age(image);
    });
  }, 240_000);

  it('a text changed without its size or time changing, just after the build read it, is found by content', async () => {
    const file = join(catalogue, 'descriptions/alpha-2.md');
    await rebuiltAfter(() => edit('descriptions/alpha-2.md', (t) => `${t}\nRacy.\n`)); // its time is within RACY_MS of that build
    const { mtime, atime } = statSync(file);
    edit('descriptions/alpha-2.md', (t) => t.replace('Racy.', 'Racey'));
    utimesSync(file, atime, mtime); // a coarse clock: the same time, the same size
    expect((await build()).upToDate).toBeUndefined();
    expect([...filesOf(out).values()].some((bytes) => Buffer.from(bytes, 'base64').toString('utf8').includes('Racey'))).toBe(true);
  }, 120_000);

  it('another option, tool version or template is a real build', async () => {
    await rebuiltAfter(() => undefined, { baseUrl: 'https://staging.example.com' });
    await rebuiltAfter(() => undefined);
    const version = TOOL.version;
    TOOL.version = `${version}-next`;
    try {
      expect((await build()).upToDate).toBeUndefined();
    } finally {
      TOOL.version = version;
    }
    expect((await build()).upToDate).toBeUndefined(); // back to the old version: the record is the new one's
    await rebuiltAfter(() => writeFileSync(join(kinds, 'parts/Answer.server.tsx'), 'export default function Answer() {\n  return <p>Yes, always.</p>;\n}\n'));
  }, 240_000);

  it('the output folder or nginx.conf touched, edited, added to or pruned is a real build that restores it', async () => {
    const clean = filesOf(out);
    const page = join(out, 'faq/index.html');
    await rebuiltAfter(() => utimesSync(page, new Date(), new Date(Date.now() - 60_000)));
    await rebuiltAfter(() => writeFileSync(join(out, 'extra.html'), '<p>not the build</p>'));
    await rebuiltAfter(() => mkdirSync(join(out, 'empty-folder')));
    await rebuiltAfter(() => rmSync(join(out, 'robots.txt')));
    // Edited below its first line, it is still the build's own (build/folders.ts): replaced, not refused.
    await rebuiltAfter(() => writeFileSync(join(deploy, 'nginx.conf'), readFileSync(join(deploy, 'nginx.conf'), 'utf8').replace('listen 80;', 'listen 8080;')));
    await rebuiltAfter(() => rmSync(join(cacheDir, 'records'), { recursive: true, force: true }));
    expect(filesOf(out)).toEqual(clean);
  }, 240_000);

  it('a build into the same folder after a change (only the changed pages scanned again) writes what a clean build writes', async () => {
    for (const change of [
      () => edit('descriptions/alpha-1.md', (t) => `${t}\nSee [the other one](/service/alpha-2/).\n`.replace('/service/alpha-2/', readFileSync(join(out, 'sitemap.xml'), 'utf8').match(/\/service\/[^<]*alpha-2\//)![0])),
      () => edit('categories/beta.yaml', (t) => t.replace(/price: (\d+)/, (_, n: string) => `price: ${Number(n) + 3}`)),
    ]) {
      change();
      expect((await build()).upToDate).toBeUndefined();
      const clean = join(work, `same-clean-${Date.now()}`);
      const cleanDeploy = `${clean}-deploy`;
      expect((await build({ outDir: clean, deployDir: cleanDeploy, cacheDir: false })).ok).toBe(true);
      expect(filesOf(out)).toEqual(filesOf(clean));
      expect(readFileSync(join(deploy, 'nginx.conf'), 'utf8')).toBe(readFileSync(join(cleanDeploy, 'nginx.conf'), 'utf8'));
    }
  }, 120_000);

  it('--no-cache never stops early', async () => {
    expect((await build({ cacheDir: false })).upToDate).toBeUndefined();
  }, 120_000);
});

describe('the image checks from the cache', () => {
  it('report the same problems as when they were made', async () => {
    const bad = join(work, 'svg-catalogue');
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, bad, { recursive: true });
    writeFileSync(join(bad, 'img/services/alpha-2.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const lines: string[] = [];
    const capture = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
    const options = { catalogueDir: bad, precompress: false, projectDir: work, cacheDir: join(work, 'svg-cache') };
    const first = await buildSite({ ...options, outDir: join(work, 'svg-1') }, capture);
    const made = lines.splice(0).filter((l) => !l.startsWith('  ') && !l.startsWith('Building')).join('\n');
    expect(readdirSync(join(work, 'svg-cache/records')).some((f) => f.startsWith('image-checks-'))).toBe(true);
    const second = await buildSite({ ...options, outDir: join(work, 'svg-2') }, capture);
    const cached = lines.splice(0).filter((l) => !l.startsWith('  ') && !l.startsWith('Building')).join('\n');
    expect(first.ok).toBe(false);
    expect(second.ok).toBe(false);
    expect(made).toContain('alpha-2.svg');
    expect(cached).toBe(made);
  }, 120_000);
});
