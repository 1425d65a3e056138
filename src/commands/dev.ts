// `storefront dev`: builds, serves and watches (src/dev.ts) until stopped.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { EXIT } from '../errors.ts';
import { cacheAccepted, cacheDirOf, cacheOptions, catalogueOption, portOption, stopSignals, untilStopped, workersOption, type CacheFlags, type CliIO, type CommandContext } from './shared.ts';

interface DevOptions extends CacheFlags {
  catalogue: string;
  port: number;
  host: string;
  workers?: number;
}

export function devCommand(program: Command, { io, act }: CommandContext): void {
  cacheOptions(program.command('dev'))
    .description('Build, serve and watch: rebuilds on every change and reloads the open page.')
    .addOption(catalogueOption())
    .addOption(portOption())
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(workersOption())
    .action((options: DevOptions) => act(() => dev(io, options)));
}

async function dev(io: CliIO, options: DevOptions): Promise<number> {
  if (!(await cacheAccepted(io, options, { catalogueDir: resolve(io.cwd, options.catalogue) }))) return EXIT.usage;
  const { startDev } = await import('../dev.ts');
  // In the CLI's own process the stop signals are caught before dev makes its scratch site, and a stop removes it
  // at once and ends the process, during the first build too: uncaught, a signal then ended the process and left
  // the site in memory (/dev/shm). untilStopped still ends dev when the process that started it has gone.
  const stop = io.ownsProcess ? stopSignals((exitCode) => process.exit(exitCode)) : undefined;
  try {
    const server = await startDev({ catalogueDir: resolve(io.cwd, options.catalogue), port: options.port, host: options.host, cacheDir: cacheDirOf(io, options), workers: options.workers, signal: stop?.signal }, io);
    await untilStopped();
    await server.close();
    return EXIT.ok;
  } finally {
    stop?.dispose();
  }
}
