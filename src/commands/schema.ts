// `storefront schema`: writes the catalogue's JSON Schema files for editor completion.
import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import { EXIT } from '../errors.ts';
import { whyNotWritable } from '../makeFolder.ts';
import { catalogueOption, noCatalogueFolder, type CliIO, type CommandContext } from './shared.ts';

export function schemaCommand(program: Command, { io, act }: CommandContext): void {
  program
    .command('schema')
    .description('Write JSON Schema files for the catalogue into <catalogue>/.schema/ for editor completion.')
    .addOption(catalogueOption())
    .action((options: { catalogue: string }) => act(() => schema(io, options.catalogue)));
}

async function schema(io: CliIO, catalogue: string): Promise<number> {
  const catalogueDir = resolve(io.cwd, catalogue);
  if (await noCatalogueFolder(io, catalogue)) return EXIT.problems;
  // Loaded here: the catalogue's schemas (zod) are 0.13 s of a start that no other command needs.
  const { SCHEMA_FOLDER, writeJsonSchemas } = await import('../catalogue/jsonSchema.ts');
  const files = await writeJsonSchemas(catalogueDir).catch(async (error: unknown) => {
    const { path } = error as NodeJS.ErrnoException;
    const why = path === undefined ? undefined : await whyNotWritable(error, path);
    if (why === undefined) throw error;
    io.err(`Cannot write the schema files into ${join(catalogue, SCHEMA_FOLDER)}: ${why}.`);
    return undefined;
  });
  if (!files) return EXIT.problems;
  io.out(`Wrote ${files.length} schema files to ${catalogue}/.schema/`);
  return EXIT.ok;
}
