// `storefront serve` and `npm start` as real processes, started the way npm starts them (npm -> sh -c -> node):
// stopping the process that started the server stops the server, instead of leaving it running on its port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'storefront-serve-process-'));
// This test runs on the project's Node 24, which is what `npm start` and `npx` put first on PATH too.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
// Generous: only a hang fails, never a slow machine.
const DEADLINE_MS = 20_000;

/** Processes started here and their descendants, ended after each test if still running (a failed test). */
const started = new Set<number>();
afterEach(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  started.clear();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  url: string;
  /** Resolves once every process writing to the child's stdout (npm, the shell, the server) has exited. */
  closed: Promise<void>;
}

/** Starts a command and waits until the server in it says where it serves. */
function startServing(command: string, args: string[], environment: NodeJS.ProcessEnv = env): Promise<Running> {
  const child = spawn(command, args, { cwd: root, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child.pid!);
  let output = '';
  const closed = new Promise<void>((resolve) => child.stdout!.on('close', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Serving .* at (http:\/\/\S+?)\/ /.exec(output);
      if (!match) return;
      // The server's process and any in between, to end them if the test fails.
      for (const pid of descendants(child.pid!)) started.add(pid);
      resolve({ child, url: match[1]!, closed });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}) before serving:\n${output}`)));
  });
}

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    // pgrep exits 1 when there are none
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Whether the promise settles before the deadline. */
async function settles(promise: Promise<unknown>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DEADLINE_MS)));
  try {
    return await Promise.race([promise.then(() => true), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function refusesConnections(url: string) {
  return fetch(`${url}/`).then(
    () => false,
    () => true,
  );
}

describe('the server process ends with the process that started it', () => {
  it('storefront serve, when the shell that runs it (as npm and npx do) is stopped', async () => {
    const site = join(work, 'site');
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Tiny</title><h1>Tiny</h1>');
    // Not `exec`: sh stays the parent, as under npm, and a SIGTERM ends sh without reaching the server.
    const running = await startServing('sh', ['-c', `node bin/storefront.js serve -d '${site}' -p 0`]);
    expect((await fetch(`${running.url}/`)).status).toBe(200);
    running.child.kill('SIGTERM');
    expect(await settles(running.closed)).toBe(true);
    expect(await refusesConnections(running.url)).toBe(true);
  }, 60_000);

  // The start script `exec`s node, so no shell stands between npm and the server: dash, Debian's sh, holds a
  // SIGINT until its command ends, so a SIGINT sent to npm's pid alone would never reach the server.
  it.each(['SIGTERM', 'SIGINT'] as const)('npm start (build, then serve), when npm gets %s', async (signal) => {
    const out = join(work, `npm-start-${signal}`, 'dist');
    // npm passes the arguments after -- on to the start script.
    const running = await startServing('npm', ['start', '--silent', '--', '-c', 'tests/fixtures/valid', '-o', out, '-p', '0']);
    const home = await fetch(`${running.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
    running.child.kill(signal);
    expect(await settles(running.closed)).toBe(true);
    expect(await refusesConnections(running.url)).toBe(true);
  }, 60_000);
});

/** The scratch sites (in /dev/shm, or the temporary folder) of the dev whose process is `pid`: named by it. */
const scratchesOf = (pid: number) =>
  ['/dev/shm', tmpdir()].filter((dir) => existsSync(dir)).flatMap((dir) => readdirSync(dir).filter((name) => name.startsWith(`storefront-dev-${pid}-`)).map((name) => join(dir, name)));

/** `storefront dev` as a terminal runs it, in a process group of its own; `until` resolves once its output matches. */
function startDevProcess(args: string[]) {
  const child = spawn(process.execPath, [join(root, 'bin/storefront.js'), 'dev', '-p', '0', ...args], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child.pid!);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const until = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => pattern.test(output) && resolve();
      child.stdout!.on('data', look);
      child.stderr!.on('data', look);
      void exited.then((code) => reject(new Error(`dev exited (${code}) before ${pattern}:\n${output}`)));
    });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, exited, until, output: () => output };
}

describe('storefront dev, when stopped', () => {
  it('by its terminal closing (SIGHUP), ends and removes its scratch site', async () => {
    const dev = startDevProcess(['-c', 'tests/fixtures/valid', '--cache-dir', join(work, 'dev-cache')]);
    await dev.until(/Dev server: http/);
    const scratch = scratchesOf(dev.child.pid!);
    expect(scratch).toHaveLength(1);
    expect(readdirSync(scratch[0]!, { recursive: true, encoding: 'utf8' }).some((path) => path.includes('alpha-1'))).toBe(true);
    dev.child.kill('SIGHUP');
    expect(await settles(dev.exited)).toBe(true);
    expect(existsSync(scratch[0]!)).toBe(false);
  }, 120_000);

  // The first build of a big catalogue takes seconds: a Ctrl+C then ended the process before dev caught signals,
  // and left the scratch site in memory.
  it('by Ctrl+C during its first build, ends at once and removes its scratch site', async () => {
    const catalogue = join(work, 'many-services');
    await writeSyntheticCatalogue(catalogue, { services: 400, heavy: true });
    const dev = startDevProcess(['-c', catalogue, '--no-cache']);
    await dev.until(/^ {2}model /m);
    const scratch = scratchesOf(dev.child.pid!);
    expect(scratch).toHaveLength(1);
    process.kill(-dev.child.pid!, 'SIGINT');
    expect(await settles(dev.exited)).toBe(true);
    expect(await dev.exited, dev.output()).toBe(130);
    expect(dev.output()).not.toContain('Dev server:');
    expect(dev.output()).not.toMatch(/Internal error|EPIPE|ECANCELED|panicked/);
    expect(existsSync(scratch[0]!)).toBe(false);
  }, 120_000);
});

describe('the CLI process', () => {
  it('runs with the memory settings bin/storefront.js starts itself with, in the same process', async () => {
    const site = join(work, 'settings');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Tiny</title><h1>Tiny</h1>');
    const { MALLOC_ARENA_MAX: _, ...withoutSetting }: NodeJS.ProcessEnv = env;
    const running = await startServing(process.execPath, [join(root, 'bin/storefront.js'), 'serve', '-d', site, '-p', '0'], withoutSetting);
    const pid = running.child.pid!;
    const flags = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(flags).toContain('--max-semi-space-size=16');
    expect(flags).toContain('--no-allocation-site-pretenuring');
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=2');
    // A fixed mmap threshold made a third of a cold build's CPU the kernel's (docs/decisions.md).
    expect(environment.filter((variable) => variable.startsWith('MALLOC_MMAP_THRESHOLD_'))).toEqual([]);
    running.child.kill('SIGTERM');
    expect(await settles(running.closed)).toBe(true);
  }, 60_000);

  it("keeps V8's compiled code in Node's compile cache, in the temporary folder unless told otherwise", () => {
    const temporary = join(work, 'tmp');
    mkdirSync(temporary, { recursive: true });
    const { NODE_COMPILE_CACHE: _, NODE_DISABLE_COMPILE_CACHE: __, ...withoutSetting }: NodeJS.ProcessEnv = env;
    execFileSync(process.execPath, [join(root, 'bin/storefront.js'), '--version'], { env: { ...withoutSetting, TMPDIR: temporary }, encoding: 'utf8' });
    const cache = join(temporary, 'node-compile-cache');
    const files = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(10);
  }, 60_000);
});
