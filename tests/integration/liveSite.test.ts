// dev's site folder is updated in place (src/build/liveSite.ts): after an edit only the files that changed are
// written, the ones gone removed, and the folder then holds what a full build writes (less the hosting files
// dev does not serve: _headers, and nginx.conf beside it).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveSite } from '../../src/build/liveSite.ts';
import { UserError } from '../../src/errors.ts';
import { findBrokenLinks } from '../../src/build/links.ts';
import { buildSite, createBuildCache, type BuildOptions } from '../../src/pipeline.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-live-'));
const catalogue = join(work, 'catalogue');
const liveDir = join(work, 'live');
const log: string[] = [];
const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };

function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) files.set(relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name)).toString('base64'));
  }
  return files;
}

const live = new LiveSite(liveDir);
const cache = createBuildCache();
const devBuild = (openPages?: BuildOptions['openPages']) => buildSite({ catalogueDir: catalogue, outDir: liveDir, precompress: false, cache, cacheDir: join(work, 'cache'), load: undefined, live, projectDir: work, openPages }, io);
const append = (file: string, text: string) => writeFileSync(join(catalogue, file), `${readFileSync(join(catalogue, file), 'utf8')}${text}`);
/** The open pages dev would pass, the routes the build said it showed first, and the build's report then. */
const open = (...routes: string[]) => {
  const shown: string[] = [];
  const reportWhenShown: string[] = [];
  const openPages = { routes: () => new Set(routes), shown: (written: ReadonlySet<string>) => (shown.push(...written), reportWhenShown.push(...log)) };
  return { shown, reportWhenShown, openPages };
};
const routeOf = (id: string) => readdirSync(join(liveDir, 'service'), { recursive: true, encoding: 'utf8' }).map((path) => `/service/${path}/`).find((route) => route.endsWith(`/${id}/`))!;

/** A full build of the catalogue as it is now, without the hosting files. */
async function fullBuild(): Promise<Map<string, string>> {
  const out = join(work, `full-${Date.now()}`);
  const result = await buildSite({ catalogueDir: catalogue, outDir: out, precompress: false, cacheDir: false, projectDir: work }, io);
  expect(result.ok, log.join('\n')).toBe(true);
  const files = filesOf(out);
  files.delete('_headers');
  return files;
}

beforeAll(() => cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogue, { recursive: true }));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("dev's site folder", () => {
  it('holds what a full build writes, and after an edit only what changed is written again', async () => {
    const first = await devBuild();
    expect(first.ok, log.join('\n')).toBe(true);
    expect(filesOf(liveDir)).toEqual(await fullBuild());
    const untouched = statSync(join(liveDir, 'index.html')).ino;

    append('descriptions/alpha-2.md', '\nA sentence added in dev.\n');
    log.length = 0;
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    const written = Number(/(\d+) written now/.exec(log.join('\n'))?.[1]);
    expect(written).toBeGreaterThan(0);
    // The service's page (and what else shows the description) and the search index's files its new words
    // change, not the site.
    expect(written).toBeLessThan(12);
    expect(filesOf(liveDir)).toEqual(await fullBuild());
    expect(statSync(join(liveDir, 'index.html')).ino).toBe(untouched);
  }, 120_000);

  it('removes the files a change took away, and writes the ones it added', async () => {
    cpSync(join(catalogue, 'img/services/alpha-1.svg'), join(catalogue, 'img/services/spare.svg'));
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    expect(statSync(join(liveDir, 'img/services/spare.svg')).isFile()).toBe(true);
    rmSync(join(catalogue, 'img/services/spare.svg'));
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    expect(filesOf(liveDir)).toEqual(await fullBuild());
  }, 120_000);
});

describe("dev's site folder, when a file goes while it is written", () => {
  it('keeps the file as it was and writes the rest, still a site (it served none until the next good build)', async () => {
    cpSync(join(catalogue, 'img/services/alpha-1.svg'), join(catalogue, 'img/services/going.svg'));
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    const before = readFileSync(join(liveDir, 'img/services/going.svg'));
    // The image replaced (a new file, as an editor saves), then removed once the open page is written, as the
    // build is about to write the site: what a maintainer's rm between two saves did.
    rmSync(join(catalogue, 'img/services/going.svg'));
    writeFileSync(join(catalogue, 'img/services/going.svg'), `${before.toString()}\n<!-- saved again -->\n`);
    append('descriptions/alpha-2.md', '\nOne more sentence.\n');
    const openPages = { routes: () => new Set([routeOf('alpha-2')]), shown: () => rmSync(join(catalogue, 'img/services/going.svg')) };
    log.length = 0;
    const result = await devBuild(openPages);
    expect(result.ok, log.join('\n')).toBe(true);
    expect(live.hasSite).toBe(true);
    expect(readFileSync(join(liveDir, 'img/services/going.svg'))).toEqual(before);
    expect(readFileSync(join(liveDir, routeOf('alpha-2').slice(1), 'index.html'), 'utf8')).toContain('One more sentence.');
  }, 120_000);
});

describe('a public file removed while the site is built', () => {
  it('stops the build with a maintainer\'s error saying so, not an internal one, and dev keeps its site', async () => {
    const publicDir = join(work, 'public');
    mkdirSync(publicDir, { recursive: true });
    writeFileSync(join(publicDir, 'race.txt'), 'here\n');
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    append('descriptions/alpha-2.md', '\nAnd another.\n');
    const openPages = { routes: () => new Set([routeOf('alpha-2')]), shown: () => rmSync(join(publicDir, 'race.txt')) };
    log.length = 0;
    // dev's build hands a maintainer's error to dev, which prints it as it is (src/dev.ts rebuildFailed).
    const failure = await devBuild(openPages).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(UserError);
    expect((failure as Error).message).toMatch(/^public\/race\.txt was removed or renamed while the site was being built, so the build stopped/);
    expect(live.hasSite).toBe(true);
    rmSync(publicDir, { recursive: true, force: true });
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
  }, 120_000);
});

describe("dev's open pages", () => {
  it('are written first when a description edit changed them, and the folder then holds what a full build writes', async () => {
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    const { shown, reportWhenShown, openPages } = open(routeOf('alpha-2'), routeOf('alpha-1'), '/');
    append('descriptions/alpha-2.md', '\nShown before the rest of the site.\n');
    log.length = 0;
    expect((await devBuild(openPages)).ok, log.join('\n')).toBe(true);
    expect(shown).toEqual([routeOf('alpha-2')]); // the others did not change
    // Before the work on every page: the search records, the link-preview cards and the other pages.
    const report = reportWhenShown.join('\n');
    expect(report).toMatch(/^ {2}model\s/m);
    expect(report).not.toMatch(/^ {2}(search|social|render)\s/m);
    expect(readFileSync(join(liveDir, routeOf('alpha-2'), 'index.html'), 'utf8')).toContain('Shown before the rest of the site.');
    expect(filesOf(liveDir)).toEqual(await fullBuild());
  }, 120_000);

  it('wait for the whole site when the site has other pages than at the last update', async () => {
    const { shown, openPages } = open(routeOf('alpha-1'));
    append('descriptions/alpha-1.md', '\nEdited with a new service name elsewhere.\n');
    const yaml = join(catalogue, 'categories/beta.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('name: Influencer Tier One', 'name: Influencer Tier One Renamed'));
    log.length = 0;
    expect((await devBuild(openPages)).ok, log.join('\n')).toBe(true);
    expect(shown).toEqual([]);
    expect(readFileSync(join(liveDir, routeOf('alpha-1'), 'index.html'), 'utf8')).toContain('Edited with a new service name elsewhere.');
    expect(filesOf(liveDir)).toEqual(await fullBuild());
  }, 120_000);
});

describe('dev after an edit that links to no section of a built page', () => {
  it('reports the description, its line and the page, keeps the last good site, and builds again once fixed', async () => {
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    const before = filesOf(liveDir);
    const file = join(catalogue, 'descriptions/alpha-2.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `${text}\nSee [the prices](/sitemap/#prices).\n`);
    log.length = 0;
    expect((await devBuild()).ok).toBe(false);
    const line = `${text}\nSee`.split('\n').length;
    expect(log.join('\n')).toMatch(new RegExp(`descriptions/alpha-2\\.md\\n  ${line}:18 +error +link /sitemap/#prices: There is no section "#prices" on /sitemap/`));
    expect(filesOf(liveDir)).toEqual(before);
    writeFileSync(file, text);
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
  }, 120_000);
});

describe('dev after an edit of an open page and one that links to no section elsewhere', () => {
  it('puts the open page written ahead back as it was: the folder stays the last good build', async () => {
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    const before = filesOf(liveDir);
    const [open2, other] = [join(catalogue, 'descriptions/alpha-2.md'), join(catalogue, 'descriptions/beta-1.md')];
    const [text2, otherText] = [readFileSync(open2, 'utf8'), readFileSync(other, 'utf8')];
    writeFileSync(open2, `${text2}\nA sentence of a build that fails.\n`);
    writeFileSync(other, `${otherText}\nSee [the sitemap](/sitemap/#nowhere).\n`);
    const { shown, openPages } = open(routeOf('alpha-2'));
    log.length = 0;
    expect((await devBuild(openPages)).ok).toBe(false);
    // It was written ahead (the page holds no broken link of its own), then the site's check failed.
    expect(shown).toEqual([routeOf('alpha-2')]);
    expect(filesOf(liveDir)).toEqual(before);
    writeFileSync(open2, text2);
    writeFileSync(other, otherText);
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
  }, 120_000);
});

describe('the link check of the pages that changed', () => {
  const documents = new Map([
    ['index.html', '<a href="/a/">a</a>'],
    ['a/index.html', '<p id="x">A</p> <a href="/gone/">gone</a>'],
  ]);
  const files = new Set(documents.keys());
  it('looks only at the documents named, resolving against all of them', () => {
    expect(findBrokenLinks(documents, files, ['index.html'])).toEqual([]);
    expect(findBrokenLinks(documents, files, ['a/index.html']).map((b) => b.link)).toEqual(['/gone/']);
    expect(findBrokenLinks(documents, files).map((b) => b.link)).toEqual(['/gone/']);
  });
});

describe('an image gone between listing the catalogue and reading it', () => {
  // A tool's file saved and removed within 30 ms: dev printed "Internal error … This is a bug in storefront".
  it("stops the build with a maintainer's error saying so, and dev keeps its site", async () => {
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
    const listedThenGone: BuildOptions['load'] = async (dir) => {
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${join(dir, 'img/services/blip.svg')}'`), { code: 'ENOENT', syscall: 'open', path: join(dir, 'img/services/blip.svg') });
    };
    const failure = await buildSite({ catalogueDir: catalogue, outDir: liveDir, precompress: false, cache, cacheDir: join(work, 'cache'), load: listedThenGone, live, projectDir: work }, io).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(UserError);
    expect((failure as Error).message).toMatch(/^img\/services\/blip\.svg was removed or renamed while the site was being built/);
    expect(live.hasSite).toBe(true);
    expect((await devBuild()).ok, log.join('\n')).toBe(true);
  }, 120_000);
});
