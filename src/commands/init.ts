// `storefront init [dir]`: writes the starter catalogue and the site's other files (src/init/) into a new site's folder.
import type { Command } from 'commander';
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { TOOL } from '../build/cache.ts';
import { EXIT } from '../errors.ts';
import type { CliIO, CommandContext } from './shared.ts';

export function initCommand(program: Command, { io, act }: CommandContext): void {
  program
    .command('init')
    .description('Start your own site: write a small example catalogue into DIR/catalogue/, and beside it package.json, pages/, public/, a README and a CI workflow (DIR defaults to the current folder; no file there is overwritten).')
    .argument('[dir]', 'the folder of the new site', '.')
    .action((dir: string) => act(() => init(io, dir)));
}

async function init(io: CliIO, dir: string): Promise<number> {
  const [{ initCatalogue, InitRefused, nextSteps }, { siteFolderProblem, writeSiteFiles }] = await Promise.all([import('../init/init.ts'), import('../init/site.ts')]);
  const problem = await siteFolderProblem(resolve(io.cwd, dir));
  if (problem) {
    io.err(`Refusing to start a site in ${dir}: ${problem}. Nothing was written.`);
    return EXIT.usage;
  }
  const written = await initCatalogue(resolve(io.cwd, dir), join(dir, 'catalogue')).catch((error: unknown) => {
    if (!(error instanceof InitRefused)) throw error;
    io.err(error.message);
    return undefined;
  });
  if (!written) return EXIT.usage;
  const siteDir = await realpath(resolve(io.cwd, dir));
  io.out(nextSteps(dir, siteDir, { files: await writeSiteFiles(siteDir, TOOL.version) }));
  return EXIT.ok;
}
