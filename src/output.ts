// What validate and build print, by --format and --quiet/--verbose. In `text` (the default) everything goes where
// it always has: the report for people, progress on stdout, problems with errors on stderr. In `json` and
// `github`, stdout holds only what a machine reads (one JSON document; one workflow command a problem) and every
// line meant for people goes to stderr. A document is printed whenever the command ran to its end (exit 0 or 1);
// wrong usage (2) and internal errors (3) print only their message, on stderr.
import { join, relative, sep } from 'node:path';
import { CatalogueNotFoundError } from './catalogue/load.ts';
import type { Problem } from './catalogue/problems.ts';
import { githubCommands, jsonReport } from './catalogue/problemReports.ts';
import { FolderRefused } from './build/outDir.ts';
import { UserError } from './errors.ts';
import type { Reporter } from './pipeline.ts';

export const FORMATS = ['text', 'json', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export interface Terminal {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  /** stderr is an interactive terminal, not a CI log: a long stage may show a progress line there. */
  isTTY?: boolean;
  /** Writes to stderr as it is, without a newline (the progress line); without it there is none. */
  write?: (text: string) => void;
  /** This run of the CLI is all its process does (bin/storefront.js), so a build may stop esbuild's service once
   *  done with it; not in tests, which run several builds in one process at once. */
  ownsProcess?: boolean;
}

interface Outcome {
  ok: boolean;
  pages?: number;
}

/** The reporter a command hands the pipeline, and `settle`, which prints the machine output once it is done. */
export function commandOutput(io: Terminal, format: Format, detail: Reporter['detail'] = 'normal') {
  const progress = io.isTTY && io.write && detail !== 'quiet' ? progressLine(io.write) : undefined;
  const line = (print: (text: string) => void) => (text: string) => (progress?.clear(), print(text));
  // A command checks one catalogue, and hands over its problems once.
  let found: { problems: readonly Problem[]; catalogueDir: string } = { problems: [], catalogueDir: io.cwd };
  const reporter: Reporter = {
    out: line(format === 'text' ? io.out : io.err),
    err: line(io.err),
    detail,
    ...(format !== 'text' && { problems: (problems, catalogueDir) => void (found = { problems, catalogueDir }) }),
    ...(progress && { progress: progress.update }),
  };
  const print = (outcome: Outcome & { error?: string }) => {
    // Paths from the current folder, as GitHub (and an editor opened there) wants them.
    const pathOf = (file: string) => relative(io.cwd, join(found.catalogueDir, file)).split(sep).join('/');
    if (format === 'json') io.out(JSON.stringify(jsonReport(found.problems, pathOf, outcome), null, 2));
    if (format === 'github') for (const command of githubCommands(found.problems, pathOf)) io.out(command);
  };
  return {
    reporter,
    async settle<T extends Outcome>(work: Promise<T>): Promise<T> {
      try {
        const outcome = await work;
        print(outcome);
        return outcome;
      } catch (error) {
        // A failure the maintainer can fix ends the run like problems do (exit 1), so it gets a document too.
        if ((error instanceof UserError && !(error instanceof FolderRefused)) || error instanceof CatalogueNotFoundError) print({ ok: false, error: error.message });
        throw error;
      } finally {
        progress?.clear();
      }
    },
  };
}

/** True when the environment says this is CI (GitHub Actions, GitLab and most others set CI=true). */
export const isCI = (env: NodeJS.ProcessEnv) => !!env.CI && !['0', 'false'].includes(env.CI.toLowerCase());

/** One line that each update rewrites in place (\r, then erase to the end of the line), at most ten times a
 *  second, and that is erased before any other line is printed. */
export function progressLine(write: (text: string) => void, now = () => performance.now()) {
  let shown = false;
  let last = -Infinity;
  return {
    update(text: string) {
      if (now() - last < 100) return;
      last = now();
      shown = true;
      write(`\r${text}\x1b[K`);
    },
    clear() {
      if (shown) write('\r\x1b[K');
      shown = false;
    },
  };
}
