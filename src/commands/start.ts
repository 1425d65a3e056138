// `storefront start`, what `npm start` runs: one process, not `build && serve`, so a shell that runs a lone
// command by exec'ing it (bash; dash does not) hands npm's signals straight to the server, and there is no
// second command to outlive npm.
import type { Command } from 'commander';
import { EXIT } from '../errors.ts';
import { cacheOptions, catalogueOption, portOption, serveBuilt, workersOption, type CacheFlags, type CommandContext } from './shared.ts';

interface StartOptions extends CacheFlags {
  catalogue: string;
  out: string;
  force?: boolean;
  port: number;
  host: string;
  workers?: number;
}

export function startCommand(program: Command, context: CommandContext): void {
  cacheOptions(program.command('start'))
    .description('Build the site, then serve it, in one process (what `npm start` runs).')
    .addOption(catalogueOption())
    .option('-o, --out <dir>', 'the output folder, then the site served', 'dist')
    .option('--force', 'replace an output folder holding files the build did not write, and an nginx.conf it did not write')
    .addOption(portOption())
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(workersOption())
    .action((options: StartOptions) => context.act(() => start(context, options)));
}

async function start({ io, run }: CommandContext, options: StartOptions): Promise<number> {
  // A busy port or a wrong --host is said before the build, not after minutes of it (dev does the same).
  if (options.port !== 0) await (await import('../serve.ts')).checkListen(options.port, options.host);
  // The build command itself, so `start` never drifts from `storefront build`.
  const built = await run(['build', '--catalogue', options.catalogue, '--out', options.out, ...(options.force ? ['--force'] : []), ...(options.workers ? ['--workers', String(options.workers)] : []), ...cacheArgs(options)], io);
  if (built !== EXIT.ok) return built;
  return serveBuilt(io, { dir: options.out, port: options.port, host: options.host });
}

/** The cache flags as given, to pass on to `build`. */
const cacheArgs = (options: CacheFlags) => (options.cache === false ? ['--no-cache'] : options.cacheDir !== undefined ? ['--cache-dir', options.cacheDir] : []);
