// The `storefront` command line. createProgram builds the commander program without touching process
// state, so tests drive it with their own output streams and read the exit code it returns.
import { Command, CommanderError, Option } from 'commander';
import { resolve } from 'node:path';
import { CatalogueNotFoundError } from './catalogue/load.ts';
import { writeJsonSchemas } from './catalogue/jsonSchema.ts';
import { describeInternalError, EXIT, UserError } from './errors.ts';
import { checkCatalogue } from './pipeline.ts';

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
}

const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
};

type Action = (io: CliIO) => Promise<number>;

export function createProgram(io: CliIO = processIO, setExit: (code: number) => void = () => {}): Command {
  const program = new Command('storefront')
    .description('Build a fast, accessible storefront website from a YAML and Markdown catalogue.')
    .version('0.1.0')
    .showHelpAfterError('(run storefront --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride();

  const catalogueOption = () => new Option('-c, --catalogue <dir>', 'the catalogue folder').default('catalogue');
  const act = (action: Action) => async () => setExit(await action(io));

  program
    .command('validate')
    .description('Check the catalogue and report every problem with its file, line and field.')
    .addOption(catalogueOption())
    .action(async (options: { catalogue: string }) => {
      await act(async () => {
        const { ok } = await checkCatalogue(resolve(io.cwd, options.catalogue), io, options.catalogue);
        return ok ? EXIT.ok : EXIT.problems;
      })();
    });

  program
    .command('schema')
    .description('Write JSON Schema files for the catalogue into <catalogue>/.schema/ for editor completion.')
    .addOption(catalogueOption())
    .action(async (options: { catalogue: string }) => {
      await act(async () => {
        const files = await writeJsonSchemas(resolve(io.cwd, options.catalogue));
        io.out(`Wrote ${files.length} schema files to ${options.catalogue}/.schema/`);
        return EXIT.ok;
      })();
    });

  return program;
}

/** Runs the CLI and returns the exit code: 0 ok, 1 catalogue problems, 2 wrong usage, 3 internal error. */
export async function run(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  let code: number = EXIT.ok;
  const program = createProgram(io, (c) => (code = c));
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (cause) {
    if (cause instanceof CommanderError) {
      return cause.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (cause instanceof UserError || cause instanceof CatalogueNotFoundError) {
      io.err(cause.message);
      return EXIT.problems;
    }
    io.err(describeInternalError(cause));
    return EXIT.internal;
  }
}
