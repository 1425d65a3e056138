// The worker pool (src/build/workers.ts) changes where descriptions are compiled and pages rendered, never what
// is built: a site built with one thread, with two, and with two from a warm cache is the same, byte for byte.
// The catalogue has enough descriptions and pages (450 services) for the pool to take them (more than
// ON_THE_MAIN_THREAD of each), so the pool's threads do the work.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { BATCH, compileAll } from '../../src/build/descriptions.ts';
import { PACKAGE_ROOT } from '../../src/build/cache.ts';
import { PAGE_KINDS_DIR } from '../../src/build/bundle.ts';
import { ON_THE_MAIN_THREAD, Workers } from '../../src/build/workers.ts';
import { compileDescription } from '../../src/catalogue/markdown.ts';
import { buildSite } from '../../src/pipeline.ts';
import { filesOf } from '../support/siteFiles.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-workers-'));
const catalogue = join(work, 'catalogue');
const SERVICES = 450;
const log: string[] = [];
const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };

async function build(name: string, workers: number, cacheDir: string | false) {
  const result = await buildSite({ catalogueDir: catalogue, outDir: join(work, name), deployDir: join(work, `deploy-${name}`), projectDir: work, precompress: false, cacheDir, workers }, io);
  expect(result.ok, log.join('\n')).toBe(true);
  return { result, files: filesOf(join(work, name)) };
}

function expectSameSite(a: Map<string, string>, b: Map<string, string>) {
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [path, bytes] of a) expect(bytes, path).toBe(b.get(path));
}

beforeAll(() => writeSyntheticCatalogue(catalogue, { services: SERVICES, heavy: true }), 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the worker pool', () => {
  it('takes work only when there is enough of it to repay starting its threads, and never with one thread', () => {
    expect(new Workers(2).worth(ON_THE_MAIN_THREAD)).toBe(false);
    expect(new Workers(2).worth(ON_THE_MAIN_THREAD + 1)).toBe(true);
    expect(new Workers(1).worth(100_000)).toBe(false);
  });

  it('compiles each description as the main thread does, in the order given', async () => {
    const texts = Array.from({ length: ON_THE_MAIN_THREAD + BATCH + 7 }, (_, i) => `## Part ${i}\n\n**Lead ${i}.** [a link](/service/x/y-${i}/) and ~~gone~~ | a | b |\n`);
    const workers = new Workers(2);
    try {
      const compiled = await compileAll(texts, new Map(), workers);
      expect([...compiled.keys()]).toEqual(texts);
      for (const text of texts) expect(compiled.get(text)).toEqual(compileDescription(text));
    } finally {
      await workers.close();
    }
  }, 120_000);

  it('builds the same site with one thread, with two, and with two from the cache', async () => {
    const one = await build('one', 1, false);
    const two = await build('two', 2, false);
    expectSameSite(two.files, one.files);
    const cache = join(work, 'cache');
    const cold = await build('cold', 2, cache);
    expect(cold.result.cache?.descriptions?.misses).toBe(SERVICES);
    expectSameSite(cold.files, one.files);
    // The threads stored the pages and cards in the cache, and the site links them: one file, two names or more.
    const made = [...cold.files.keys()].filter((path) => path.endsWith('index.html') || /^assets\/social-.*\.png$/.test(path));
    expect(made.length).toBeGreaterThan(2 * SERVICES);
    expect(made.filter((path) => statSync(join(work, 'cold', path)).nlink < 2)).toEqual([]);
    const warm = await build('warm', 2, cache);
    expect(warm.result.cache?.descriptions?.misses).toBe(0);
    expectSameSite(warm.files, one.files);
  }, 600_000);

  it("loads its threads' modules through Node's compile cache, as the command's own thread does", () => {
    // Enabled by bin/storefront.js: a worker thread uses it only if the environment names it. Without it, each
    // thread stripped the types of our TypeScript again, 0.35-0.45 s of CPU a thread.
    const temporary = join(work, 'tmp');
    mkdirSync(temporary, { recursive: true });
    const { NODE_COMPILE_CACHE: _, NODE_DISABLE_COMPILE_CACHE: __, ...env } = process.env;
    const args = ['build', '-c', catalogue, '-o', join(work, 'cli'), '--deploy-dir', join(work, 'deploy-cli'), '--no-cache', '--workers', '2', '--quiet'];
    const run = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bin/storefront.js'), ...args], { cwd: work, env: { ...env, TMPDIR: temporary, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    expect(run.status, run.stderr.split('\n').filter((line) => !line.startsWith('[compile cache]')).join('\n')).toBe(0);
    // The pool's module is loaded by its threads alone.
    expect(run.stderr).toMatch(/^\[compile cache\] .*\/build\/poolWorker\.(ts|js)\b/m);
  }, 300_000);

  it('reports a page that fails in a thread with its route and error, as the main thread would', async () => {
    // A page kind of one page per service, inside the package so that its imports resolve; the eighth throws.
    const kinds = join(PACKAGE_ROOT, 'node_modules/.cache', `storefront-test-fragile-${process.pid}`);
    mkdirSync(kinds, { recursive: true });
    writeFileSync(
      join(kinds, 'fragile.tsx'),
      [
        "import type { Page } from '../../../src/client/api.ts';",
        "import type { Site } from '../../../src/model/model.ts';",
        "export const paths = ['/fragile/:n'];",
        'export const pages = (site: Site) => site.services.map((_, n) => ({ route: `/fragile/${n}/`, data: { n } }));',
        "import type { SiteShell } from '../../../src/model/shell.ts';",
        "import { pageHead } from '../../../templates/head.ts';",
        "export const head = (page: Page, site: SiteShell) => pageHead(page, site, { title: page.route, description: 'A page that may fail.' });",
        'export default function Fragile({ params }: { params?: { n?: string } }) {',
        "  if (params?.n === '7') throw new Error('A template that fails on page seven');",
        '  return <p>Page {params?.n}</p>;',
        '}',
      ].join('\n'),
    );
    try {
      const options = { catalogueDir: catalogue, pageKindDirs: [PAGE_KINDS_DIR, kinds], precompress: false, projectDir: work, cacheDir: false as const, workers: 2 };
      const failing = buildSite({ ...options, outDir: join(work, 'fragile'), deployDir: join(work, 'deploy-fragile') }, io);
      await expect(failing).rejects.toThrow(/^Internal error: 1 of \d+ pages failed to render:\n {2}\/fragile\/7\/: /);
    } finally {
      rmSync(kinds, { recursive: true, force: true });
    }
  }, 300_000);
});
