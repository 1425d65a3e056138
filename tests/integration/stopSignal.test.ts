// Ctrl+C during `storefront build`: the process ends at once with the signal's code (130), the half-made site and
// the lock beside the output folder are gone, the output folder is as the last build left it, and the next build
// runs as usual. The signal goes to the build's whole process group, as a terminal's Ctrl+C does, so esbuild's
// process gets it too.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { walkFolder } from '../../src/build/walkFolder.ts';

const packageRoot = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-stop-test-'));
const catalogue = join(work, 'catalogue');
// Enough services that the build still has seconds of work after its model, on any machine.
beforeAll(() => writeSyntheticCatalogue(catalogue, { services: 400, heavy: true }));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  output: string;
  /** Whether the stage's line came, and with it the Ctrl+C. */
  interrupted: boolean;
  /** Whether the process was still there a minute after the Ctrl+C (then killed). */
  hung: boolean;
}

/** Only a hang: a stopped build ends within a second or two even on a busy machine. */
const HANG_MS = 60_000;

/** `storefront build` in a process group of its own, sent SIGINT as a terminal's Ctrl+C is, as soon as it prints
 *  the line of `stage` (none: it runs to its end). */
function build(catalogueDir: string, args: readonly string[], stage?: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['bin/storefront.js', 'build', '-c', catalogueDir, ...args], { cwd: packageRoot, detached: true, env });
    let output = '';
    let interrupted = false;
    let hung = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (stage && !interrupted && new RegExp(`^ {2}${stage} `, 'm').test(output)) {
        interrupted = true;
        process.kill(-child.pid!, 'SIGINT');
        deadline = setTimeout(() => {
          hung = true;
          process.kill(-child.pid!, 'SIGKILL');
        }, HANG_MS);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => {
      clearTimeout(deadline);
      done({ code, output, interrupted, hung });
    });
  });
}

/** Every file of a site with its bytes, to tell that nothing in it changed. */
const contents = (dir: string) => walkFolder(dir).flatMap(([entry, path]) => (entry.isFile() ? [`${path} ${readFileSync(join(dir, path)).toString('base64')}`] : []));

const expectStopped = (run: Run) => {
  expect(run.interrupted, run.output).toBe(true);
  expect(run.hung, `still running a minute after Ctrl+C:\n${run.output}`).toBe(false);
  expect(run.code, run.output).toBe(130);
  expect(run.output).toMatch(/Stopped: nothing was written, .* is as it was\./);
  // Neither a bug report nor the helper processes' complaints about the pipes that closed.
  expect(run.output).not.toMatch(/Internal error|EPIPE|ECANCELED|panicked/);
};

describe('Ctrl+C during storefront build', () => {
  it('stops a first build at once, leaving no site, staging folder or lock', async () => {
    const dir = join(work, 'first');
    const run = await build(catalogue, ['-o', join(dir, 'dist'), '--cache-dir', join(dir, 'cache')], 'model');
    expectStopped(run);
    expect(readdirSync(dir)).toEqual(['cache']);
  }, 240_000);

  it('leaves the last build\'s site as it was, and the next build runs and starts from what the stopped one wrote', async () => {
    const dir = join(work, 'again');
    const copy = join(dir, 'catalogue');
    cpSync(catalogue, copy, { recursive: true });
    const [out, cache] = [join(dir, 'dist'), join(dir, 'cache')];
    const first = await build(copy, ['-o', out, '--cache-dir', cache]);
    expect(first.code, first.output).toBe(0);
    const before = contents(out);
    const description = join(copy, 'descriptions', readdirSync(join(copy, 'descriptions'))[0]!);
    appendFileSync(description, '\nA line added after the first build.\n');
    expectStopped(await build(copy, ['-o', out, '--cache-dir', cache], 'model'));
    expect(contents(out)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['cache', 'catalogue', 'deploy', 'dist']);
    const next = await build(copy, ['-o', out, '--cache-dir', cache, '--verbose']);
    expect(next.code, next.output).toBe(0);
    expect(next.output).toMatch(/starting from an earlier build's site/);
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toMatch(/<loc>/);
  }, 240_000);

  // The pool's threads start as the search stage ends (444 pages and cards, over ON_THE_MAIN_THREAD): a thread
  // idle in Atomics.wait could miss the terminate of process.exit, which then waited for it for ever (1 stop in
  // 18 at this stage, on a busy machine).
  it('ends every time it is stopped as the pool\'s threads start (10 tries)', async () => {
    const dir = join(work, 'threads');
    for (let attempt = 0; attempt < 10; attempt++) {
      expectStopped(await build(catalogue, ['-o', join(dir, 'dist'), '--no-cache'], 'search'));
    }
    // Nothing left: not even the folder the build made for its output folder.
    expect(existsSync(dir)).toBe(false);
  }, 900_000);

  it('removes a --no-cache build\'s scratch folder too', async () => {
    const dir = join(work, 'no-cache');
    const scratch = join(dir, 'tmp');
    mkdirSync(scratch, { recursive: true });
    const run = await build(catalogue, ['-o', join(dir, 'dist'), '--no-cache'], 'model', { ...process.env, TMPDIR: scratch });
    expectStopped(run);
    // Node keeps its compile cache there too. The prerenderer a build without a cache makes (when the package's
    // prebuilt one is older than the templates) is kept there on purpose, named by content, for the next builds.
    expect(readdirSync(scratch).filter((name) => name.startsWith('storefront-') && !name.startsWith('storefront-renderers-'))).toEqual([]);
    expect(readdirSync(dir)).toEqual(['tmp']);
  }, 240_000);
});
