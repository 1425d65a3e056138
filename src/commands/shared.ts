// What the commands share: the CLI's output streams, the options several commands take, the build cache's
// folder, and serving a built site until stopped.
import { Command, InvalidArgumentError, Option } from 'commander';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { FolderRefused, isRunning } from '../build/outDir.ts';
import { defaultCacheDir } from '../build/cache.ts';
import { EXIT } from '../errors.ts';
import { FORMATS, type Terminal } from '../output.ts';
import type { StopReason } from '../buildOptions.ts';

/** The CLI's output streams: the same terminal validate's and build's reports print to (output.ts). */
export type CliIO = Terminal;

/** What each command module gets from the program (src/cli.ts). */
export interface CommandContext {
  io: CliIO;
  /** Runs a command's action and hands its exit code to the program. */
  act: (action: () => Promise<number>) => Promise<void>;
  /** The whole CLI, passed in rather than imported so a command can run another without an import cycle. */
  run: (argv: readonly string[], io: CliIO) => Promise<number>;
}

/** The build cache's two flags, as commander parses them. */
export interface CacheFlags {
  cache?: boolean;
  cacheDir?: string;
}

/** A path as the maintainer would type it: relative to the current folder when inside it (as pipeline.ts shows it). */
export const shownPath = (cwd: string, path: string) => {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
};

/** The signals that stop a build or a server: Ctrl+C, a polite kill, the terminal closing (SIGHUP: dev's scratch
 *  site, in RAM in /dev/shm, must still be removed). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

// Noted when the CLI loads, before any build, so a parent that goes away during `start`'s build is noticed too.
const parentAtStart = process.ppid;

/** Resolves on Ctrl+C or SIGTERM, or once the process that started this one has gone. npm runs scripts (and npx
 *  commands) under `sh -c` and passes a SIGTERM on to that shell only, which dies of it without passing it on:
 *  without this check the server would outlive `npm start` and keep its port. */
export const untilStopped = () =>
  new Promise<void>((done) => {
    const stop = () => {
      clearInterval(watch);
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      done();
    };
    // An orphan gets a new parent (init or a subreaper); on Windows the old one just stops existing. A check is
    // one system call, and unref'd so it never keeps the process alive by itself.
    const watch = setInterval(() => {
      if (process.ppid !== parentAtStart || !isRunning(parentAtStart)) stop();
    }, 500).unref();
    for (const signal of STOP_SIGNALS) process.once(signal, stop);
  });

/** While a command runs in its own process: the first stop signal aborts `signal` with a StopReason and, unless
 *  the build answers that it is `finishing`, calls `stopped` with the signal's exit code (128 + its number, as a
 *  shell reports a process the signal ended). Only the first is caught: a second Ctrl+C ends the process at once,
 *  as Node does by default. `dispose` lets them go. */
export function stopSignals(stopped: (exitCode: number) => void): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const handlers = STOP_SIGNALS.map(
    (name) =>
      [
        name,
        () => {
          dispose();
          const reason: StopReason = { finishing: false };
          controller.abort(reason);
          if (!reason.finishing) stopped(128 + osConstants.signals[name]);
        },
      ] as const,
  );
  const dispose = () => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
  for (const [name, handler] of handlers) process.once(name, handler);
  return { signal: controller.signal, dispose };
}

export const catalogueOption = () => new Option('-c, --catalogue <dir>', 'the catalogue folder').default('catalogue');

export const formatOption = () =>
  new Option('--format <format>', 'how problems are printed: text for people; json (one document) or github (workflow commands) on stdout for CI').choices(FORMATS).default('text');

/** A flag's value as a whole number of at least `least`, or commander's usage error. */
export const wholeNumber = (least: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < least) throw new InvalidArgumentError(`expected a whole number from ${least} up`);
  return n;
};

// The worker pool (src/build/workers.ts): `build`, `start` and `dev` take it.
export const workersOption = () => new Option('--workers <n>', 'threads for the CPU-bound work of a build (default: one per core; 1: all on the main thread)').argParser(wholeNumber(1));

// The build cache (src/build/cache.ts): `validate`, `build`, `start` and `dev` take the same two flags.
export const cacheOptions = (command: Command) =>
  command
    .addOption(new Option('--cache-dir <dir>', 'where the build cache is kept: a new or empty folder, or one it used before (safe to delete at any time)').default(undefined, 'node_modules/.cache/storefront').conflicts('cache'))
    .option('--no-cache', 'neither read nor write the build cache (for build: a clean build)');

/** --cache-dir resolved, or false for --no-cache, or the default folder in the project (where the command runs). */
export const cacheDirOf = (io: CliIO, options: CacheFlags): string | false => (options.cache === false ? false : options.cacheDir === undefined ? defaultCacheDir(io.cwd) : resolve(io.cwd, options.cacheDir));

/** Checks and marks the cache folder (build/folders.ts) before the command reads it: false, with the reason
 *  printed, when it is refused (exit 2). */
export const cacheAccepted = async (io: CliIO, options: CacheFlags, places: { catalogueDir: string; outDir?: string }): Promise<boolean> => {
  if (options.cache === false) return true;
  const { checkCacheDir } = await import('../build/folders.ts');
  const cacheDir = options.cacheDir === undefined ? defaultCacheDir(io.cwd) : resolve(io.cwd, options.cacheDir);
  try {
    await checkCacheDir(cacheDir, { ...places, projectDir: io.cwd, shown: options.cacheDir ?? shownPath(io.cwd, cacheDir) });
    return true;
  } catch (error) {
    if (!(error instanceof FolderRefused)) throw error;
    io.err(error.message);
    return false;
  }
};

export const portOption = () =>
  new Option('-p, --port <number>', 'the port to listen on (0 picks a free one)').default(4173).argParser((value) => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
    return port;
  });

/** `serve`, and the end of `start`: serves a built folder until stopped. */
export const serveBuilt = async (io: CliIO, options: { dir: string; port: number; host: string }) => {
  const dir = resolve(io.cwd, options.dir);
  if (!existsSync(join(dir, 'index.html'))) {
    io.err(`There is no built site in ${options.dir}: run \`storefront build\` first, or pass --dir.`);
    return EXIT.problems;
  }
  const { startServer } = await import('../serve.ts');
  const server = await startServer({ dir, port: options.port, host: options.host });
  io.out(`Serving ${options.dir} at ${server.url}/  (Ctrl+C to stop)`);
  await untilStopped();
  await server.close();
  return EXIT.ok;
};

/** Says so and returns true when there is no catalogue folder at `catalogue` (from the command's folder): for the
 *  commands that write beside it (schema, eject), which must not make one where it is not. */
export async function noCatalogueFolder(io: CliIO, catalogue: string): Promise<boolean> {
  const found = await stat(resolve(io.cwd, catalogue)).catch(() => undefined);
  if (found?.isDirectory()) return false;
  io.err(`There is no catalogue folder at ${catalogue}${found ? ': it is a file' : ''}. Pass --catalogue DIR, or run in a folder that has catalogue/.`);
  return true;
}
