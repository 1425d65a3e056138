// Builds through the real CLI, as a maintainer or CI runs them, in a fresh Node process. Cold: a fresh output
// folder (each run its own, none deleted before the benchmark ends; see measureBuilds) and an empty build cache
// of its own (`--cache-dir` beside the output folder: the cold build pays for filling it, as a first build does,
// the Inter subset, the emoji's SVGs and the raster images' variants included, which the build keeps there too).
// Warm (measureWarmBuilds): the same output folder and cache again, unchanged or after one description was edited
// (a line appended; then a sentence put first, which changes what search finds it by).
// (The image stage on its own, with an empty cache and a warm one, is scripts/bench/images.ts.)
// Wall time from spawn to exit; peak memory as the largest summed resident set of the build's process tree
// (Node and esbuild's service), sampled from /proc every 50 ms, and never below the maximum RSS `/usr/bin/time`
// reports for the largest single process.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { waitForIdle } from './idle.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;
const NODE = join(ROOT, 'node_modules/.bin/node');
/** What an older CLI, without `--cache-dir` or `--no-cache`, keeps between runs: removed before its cold build. */
const BUILD_CACHES = [join(ROOT, 'node_modules/.cache/storefront/compressed')];
const TIME = '/usr/bin/time';

export interface BuildRun {
  seconds: number;
  /** false when the machine stayed busy with other work and the run went ahead anyway. */
  idle: boolean;
  peakMemoryBytes: number;
  /** The stage times the build printed, in ms: load, validate, model, bundle, render, emit. */
  stages: Record<string, number>;
}

export interface BuildFigures {
  runs: BuildRun[];
  /** The median time of the runs. */
  seconds: number;
  /** The highest peak of the runs. */
  peakMemoryBytes: number;
  /** Median time of each stage over the runs, in ms. */
  stages: Record<string, number>;
  outputBytes: number;
  outputFiles: number;
}

const PAGE_SIZE = (() => {
  try {
    return Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim()) || 4096;
  } catch {
    return 4096;
  }
})();

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // the process or thread has just exited
  }
};

/** `pid`'s child processes, from the children lists of its threads (any thread may have started one). */
const childrenOf = (pid: number): number[] => {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((tid) => read(`/proc/${pid}/task/${tid}/children`).split(' ').filter(Boolean).map(Number));
};

/**
 * Summed resident memory of `root` and all its descendants, from /proc (0 where /proc is missing). It runs
 * every 50 ms beside the build it measures, so it reads only that process tree, synchronously: a scan of all
 * of /proc with a promise per file took 22 ms of CPU a sample, a quarter of a core taken from the build.
 */
function treeRss(root: number): number {
  let total = 0;
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    total += Number(read(`/proc/${pid}/statm`).split(' ')[1] ?? 0) * PAGE_SIZE;
    pending.push(...childrenOf(pid));
  }
  return total;
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** What this CLI's `build --help` offers: the build cache of issue 23 (`--cache-dir`, `--no-cache`); asked once. */
let help: string | undefined;
const offers = (flag: string) => (help ??= spawnSync(NODE, ['bin/storefront.js', 'build', '--help'], { cwd: ROOT, encoding: 'utf8' }).stdout).includes(flag);

/** The cache folder of a build into `outDir`: beside it, its own, as a maintainer's first build starts empty. */
const cacheDirOf = (outDir: string) => `${outDir}.cache`;

/** One cold build: no output folder, an empty cache (which it fills); throws with the build's output when it fails. */
export async function coldBuild(catalogueDir: string, outDir: string, flags: readonly string[] = []): Promise<BuildRun> {
  await rm(outDir, { recursive: true, force: true });
  await rm(cacheDirOf(outDir), { recursive: true, force: true });
  for (const cache of BUILD_CACHES) await rm(cache, { recursive: true, force: true });
  return timedBuild(catalogueDir, outDir, [...(offers('--cache-dir') ? ['--cache-dir', cacheDirOf(outDir)] : offers('--no-cache') ? ['--no-cache'] : []), ...flags]);
}

/** One build into `outDir` as it is, with `flags`; throws with the build's output when it fails. */
async function timedBuild(catalogueDir: string, outDir: string, flags: readonly string[] = []): Promise<BuildRun> {
  await mkdir(dirname(outDir), { recursive: true });
  // Earlier builds' writes still on their way to the disk would slow this one down: flush them first.
  spawnSync('sync');
  const idle = await waitForIdle();
  const timeFile = `${outDir}.time`;
  const useTime = existsSync(TIME);
  const args = ['bin/storefront.js', 'build', '-c', catalogueDir, '-o', outDir, ...flags];
  const started = performance.now();
  const child = useTime ? spawn(TIME, ['-f', '%M', '-o', timeFile, NODE, ...args], { cwd: ROOT }) : spawn(NODE, args, { cwd: ROOT });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  let sampled = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      sampled = Math.max(sampled, treeRss(child.pid!));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  if (code !== 0) throw new Error(`The build of ${catalogueDir} failed (exit code ${code}):\n${output}`);
  const maxRssKb = useTime ? Number((await readFile(timeFile, 'utf8')).trim().split('\n').at(-1)) : 0;
  await rm(timeFile, { force: true });
  const stages = Object.fromEntries([...output.matchAll(/^ {2}(\w+)\s+(\d+) ms/gm)].map((m) => [m[1]!, Number(m[2])]));
  return { seconds, idle, peakMemoryBytes: Math.max(sampled, maxRssKb * 1024), stages };
}

/** Bytes and number of files under a folder. */
export async function folderSize(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    files += 1;
  }
  return { bytes, files };
}

/**
 * `runs` cold builds of one catalogue: the median time, the highest memory peak, and the output's size. The
 * last run writes `outDir`, the others folders beside it; the caller removes them all once the benchmark is
 * done. Deleting a site just before building the next one would cost that build up to 3 s of kernel time here:
 * ext4 without a journal (this machine's root file system) passes over inodes freed in the last 5 to 35 seconds
 * when it allocates new ones (`recently_deleted` in the kernel's profile), which a build in a fresh clone, as in
 * CI, never meets.
 */
export async function measureBuilds(catalogueDir: string, outDir: string, runs = 3, log: (line: string) => void = () => {}): Promise<BuildFigures> {
  const results: BuildRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await coldBuild(catalogueDir, i === runs - 1 ? outDir : `${outDir}-run${i + 1}`);
    log(`    run ${i + 1}: ${run.seconds.toFixed(2)} s, ${(run.peakMemoryBytes / 1e6).toFixed(0)} MB${run.idle ? '' : ' (the machine was busy with other work)'}`);
    results.push(run);
  }
  const { bytes, files } = await folderSize(outDir);
  return {
    runs: results,
    seconds: median(results.map((r) => r.seconds)),
    peakMemoryBytes: Math.max(...results.map((r) => r.peakMemoryBytes)),
    stages: Object.fromEntries(Object.keys(results[0]!.stages).map((stage) => [stage, median(results.map((r) => r.stages[stage] ?? 0))])),
    outputBytes: bytes,
    outputFiles: files,
  };
}

export interface WarmFigures {
  services: number;
  /** Builds with nothing changed since the build before: median and runs, in s. */
  unchanged: { seconds: number; runs: BuildRun[] };
  /** Builds after one description was edited (another line appended each time). */
  oneChange: { seconds: number; runs: BuildRun[] };
  /**
   * Builds after a sentence with a new word went at the start of the same description, so that what search finds
   * it by changed too: the line appended above may not (search takes a description's first 80 terms), and most
   * edits of a description's text do.
   */
  searchChange?: { seconds: number; runs: BuildRun[] };
  /** The description edited. */
  description: string;
}

/** Words that no synthetic description has, one for each edit that changes a description's search text. */
const NEW_WORDS = ['aurora', 'zephyr', 'quasar', 'nimbus', 'solstice'];

/**
 * Warm builds, as a maintainer's next `storefront build` meets them: into the output folder of the cold build
 * before, with its cache, after one untimed build that takes in what changed since. Then `runs` builds with no
 * change, then `runs` builds each after appending a line to `description` (a file in the catalogue's
 * descriptions/ folder, which is changed for good). A CLI without `--cache-dir` uses its default cache, filled
 * first by that untimed build.
 */
export async function measureWarmBuilds(catalogueDir: string, outDir: string, services: number, description: string, runs = 3, log: (line: string) => void = () => {}): Promise<WarmFigures> {
  const flags = offers('--cache-dir') ? ['--cache-dir', cacheDirOf(outDir)] : [];
  if (!flags.length) log(`    build that fills the default cache: ${(await timedBuild(catalogueDir, outDir)).seconds.toFixed(2)} s`);
  // What changed since the cold build (the dev measurement edits the catalogue in place) goes into the site
  // first: otherwise the first "no change" build is a real one.
  else log(`    build that takes in the changes since the cold build: ${(await timedBuild(catalogueDir, outDir, flags)).seconds.toFixed(2)} s`);
  const unchanged: BuildRun[] = [];
  for (let i = 0; i < runs; i++) {
    unchanged.push(await timedBuild(catalogueDir, outDir, flags));
    log(`    no change, run ${i + 1}: ${unchanged.at(-1)!.seconds.toFixed(2)} s${unchanged.at(-1)!.idle ? '' : ' (busy machine)'}`);
  }
  const oneChange: BuildRun[] = [];
  for (let i = 0; i < runs; i++) {
    await appendFile(join(catalogueDir, 'descriptions', description), `\nEdited for the benchmark's warm build, pass ${i + 1}.\n`);
    oneChange.push(await timedBuild(catalogueDir, outDir, flags));
    log(`    one description changed, run ${i + 1}: ${oneChange.at(-1)!.seconds.toFixed(2)} s${oneChange.at(-1)!.idle ? '' : ' (busy machine)'}`);
  }
  const searchChange: BuildRun[] = [];
  for (let i = 0; i < runs; i++) {
    const file = join(catalogueDir, 'descriptions', description);
    await writeFile(file, `Planned with ${NEW_WORDS[i % NEW_WORDS.length]} care. ${await readFile(file, 'utf8')}`);
    searchChange.push(await timedBuild(catalogueDir, outDir, flags));
    log(`    one description's search words changed, run ${i + 1}: ${searchChange.at(-1)!.seconds.toFixed(2)} s${searchChange.at(-1)!.idle ? '' : ' (busy machine)'}`);
  }
  const of = (list: BuildRun[]) => ({ seconds: median(list.map((r) => r.seconds)), runs: list });
  return { services, unchanged: of(unchanged), oneChange: of(oneChange), searchChange: of(searchChange), description };
}
