// `storefront validate`: checks the catalogue and reports every problem, building nothing.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { EXIT } from '../errors.ts';
import { commandOutput, type Format } from '../output.ts';
import { cacheAccepted, cacheDirOf, cacheOptions, catalogueOption, formatOption, type CacheFlags, type CliIO, type CommandContext } from './shared.ts';

interface ValidateOptions extends CacheFlags {
  catalogue: string;
  format: Format;
}

export function validateCommand(program: Command, { io, act }: CommandContext): void {
  cacheOptions(program.command('validate'))
    .description('Check the catalogue and report every problem with its file, line and field.')
    .addOption(catalogueOption())
    .addOption(formatOption())
    .action((options: ValidateOptions) => act(() => validate(io, options)));
}

async function validate(io: CliIO, options: ValidateOptions): Promise<number> {
  if (!(await cacheAccepted(io, options, { catalogueDir: resolve(io.cwd, options.catalogue) }))) return EXIT.usage;
  const output = commandOutput(io, options.format);
  // The build's modules (esbuild, React, sharp behind them) load only once a command needs them.
  const { checkCatalogue } = await import('../pipeline.ts');
  const { ok } = await output.settle(checkCatalogue(resolve(io.cwd, options.catalogue), output.reporter, options.catalogue, cacheDirOf(io, options)));
  return ok ? EXIT.ok : EXIT.problems;
}
