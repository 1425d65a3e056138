// `storefront build`: the site into the output folder, or nothing at all when nothing changed since the last
// build into it.
import { Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { FolderRefused } from '../build/outDir.ts';
import type { InputSnapshot } from '../build/upToDate.ts';
import { EXIT } from '../errors.ts';
import { siteAddressFaults } from '../core/siteAddress.ts';
import { listed } from '../core/words.ts';
import { commandOutput, type Format } from '../output.ts';
import type { BuildResult, Reporter } from '../pipeline.ts';
import { cacheAccepted, cacheDirOf, cacheOptions, catalogueOption, formatOption, shownPath, stopSignals, workersOption, type CacheFlags, type CliIO, type CommandContext } from './shared.ts';

interface BuildFlags extends CacheFlags {
  catalogue: string;
  out: string;
  force?: boolean;
  baseUrl?: string;
  development?: boolean;
  deployDir?: string;
  format: Format;
  quiet?: boolean;
  verbose?: boolean;
  workers?: number;
}

export function buildCommand(program: Command, { io, act }: CommandContext): void {
  cacheOptions(program.command('build'))
    .description('Build the site: every route prerendered to HTML, with a code-split React client.')
    .addOption(catalogueOption())
    .option('-o, --out <dir>', 'the output folder (replaced only when the build succeeds; an empty or new folder, or an earlier build)', 'dist')
    .option('--force', 'replace an output folder holding files the build did not write, and an nginx.conf it did not write')
    .option('--base-url <url>', "override site.yaml's baseUrl (canonical links, sitemap.xml)")
    .option('--development', "use React's development build (reports every hydration mismatch)")
    .option('--deploy-dir <dir>', 'where to write nginx.conf (default: a deploy folder next to the output folder; never over one the build did not write)')
    .addOption(workersOption())
    .addOption(formatOption())
    .addOption(new Option('--quiet', 'print only problems and the closing line, not each stage').conflicts('verbose'))
    .option('--verbose', 'also print the resolved folders, the options, cache hits and every stage')
    .action((options: BuildFlags) => act(() => build(io, options)));
}

async function build(io: CliIO, options: BuildFlags): Promise<number> {
  if (options.baseUrl !== undefined) {
    const faults = /^https?:\/\/[^/\s]+/.test(options.baseUrl) ? siteAddressFaults(options.baseUrl) : ['no https://'];
    if (faults.length) {
      io.err(`--base-url must be the address of the site's root, such as https://www.example.com, but "${options.baseUrl}" has ${listed(faults)}.`);
      return EXIT.usage;
    }
  }
  const output = commandOutput(io, options.format, options.quiet ? 'quiet' : options.verbose ? 'verbose' : 'normal');
  const site = siteOptions(io, options);
  // The output folder and nginx.conf's before the cache's: a refusal leaves the project as it was, no cache made.
  const { checkSiteFolders } = await import('../build/folders.ts');
  const refused = await checkSiteFolders(site, (path) => shownPath(io.cwd, path)).then(
    () => undefined,
    (error: unknown) => (error instanceof FolderRefused ? error.message : Promise.reject(error)),
  );
  if (refused) {
    io.err(refused);
    return EXIT.usage;
  }
  if (!(await cacheAccepted(io, options, site))) return EXIT.usage;
  // Ctrl+C in the CLI's own process: the build removes its half-made site and lets go of the output folder, then
  // the process ends at once, rather than leaving the staging folder and the lock beside the output folder for
  // the next build to clear. Its stages are not waited for: esbuild's process got the Ctrl+C too, and a build
  // winding down would report its failure.
  const stop = io.ownsProcess
    ? stopSignals((exitCode) => {
        io.err(`Stopped: nothing was written, ${options.out} is as it was.`);
        process.exit(exitCode);
      })
    : undefined;
  const result = await output
    .settle(buildUnlessUpToDate({ ...site, signal: stop?.signal }, options.out, output.reporter))
    .catch((error: unknown) => {
      if (!(error instanceof FolderRefused)) throw error;
      io.err(error.message);
      return undefined;
    })
    .finally(() => stop?.dispose());
  if (!result) return EXIT.usage;
  return result.ok ? EXIT.ok : EXIT.problems;
}

/** The flags as the build takes them: folders resolved from the current one. */
const siteOptions = (io: CliIO, options: BuildFlags) => ({
  catalogueDir: resolve(io.cwd, options.catalogue),
  outDir: resolve(io.cwd, options.out),
  force: options.force,
  projectDir: io.cwd,
  baseUrl: options.baseUrl,
  development: options.development,
  deployDir: options.deployDir && resolve(io.cwd, options.deployDir),
  cacheDir: cacheDirOf(io, options),
  workers: options.workers,
  // One build in this process: nothing else needs esbuild once its bundles are made.
  stopBundler: io.ownsProcess === true,
});

type SiteOptions = ReturnType<typeof siteOptions>;

async function buildUnlessUpToDate(site: SiteOptions & { signal?: AbortSignal }, shownOut: string, reporter: Reporter): Promise<BuildResult> {
  // What the check compared, which the build records (taken before anything is read).
  let checked: InputSnapshot | undefined;
  if (site.cacheDir !== false) {
    const { done, snapshot } = await upToDate(site, shownOut, reporter);
    if (done) return done;
    checked = snapshot;
  }
  // The build (pipeline.ts, with esbuild, React and sharp behind it) is imported on first use: 0.3 s of a build
  // that finds nothing changed (build/upToDate.ts) and has nothing else to do.
  const { buildSite } = await import('../pipeline.ts');
  return buildSite({ ...site, upToDate: 'record', ...(checked && { snapshot: checked }) }, reporter);
}

/** Nothing changed since the last build into this folder (build/upToDate.ts): done, without loading the build,
 *  reporting what the last build did. Otherwise the snapshot of the inputs the check compared. */
async function upToDate(site: SiteOptions, shownOut: string, reporter: Reporter): Promise<{ done?: BuildResult; snapshot?: InputSnapshot }> {
  const started = performance.now();
  const { lastBuildIfUnchanged, upToDateLine } = await import('../build/upToDate.ts');
  const waiting = (pid: number) => reporter.out(`Waiting for another build (process ${pid}) to finish writing ${shownOut}…`);
  if (site.cacheDir === false) return {};
  const { last, snapshot } = await lastBuildIfUnchanged(site, site.cacheDir, waiting);
  if (!last) return { snapshot };
  // The warnings the last build printed, printed again: the same report as a build would give.
  if (last.problems.length) {
    const { formatProblems, summarise } = await import('../catalogue/problems.ts');
    if (reporter.problems) {
      reporter.problems(last.problems, site.catalogueDir);
      reporter.out(summarise(last.problems));
    } else reporter.out(formatProblems(last.problems, shownPath(process.cwd(), site.catalogueDir)));
  }
  reporter.out(upToDateLine(shownOut, last.pages, performance.now() - started));
  return { done: { ok: true, pages: last.pages, files: last.files, upToDate: true } };
}
