// The output folder: a build replaces only a folder it wrote itself (never the project, the catalogue or files
// of the maintainer's), one build at a time, and what a build stopped half-way leaves is cleaned up or restored.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, type CliIO } from '../../src/cli.ts';
import { asUserError } from '../../src/build/outDir.ts';
import { buildSite } from '../../src/pipeline.ts';
import { runCliProcess } from '../support/cliRun.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;
const packageRoot = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-outdir-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project as `storefront build` finds it: the catalogue, a note and a source folder of the maintainer's. */
function project(name: string): string {
  const dir = join(work, name, 'project');
  cpSync(fixture('valid'), join(dir, 'catalogue'), { recursive: true });
  writeFileSync(join(dir, 'notes.md'), 'my notes\n');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/own.ts'), 'export {};\n');
  return dir;
}

async function build(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd };
  const code = await run(['build', ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}

/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** Names beside the output folder that a build leaves only while it runs. */
const leftovers = (dir: string) => readdirSync(dir).filter((n) => /\.(building|lock)/.test(n));

const isSite = (dir: string) => ['index.html', '404.html', 'sitemap.xml', '_headers', 'img/services/alpha-1.svg'].every((f) => existsSync(join(dir, f)));

describe('which folder a build may replace', () => {
  it.each([
    ['.', /is the current project folder/],
    ['..', /contains the current project folder/],
    ['catalogue', /is the catalogue folder/],
    ['catalogue/site', /lies inside the catalogue folder/],
  ])('refuses -o %s with exit 2, saying why, and touches nothing', async (out, why) => {
    const dir = project(`refuse-${out.replace(/\W/g, '_')}`);
    for (const args of [['-o', out], ['-o', out, '--force']]) {
      const result = await build(dir, ...args);
      expect(result.code, result.err).toBe(2);
      expect(result.err).toMatch(why);
      expect(result.err).not.toMatch(/Internal error/);
    }
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('my notes\n');
    expect(existsSync(join(dir, 'src/own.ts'))).toBe(true);
    expect(existsSync(join(dir, 'catalogue/site.yaml'))).toBe(true);
    expect(existsSync(join(dir, 'catalogue/site/index.html'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  }, 60_000);

  // --no-cache gives the build a folder of its own under the system's temporary folder: a refused build must not
  // leave it there (every refusal did, one empty folder each).
  it('leaves nothing in the temporary folder when it refuses a --no-cache build', async () => {
    const dir = project('refuse-no-cache');
    const temporary = mkdtempSync(join(work, 'tmp-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      const result = await build(dir, '-o', '.', '--no-cache');
      expect(result.code, result.err).toBe(2);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(readdirSync(temporary)).toEqual([]);
  }, 60_000);

  it('refuses a folder holding files the build did not write, and a file, unless --force', async () => {
    const dir = project('own-files');
    const refused = await build(dir, '-o', 'src');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/holds files that storefront build did not write/);
    expect(refused.err).toMatch(/--force/);
    expect(readFileSync(join(dir, 'src/own.ts'), 'utf8')).toBe('export {};\n');
    expect((await build(dir, '-o', 'notes.md')).code).toBe(2);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('my notes\n');

    const forced = await build(dir, '-o', 'src', '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(isSite(join(dir, 'src'))).toBe(true);
    expect(existsSync(join(dir, 'src/own.ts'))).toBe(false);
  }, 60_000);

  it('builds into an absent or empty folder, and again into its own earlier build', async () => {
    const dir = project('allowed');
    mkdirSync(join(dir, 'empty'));
    for (const out of ['dist', 'dist', 'empty']) {
      const result = await build(dir, '-o', out);
      expect(result.code, result.err).toBe(0);
      expect(isSite(join(dir, out))).toBe(true);
    }
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('my notes\n');
    expect(leftovers(dir)).toEqual([]);
  }, 60_000);

  // Such a folder's index.html is read to tell a site built before the marker file: a FIFO would block that read
  // for good. A process of its own, killed if it does not end.
  it.runIf(process.platform !== 'win32')('refuses a folder whose index.html is a FIFO, without waiting on it', async () => {
    const dir = project('fifo');
    mkdirSync(join(dir, 'site'));
    writeFileSync(join(dir, 'site', '_headers'), '');
    expect(spawnSync('mkfifo', [join(dir, 'site', 'index.html')]).status).toBe(0);
    const result = await runCliProcess(dir, ['build', '-o', 'site', '--no-cache']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Refusing to build into site: it holds files that storefront build did not write/);
  }, 90_000);

  it('exits 1, naming the path, when the output folder cannot be made', async () => {
    const dir = project('not-a-folder');
    const result = await build(dir, '-o', 'notes.md/dist');
    expect(result.code, result.err).toBe(1);
    expect(result.err).not.toMatch(/Internal error|bug in storefront/);
    expect(result.err).toContain(join(dir, 'notes.md'));
    expect(result.err).toMatch(/not a folder/);
  }, 60_000);
});

describe('a file system refusal', () => {
  const refusal = (path: string, syscall: string) => Object.assign(new Error('EACCES'), { code: 'EACCES', path, syscall });
  it('says the site cannot be written when it is about the output folder or what the build writes beside it', () => {
    for (const path of ['/p/dist', '/p/dist/index.html', '/p/.dist.building-12/x.js', '/p/.dist.lock', '/p']) {
      expect(String(asUserError(refusal(path, 'open'), '/p/dist', 'dist'))).toMatch(/^UserError: Cannot write the site to dist: permission denied: /);
    }
  });
  it('does not say "write" when reading the catalogue failed', () => {
    expect(String(asUserError(refusal('/p/catalogue/site.yaml', 'open'), '/p/dist', 'dist'))).toBe('UserError: Cannot build: permission denied: /p/catalogue/site.yaml (EACCES).');
  });
  it('leaves any other error as it is, for the internal error report', () => {
    const other = Object.assign(new Error('x'), { code: 'EIO' });
    expect(asUserError(other, '/p/dist', 'dist')).toBe(other);
  });
});

describe('builds stopped half-way or running at the same time', () => {
  it("removes the staging folders of builds that were killed, not those of running ones", async () => {
    const base = join(work, 'stale');
    const dead = deadPid();
    // pid 1 always runs: its folder is the staging folder of a build still going on.
    for (const name of [`.dist.building-${dead}`, `.dist.building-${dead}-old`, '.dist.building-1']) {
      mkdirSync(join(base, name), { recursive: true });
      writeFileSync(join(base, name, 'index.html'), 'half a site');
    }
    const result = await buildSite({ catalogueDir: fixture('valid'), outDir: join(base, 'dist') }, capture().io);
    expect(result.ok).toBe(true);
    expect(readdirSync(base).sort()).toEqual(['.dist.building-1', 'deploy', 'dist']);
  }, 60_000);

  it('restores the previous site when a build was killed between moving it aside and moving the new one in', async () => {
    const base = join(work, 'killed-in-swap');
    const out = join(base, 'dist');
    expect((await buildSite({ catalogueDir: fixture('valid'), outDir: out }, capture().io)).ok).toBe(true);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    // The state such a build leaves: the old site moved aside, no output folder.
    renameSync(out, join(base, `.dist.building-${deadPid()}-old`));

    const { lines, io } = capture();
    const result = await buildSite({ catalogueDir: fixture('several-problems'), outDir: out }, io);
    expect(result.ok).toBe(false);
    expect(lines.join('\n')).toMatch(/Restored .*dist from \.dist\.building-\d+-old/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(page);
    expect(leftovers(base)).toEqual([]);
  }, 60_000);

  it('lets two builds into one folder in one process take turns', async () => {
    const base = join(work, 'same-process');
    const out = join(base, 'dist');
    const [a, b] = [capture(), capture()];
    const results = await Promise.all([a, b].map(({ io }) => buildSite({ catalogueDir: fixture('valid'), outDir: out }, io)));
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect([...a.lines, ...b.lines].join('\n')).toMatch(/Waiting for another build/);
    expect(isSite(out)).toBe(true);
    expect(leftovers(base)).toEqual([]);
  }, 60_000);

  it('lets two storefront processes building into one folder take turns', async () => {
    const out = join(work, 'two-processes', 'dist');
    const once = () =>
      new Promise<{ code: number | null; output: string }>((done) => {
        const child = spawn(process.execPath, ['bin/storefront.js', 'build', '-c', 'tests/fixtures/valid', '-o', out], { cwd: packageRoot });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.on('close', (code) => done({ code, output }));
      });
    const results = await Promise.all([once(), once()]);
    for (const { code, output } of results) {
      expect(output).not.toMatch(/Internal error|ENOTEMPTY/);
      expect(code, output).toBe(0);
    }
    // Started together, one finds the other's lock and says so.
    expect(results.map((r) => r.output).join('\n')).toMatch(/Waiting for another build \(process \d+\)/);
    expect(isSite(out)).toBe(true);
    expect(leftovers(join(work, 'two-processes'))).toEqual([]);
  }, 120_000);
});
