// Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G connection, simulated), the
// performance category only, run by its own CLI on the project's Node with the machine's Chromium. Each run
// starts a fresh browser. Nothing is downloaded: Lighthouse ships everything it needs.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, ROOT } from './build.ts';
import { waitForIdle } from './idle.ts';

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseFigures extends LighthouseRun {
  kind: string;
  path: string;
  runs: LighthouseRun[];
}

// The bench's server has a self-signed certificate (scripts/nginx.ts), trusted by its key's hash: Chromium
// then caches its responses as it does a deployed site's. The favicon is the header's emoji or logo file, and
// comes from that cache; with `--ignore-certificate-errors` it went to the network again, after the load
// event, and Lighthouse counted it before the largest paint in about half the runs (+110 ms).
const flags = (publicKeyHash: string | undefined) =>
  `--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync${publicKeyHash ? ` --ignore-certificate-errors-spki-list=${publicKeyHash}` : ''}`;

interface Report {
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP); such a run is taken again, twice at most. */
async function runOnce(chromiumPath: string, url: string, publicKeyHash: string | undefined, work: string, attempt = 1): Promise<LighthouseRun> {
  try {
    return await measureOnce(chromiumPath, url, publicKeyHash, work);
  } catch (error) {
    if (attempt < 3 && error instanceof Error && /Runtime error encountered|NO_NAVSTART|NO_FCP|NO_LCP/.test(error.message)) return runOnce(chromiumPath, url, publicKeyHash, work, attempt + 1);
    throw error;
  }
}

async function measureOnce(chromiumPath: string, url: string, publicKeyHash: string | undefined, work: string): Promise<LighthouseRun> {
  const output = join(work, 'report.json');
  const args = [join(ROOT, 'node_modules/lighthouse/cli/index.js'), url, `--chrome-flags=${flags(publicKeyHash)}`, '--only-categories=performance', '--output=json', `--output-path=${output}`, '--quiet'];
  // Lighthouse ends Chromium with a kill, which leaves Chromium's own folder (org.chromium.Chromium.*) in the
  // temporary folder: in `work`, removed after the runs, rather than one in /tmp for every run.
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), args, { env: { ...process.env, CHROME_PATH: chromiumPath, TMPDIR: work } });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit code ${code}):\n${log}`);
  const report = JSON.parse(await readFile(output, 'utf8')) as Report;
  await rm(output, { force: true });
  const score = report.categories.performance.score;
  if (report.runtimeError || score === null) throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError?.code ?? 'no score'} ${report.runtimeError?.message ?? ''}`);
  const metric = (id: string) => {
    const value = report.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse reported no ${id} for ${url}`);
    return value;
  };
  return {
    score: Math.round(score * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** `runs` Lighthouse runs per page; each figure is the median of its runs. */
export async function measureLighthouse(
  chromiumPath: string,
  site: { url: string; publicKeyHash?: string },
  pages: readonly { kind: string; path: string }[],
  runs = 3,
  log: (line: string) => void = () => {},
): Promise<LighthouseFigures[]> {
  const work = await mkdtemp(join(tmpdir(), 'storefront-bench-lighthouse-'));
  try {
    const results: LighthouseFigures[] = [];
    for (const { kind, path } of pages) {
      const url = new URL(path, site.url).href;
      const list: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        await waitForIdle();
        const run = await runOnce(chromiumPath, url, site.publicKeyHash, work);
        log(`    ${kind} run ${i + 1}: score ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`);
        list.push(run);
      }
      const of = (key: keyof LighthouseRun) => median(list.map((r) => r[key]));
      results.push({ kind, path, runs: list, score: of('score'), fcpMs: of('fcpMs'), lcpMs: of('lcpMs'), tbtMs: of('tbtMs'), cls: of('cls') });
    }
    return results;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
