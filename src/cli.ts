// The `storefront` command line. createProgram builds the commander program without touching process
// state, so tests drive it with their own output streams and read the exit code it returns. Each command is
// defined in a module of its own under commands/; what they share is in commands/shared.ts. A command imports
// the heavy parts (the build, the AWS SDK) only when it runs, so `--help` and an up-to-date build load neither.
import { Command, CommanderError } from 'commander';
import { TOOL } from './build/cache.ts';
import { CatalogueNotFoundError } from './catalogue/load.ts';
import { describeInternalError, EXIT, UserError } from './errors.ts';
import { isCI } from './output.ts';
import { buildCommand } from './commands/build.ts';
import { deployCommand } from './commands/deploy.ts';
import { devCommand } from './commands/dev.ts';
import { ejectCommand } from './commands/eject.ts';
import { initCommand } from './commands/init.ts';
import { schemaCommand } from './commands/schema.ts';
import { serveCommand } from './commands/serve.ts';
import type { CliIO, CommandContext } from './commands/shared.ts';
import { startCommand } from './commands/start.ts';
import { validateCommand } from './commands/validate.ts';

export type { CliIO } from './commands/shared.ts';

const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY) && !isCI(process.env),
  write: (text) => process.stderr.write(text),
  ownsProcess: true,
};

export function createProgram(io: CliIO = processIO, setExit: (code: number) => void = () => {}): Command {
  const program = new Command('storefront')
    .description('Build a fast, accessible storefront website from a YAML and Markdown catalogue.')
    .version(TOOL.version, '-V, --version', 'print the version of storefront')
    .showHelpAfterError('(run storefront --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride();
  const context: CommandContext = { io, act: async (action) => setExit(await action()), run };
  // In the order `--help` lists them.
  for (const define of [initCommand, validateCommand, buildCommand, serveCommand, startCommand, devCommand, deployCommand, ejectCommand, schemaCommand]) define(program, context);
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
