// `storefront init [dir]`: writes the starter catalogue (src/init/) into a new site's folder.
import type { Command } from 'commander';
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EXIT } from '../errors.ts';
import type { CliIO, CommandContext } from './shared.ts';

export function initCommand(program: Command, { io, act }: CommandContext): void {
  program
    .command('init')
    .description('Start your own site: write a small example catalogue into DIR/catalogue/ (DIR defaults to the current folder).')
    .argument('[dir]', 'the folder of the new site', '.')
    .action((dir: string) => act(() => init(io, dir)));
}

async function init(io: CliIO, dir: string): Promise<number> {
  const { initCatalogue, InitRefused, nextSteps } = await import('../init/init.ts');
  const written = await initCatalogue(resolve(io.cwd, dir), join(dir, 'catalogue')).catch((error: unknown) => {
    if (!(error instanceof InitRefused)) throw error;
    io.err(error.message);
    return undefined;
  });
  if (!written) return EXIT.usage;
  io.out(nextSteps(dir, await realpath(resolve(io.cwd, dir))));
  return EXIT.ok;
}
