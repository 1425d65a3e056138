// `storefront eject NAME`: copies a built-in template file into the site's theme/ folder, where it replaces the
// built-in one (build/theme.ts); `--list` names every file that can be.
import type { Command } from 'commander';
import { relative, resolve } from 'node:path';
import { TOOL } from '../build/cache.ts';
import { EXIT, UserError } from '../errors.ts';
import { catalogueOption, noCatalogueFolder, type CliIO, type CommandContext } from './shared.ts';

export function ejectCommand(program: Command, { io, act }: CommandContext): void {
  program
    .command('eject')
    .description("Copy a built-in template file (e.g. components/Footer.tsx) into the site's theme/ folder, beside the catalogue, to change it there; --list names them.")
    .argument('[name]', 'the file, relative to templates/')
    .option('--list', 'list the files that can be ejected')
    .addOption(catalogueOption())
    .action((name: string | undefined, options: { list?: boolean; catalogue: string }) => act(() => ejectOne(io, name, options)));
}

async function ejectOne(io: CliIO, name: string | undefined, options: { list?: boolean; catalogue: string }): Promise<number> {
  const { eject, ejectable } = await import('../build/theme.ts');
  if (options.list || !name) {
    if (!options.list) io.err('Name the file to eject, e.g. `storefront eject components/Footer.tsx`. These can be:');
    (options.list ? io.out : io.err)((await ejectable()).join('\n'));
    return options.list ? EXIT.ok : EXIT.usage;
  }
  // theme/ goes beside the catalogue: with none there (a typo in -c, a folder inside the site), no build reads it.
  if (await noCatalogueFolder(io, options.catalogue)) return EXIT.problems;
  try {
    const target = await eject(resolve(io.cwd, options.catalogue), name, TOOL.version);
    io.out(`Copied templates/${name.replace(/^templates\//, '')} to ${relative(io.cwd, target) || target}: the build uses it in place of the built-in one. After an upgrade, the build says when the built-in one has changed.`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    io.err(error.message);
    return EXIT.usage;
  }
}
