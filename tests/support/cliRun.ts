// What several test files need: the CLI run in-process with its output captured, and a folder's content as
// hashes, to show a build left it exactly as it was.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { run, type CliIO } from '../../src/cli.ts';

/** Runs `storefront ARGS` in `cwd`: its exit code and what it printed on each stream. */
export async function runCli(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd };
  const code = await run(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const BIN = new URL('../../bin/storefront.js', import.meta.url).pathname;

/** Runs `storefront ARGS` in `cwd` as a process of its own, killed after `killAfterMs`: for what could hang, which
 *  a run in the test's own process would never return from. A killed run has code null. `asNobody`: when the
 *  tests run as root, who may write anywhere, the run is the user "nobody"'s (setpriv, util-linux). */
export function runCliProcess(cwd: string, args: string[], killAfterMs = 60_000, { asNobody = false } = {}): Promise<{ code: number | null; out: string; err: string }> {
  const command = [process.execPath, BIN, ...args];
  const asUser = asNobody && process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', ...command] : command;
  return new Promise((resolve, reject) => {
    const child = spawn(asUser[0]!, asUser.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: killAfterMs, killSignal: 'SIGKILL', env: asNobody ? { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } : process.env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out: out.trimEnd(), err: err.trimEnd() }));
  });
}

/** Every file under dir with a hash of its content, so two snapshots compare exactly. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = createHash('sha1').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return files;
}
