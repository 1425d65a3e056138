// The `storefront` command line. createProgram builds the commander program without touching process
// state, so tests drive it with their own output streams and read the exit code it returns.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { CatalogueNotFoundError } from './catalogue/load.ts';
import { SCHEMA_FOLDER, writeJsonSchemas } from './catalogue/jsonSchema.ts';
import { FolderRefused, isRunning } from './build/outDir.ts';
import { describeInternalError, EXIT, UserError } from './errors.ts';
import { whyNotWritable } from './folders.ts';
import type { InputSnapshot } from './build/upToDate.ts';
// The build (pipeline.ts, with esbuild, React and sharp behind it) is imported on first use: 0.3 s of a build
// that finds nothing changed (build/upToDate.ts) and has nothing else to do.
const pipeline = () => import('./pipeline.ts');
import { parseDuration } from './deploy/plan.ts';
import { DEPLOY_FORMATS, formatPhase, formatResult, type DeployFormat } from './deploy/report.ts';
import { describeTarget, parseTarget, TargetError } from './deploy/target.ts';
import { commandOutput, FORMATS, isCI, progressLine, type Format } from './output.ts';

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  /** stderr is an interactive terminal, not a CI log: build may show a progress line there. */
  isTTY?: boolean;
  /** Writes to stderr without a newline (the progress line). */
  write?: (text: string) => void;
}

const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY) && !isCI(process.env),
  write: (text) => process.stderr.write(text),
};

type Action = (io: CliIO) => Promise<number>;

/** A path as the maintainer would type it: relative to the current folder when inside it (as pipeline.ts shows it). */
const shownPath = (cwd: string, path: string) => {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
};

// Noted when the CLI loads, before any build, so a parent that goes away during `start`'s build is noticed too.
const parentAtStart = process.ppid;

/** Resolves on Ctrl+C or SIGTERM, or once the process that started this one has gone. npm runs scripts (and npx
 *  commands) under `sh -c` and passes a SIGTERM on to that shell only, which dies of it without passing it on:
 *  without this check the server would outlive `npm start` and keep its port. */
const untilStopped = () =>
  new Promise<void>((done) => {
    const stop = () => {
      clearInterval(watch);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    // An orphan gets a new parent (init or a subreaper); on Windows the old one just stops existing. A check is
    // one system call, and unref'd so it never keeps the process alive by itself.
    const watch = setInterval(() => {
      if (process.ppid !== parentAtStart || !isRunning(parentAtStart)) stop();
    }, 500).unref();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

export function createProgram(io: CliIO = processIO, setExit: (code: number) => void = () => {}): Command {
  const program = new Command('storefront')
    .description('Build a fast, accessible storefront website from a YAML and Markdown catalogue.')
    .version('0.1.0')
    .showHelpAfterError('(run storefront --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride();

  const catalogueOption = () => new Option('-c, --catalogue <dir>', 'the catalogue folder').default('catalogue');
  const formatOption = () =>
    new Option('--format <format>', 'how problems are printed: text for people; json (one document) or github (workflow commands) on stdout for CI').choices(FORMATS).default('text');
  const act = (action: Action) => async () => setExit(await action(io));
  // The build cache (src/build/cache.ts): `validate`, `build`, `start` and `dev` take the same two flags.
  const cacheOptions = (command: Command) =>
    command
      .addOption(new Option('--cache-dir <dir>', 'where the build cache is kept: a new or empty folder, or one it used before (safe to delete at any time)').default(undefined, 'node_modules/.cache/storefront').conflicts('cache'))
      .option('--no-cache', 'neither read nor write the build cache (for build: a clean build)');
  /** --cache-dir resolved, or false for --no-cache, or undefined for the default folder. */
  const cacheDirOf = (options: { cache?: boolean; cacheDir?: string }): string | false | undefined => (options.cache === false ? false : options.cacheDir === undefined ? undefined : resolve(io.cwd, options.cacheDir));
  /** Checks and marks the cache folder (build/folders.ts) before the command reads it: false, with the reason
   *  printed, when it is refused (exit 2). */
  const cacheAccepted = async (options: { cache?: boolean; cacheDir?: string }, places: { catalogueDir: string; outDir?: string }): Promise<boolean> => {
    if (options.cache === false) return true;
    const [{ checkCacheDir }, { DEFAULT_CACHE_DIR }] = await Promise.all([import('./build/folders.ts'), import('./build/cache.ts')]);
    const cacheDir = cacheDirOf(options) || DEFAULT_CACHE_DIR;
    try {
      await checkCacheDir(cacheDir, { ...places, projectDir: io.cwd, shown: options.cacheDir ?? shownPath(io.cwd, cacheDir) });
      return true;
    } catch (error) {
      if (!(error instanceof FolderRefused)) throw error;
      io.err(error.message);
      return false;
    }
  };
  const cacheArgs = (options: { cache?: boolean; cacheDir?: string }) => (options.cache === false ? ['--no-cache'] : options.cacheDir !== undefined ? ['--cache-dir', options.cacheDir] : []);

  program
    .command('init')
    .description('Start your own site: write a small example catalogue into DIR/catalogue/ (DIR defaults to the current folder).')
    .argument('[dir]', 'the folder of the new site', '.')
    .action(async (dir: string) => {
      await act(async () => {
        const { initCatalogue, InitRefused, nextSteps } = await import('./init/init.ts');
        const written = await initCatalogue(resolve(io.cwd, dir), join(dir, 'catalogue')).catch((error: unknown) => {
          if (!(error instanceof InitRefused)) throw error;
          io.err(error.message);
          return undefined;
        });
        if (!written) return EXIT.usage;
        io.out(nextSteps(dir, await realpath(resolve(io.cwd, dir))));
        return EXIT.ok;
      })();
    });

  cacheOptions(program
    .command('validate'))
    .description('Check the catalogue and report every problem with its file, line and field.')
    .addOption(catalogueOption())
    .addOption(formatOption())
    .action(async (options: { catalogue: string; format: Format; cache?: boolean; cacheDir?: string }) => {
      await act(async () => {
        if (!(await cacheAccepted(options, { catalogueDir: resolve(io.cwd, options.catalogue) }))) return EXIT.usage;
        const output = commandOutput(io, options.format);
        const { checkCatalogue } = await pipeline();
        const { ok } = await output.settle(checkCatalogue(resolve(io.cwd, options.catalogue), output.reporter, options.catalogue, cacheDirOf(options)));
        return ok ? EXIT.ok : EXIT.problems;
      })();
    });

  cacheOptions(program
    .command('build'))
    .description('Build the site: every route prerendered to HTML, with a code-split React client.')
    .addOption(catalogueOption())
    .option('-o, --out <dir>', 'the output folder (replaced only when the build succeeds; an empty or new folder, or an earlier build)', 'dist')
    .option('--force', 'replace an output folder holding files the build did not write, and an nginx.conf it did not write')
    .option('--base-url <url>', "override site.yaml's baseUrl (canonical links, sitemap.xml)")
    .option('--development', "use React's development build (reports every hydration mismatch)")
    .option('--deploy-dir <dir>', 'where to write nginx.conf (default: a deploy folder next to the output folder; never over one the build did not write)')
    .addOption(formatOption())
    .addOption(new Option('--quiet', 'print only problems and the closing line, not each stage').conflicts('verbose'))
    .option('--verbose', 'also print the resolved folders, the options, cache hits and every stage')
    .action(async (options: { catalogue: string; out: string; force?: boolean; baseUrl?: string; development?: boolean; deployDir?: string; format: Format; quiet?: boolean; verbose?: boolean; cache?: boolean; cacheDir?: string }) => {
      await act(async () => {
        if (options.baseUrl !== undefined && !/^https?:\/\/[^/\s]+/.test(options.baseUrl)) {
          io.err(`--base-url must be an absolute URL such as https://www.example.com, not "${options.baseUrl}".`);
          return EXIT.usage;
        }
        const output = commandOutput(io, options.format, options.quiet ? 'quiet' : options.verbose ? 'verbose' : 'normal');
        const buildOptions = {
          catalogueDir: resolve(io.cwd, options.catalogue),
          outDir: resolve(io.cwd, options.out),
          force: options.force,
          projectDir: io.cwd,
          baseUrl: options.baseUrl,
          development: options.development,
          deployDir: options.deployDir && resolve(io.cwd, options.deployDir),
          cacheDir: cacheDirOf(options),
        };
        if (!(await cacheAccepted(options, buildOptions))) return EXIT.usage;
        const build = async () => {
          // What the check compared, which the build records (taken before anything is read).
          let checked: InputSnapshot | undefined;
          // Nothing changed since the last build into this folder (build/upToDate.ts): done, without loading the build.
          if (buildOptions.cacheDir !== false) {
            const started = performance.now();
            const [{ lastBuildIfUnchanged, upToDateLine }, { DEFAULT_CACHE_DIR }] = await Promise.all([import('./build/upToDate.ts'), import('./build/cache.ts')]);
            const waiting = (pid: number) => output.reporter.out(`Waiting for another build (process ${pid}) to finish writing ${options.out}…`);
            const { last, snapshot } = await lastBuildIfUnchanged(buildOptions, buildOptions.cacheDir ?? DEFAULT_CACHE_DIR, waiting);
            checked = snapshot;
            if (last) {
              // The warnings the last build printed, printed again: the same report as a build would give.
              if (last.problems.length) {
                const { formatProblems, summarise } = await import('./catalogue/problems.ts');
                if (output.reporter.problems) {
                  output.reporter.problems(last.problems, buildOptions.catalogueDir);
                  output.reporter.out(summarise(last.problems));
                } else output.reporter.out(formatProblems(last.problems, shownPath(process.cwd(), buildOptions.catalogueDir)));
              }
              output.reporter.out(upToDateLine(options.out, last.pages, performance.now() - started));
              return { ok: true, pages: last.pages, files: last.files, upToDate: true };
            }
          }
          const { buildSite } = await pipeline();
          return buildSite({ ...buildOptions, upToDate: 'record', ...(checked && { snapshot: checked }) }, output.reporter);
        };
        const result = await output.settle(build()).catch((error: unknown) => {
          if (!(error instanceof FolderRefused)) throw error;
          io.err(error.message);
          return undefined;
        });
        if (!result) return EXIT.usage;
        return result.ok ? EXIT.ok : EXIT.problems;
      })();
    });

  const portOption = () =>
    new Option('-p, --port <number>', 'the port to listen on (0 picks a free one)').default(4173).argParser((value) => {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
      return port;
    });

  const serveBuilt = async (options: { dir: string; port: number; host: string }) => {
    const dir = resolve(io.cwd, options.dir);
    if (!existsSync(join(dir, 'index.html'))) {
      io.err(`There is no built site in ${options.dir}: run \`storefront build\` first, or pass --dir.`);
      return EXIT.problems;
    }
    const { startServer } = await import('./serve.ts');
    const server = await startServer({ dir, port: options.port, host: options.host });
    io.out(`Serving ${options.dir} at ${server.url}/  (Ctrl+C to stop)`);
    await untilStopped();
    await server.close();
    return EXIT.ok;
  };

  program
    .command('serve')
    .description('Serve a built site the way object storage and CDNs do (directory index, 404.html, gzip and brotli).')
    .option('-d, --dir <dir>', 'the built site', 'dist')
    .addOption(portOption())
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action(async (options: { dir: string; port: number; host: string }) => {
      await act(() => serveBuilt(options))();
    });

  // What `npm start` runs: one process, not `build && serve`, so a shell that runs a lone command by exec'ing it
  // (bash; dash does not) hands npm's signals straight to the server, and there is no second command to outlive npm.
  cacheOptions(program
    .command('start'))
    .description('Build the site, then serve it, in one process (what `npm start` runs).')
    .addOption(catalogueOption())
    .option('-o, --out <dir>', 'the output folder, then the site served', 'dist')
    .option('--force', 'replace an output folder holding files the build did not write, and an nginx.conf it did not write')
    .addOption(portOption())
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action(async (options: { catalogue: string; out: string; force?: boolean; port: number; host: string; cache?: boolean; cacheDir?: string }) => {
      await act(async () => {
        // The build command itself, so `start` never drifts from `storefront build`.
        const built = await run(['build', '--catalogue', options.catalogue, '--out', options.out, ...(options.force ? ['--force'] : []), ...cacheArgs(options)], io);
        if (built !== EXIT.ok) return built;
        return serveBuilt({ dir: options.out, port: options.port, host: options.host });
      })();
    });

  cacheOptions(program
    .command('dev'))
    .description('Build, serve and watch: rebuilds on every change and reloads the open page.')
    .addOption(catalogueOption())
    .addOption(portOption())
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action(async (options: { catalogue: string; port: number; host: string; cache?: boolean; cacheDir?: string }) => {
      await act(async () => {
        if (!(await cacheAccepted(options, { catalogueDir: resolve(io.cwd, options.catalogue) }))) return EXIT.usage;
        const { startDev } = await import('./dev.ts');
        const dev = await startDev({ catalogueDir: resolve(io.cwd, options.catalogue), port: options.port, host: options.host, cacheDir: cacheDirOf(options) }, io);
        await untilStopped();
        await dev.close();
        return EXIT.ok;
      })();
    });

  const count = (least: number) => (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < least) throw new InvalidArgumentError(`expected a whole number from ${least} up`);
    return n;
  };

  program
    .command('deploy')
    .description('Publish a built site to S3-compatible object storage: changed files only, assets before pages, old files pruned after a grace period.')
    .option('-d, --dir <dir>', 'the built site', 'dist')
    .requiredOption('--target <url>', 'where to publish: s3://BUCKET or s3://BUCKET/PREFIX')
    .option('--endpoint <url>', 'an S3-compatible endpoint (Cloudflare R2, MinIO, Google Cloud Storage); default AWS S3')
    .option('--region <region>', 'the region of the bucket (default: AWS_REGION or the AWS profile)')
    .option('--dry-run', 'show what would be uploaded and deleted, change nothing')
    .option('--force', 'deploy a folder storefront did not build, and delete however many objects would go')
    .addOption(new Option('--max-deletes <n>', 'stop before changing anything when more objects than this would be deleted (default: 256, and at most a tenth of the pages)').argParser(count(0)))
    .option('--delete-foreign', 'delete the objects under the target that no deploy wrote, too (by default they stay)')
    .addOption(new Option('--keep-deploys <n>', 'keep a file the site stopped using until this many deploys (this one included) have not used it').default(3).argParser(count(1)))
    .addOption(
      new Option('--keep-for <duration>', '... and for this long after the first deploy that did not use it (30m, 12h, 7d, 2w; 0 for no time)').default('7d').argParser((value) => {
        if (parseDuration(value) === undefined) throw new InvalidArgumentError('expected a duration such as 30m, 12h, 7d or 0');
        return value;
      }),
    )
    .addOption(new Option('--concurrency <n>', 'requests at a time').default(8).argParser(count(1)))
    .option('--cloudfront-distribution <id>', 'invalidate the replaced pages and images in this CloudFront distribution')
    .addOption(new Option('--format <format>', 'how to report: text for people; github (workflow commands) or json (one document) for CI').choices(DEPLOY_FORMATS).default('text'))
    .action(
      async (options: {
        dir: string;
        target: string;
        endpoint?: string;
        region?: string;
        dryRun?: boolean;
        force?: boolean;
        maxDeletes?: number;
        deleteForeign?: boolean;
        keepDeploys: number;
        keepFor: string;
        concurrency: number;
        cloudfrontDistribution?: string;
        format: DeployFormat;
      }) => {
        await act(async () => {
          let target;
          try {
            target = parseTarget(options.target);
            if (options.endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(options.endpoint)) throw new TargetError(`--endpoint must be a URL such as https://ACCOUNT.r2.cloudflarestorage.com, not "${options.endpoint}".`);
          } catch (error) {
            if (!(error instanceof TargetError)) throw error;
            io.err(error.message);
            return EXIT.usage;
          }
          // Loaded here: the AWS SDK takes a while to load, and no other command needs it.
          const { deploy } = await import('./deploy/deploy.ts');
          const shownTarget = describeTarget(target);
          const progress = io.isTTY && io.write ? progressLine(io.write) : undefined;
          const result = await deploy({
            dir: resolve(io.cwd, options.dir),
            shownDir: options.dir,
            target,
            endpoint: options.endpoint,
            region: options.region,
            dryRun: options.dryRun,
            force: options.force,
            maxDeletes: options.maxDeletes,
            deleteForeign: options.deleteForeign,
            concurrency: options.concurrency,
            grace: { deploys: options.keepDeploys, ms: parseDuration(options.keepFor)! },
            cloudfrontDistribution: options.cloudfrontDistribution,
            // As it goes, on stderr (stdout holds the report): a line a phase, and on a terminal a line that counts.
            onPhase: (event) => (progress?.clear(), io.err(formatPhase(event, shownTarget))),
            onStep: progress && ((step) => progress.update(`${step.action === 'upload' ? 'Uploading' : 'Deleting'} ${step.path}`)),
          });
          progress?.clear();
          const lines = formatResult(result, options.format);
          lines.out.forEach((line) => io.out(line));
          lines.err.forEach((line) => io.err(line));
          return result.ok ? EXIT.ok : EXIT.problems;
        })();
      },
    );

  program
    .command('schema')
    .description('Write JSON Schema files for the catalogue into <catalogue>/.schema/ for editor completion.')
    .addOption(catalogueOption())
    .action(async (options: { catalogue: string }) => {
      await act(async () => {
        const catalogueDir = resolve(io.cwd, options.catalogue);
        const found = await stat(catalogueDir).catch(() => undefined);
        if (!found?.isDirectory()) {
          io.err(`There is no catalogue folder at ${options.catalogue}${found ? ': it is a file' : ''}. Pass --catalogue DIR, or run in a folder that has catalogue/.`);
          return EXIT.problems;
        }
        const files = await writeJsonSchemas(catalogueDir).catch(async (error: unknown) => {
          const { path } = error as NodeJS.ErrnoException;
          const why = path === undefined ? undefined : await whyNotWritable(error, path);
          if (why === undefined) throw error;
          io.err(`Cannot write the schema files into ${join(options.catalogue, SCHEMA_FOLDER)}: ${why}.`);
          return undefined;
        });
        if (!files) return EXIT.problems;
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
