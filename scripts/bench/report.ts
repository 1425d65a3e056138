// Figures, their budgets, and the two outputs: the table printed in the terminal and docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { BUDGETS } from './budgets.ts';
import type { Results } from './figures.ts';

export type Unit = 'bytes' | 'ms' | 's' | 'count' | 'score' | 'cls' | 'ratio' | 'flag';

export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: Unit;
  budget?: { op: '<=' | '>='; limit: number };
}

export const passes = (f: Figure) => !f.budget || (f.budget.op === '<=' ? f.value <= f.budget.limit : f.value >= f.budget.limit);

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

export function format(value: number, unit: Unit): string {
  switch (unit) {
    case 'bytes':
      if (value >= 1e9) return `${(value / 1e9).toFixed(2)} GB`;
      if (value >= 1e6) return `${(value / 1e6).toFixed(1)} MB`;
      return `${(value / 1e3).toFixed(1)} KB`;
    case 'ms':
      return `${thousands(value)} ms`;
    case 's':
      return `${value.toFixed(2)} s`;
    case 'cls':
      return value.toFixed(3);
    case 'ratio':
      return `${value.toFixed(2)}×`;
    case 'flag':
      return value ? 'yes' : 'no';
    default:
      return thousands(value);
  }
}

const budgetText = (f: Figure) => (f.budget ? `${f.budget.op === '<=' ? '≤' : '≥'} ${format(f.budget.limit, f.unit)}` : '');
const verdict = (f: Figure) => (f.budget ? (passes(f) ? 'ok' : 'BROKEN') : '');

/** The terminal table: every figure, its budget and whether it is met. */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [`${f.section}: ${f.name}`, format(f.value, f.unit), budgetText(f), verdict(f)]);
  const header = ['figure', 'measured', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(header: string[], rows: (string | number)[][], right: number[] = []): string {
  const align = header.map((_, i) => (right.includes(i) ? '--:' : '---'));
  return [header, align, ...rows.map((r) => r.map(String))].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export function budgetTable(figures: readonly Figure[]): string {
  return markdownTable(
    ['figure', 'measured', 'budget', 'result'],
    figures.filter((f) => f.budget).map((f) => [`${f.section}: ${f.name}`, format(f.value, f.unit), budgetText(f), passes(f) ? 'ok' : '**BROKEN**']),
    [1, 2],
  );
}

export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
  chromium: string;
  lighthouse: string;
}

const safely = (read: () => string, fallback = 'unknown') => {
  try {
    return read().trim() || fallback;
  } catch {
    return fallback;
  }
};

export function describeMachine(chromiumPath: string | undefined, root: string): Machine {
  const osName = safely(() => /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '', process.platform);
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${osName}, kernel ${release()}`,
    node: process.version,
    chromium: chromiumPath ? safely(() => execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) : 'not found',
    lighthouse: safely(() => (JSON.parse(readFileSync(`${root}/node_modules/lighthouse/package.json`, 'utf8')) as { version: string }).version),
  };
}

/** CPU time counters from /proc/stat (user … steal), to tell how much the hypervisor took during the run. */
export function cpuTimes(): number[] | undefined {
  const line = safely(() => readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '', '');
  return /^cpu\s/.test(line) ? line.trim().split(/\s+/).slice(1, 9).map(Number) : undefined;
}

/** Percentage of CPU time stolen by the hypervisor between two cpuTimes() readings. */
export function stealPercent(before: number[] | undefined, after: number[] | undefined): number | undefined {
  if (!before || !after) return undefined;
  const delta = after.map((value, i) => value - (before[i] ?? 0));
  const total = delta.reduce((a, b) => a + b, 0);
  return total ? (100 * (delta[7] ?? 0)) / total : undefined;
}

/**
 * The time of a fixed piece of work on one core, in ms: the best of three runs of a loop of integer arithmetic and
 * a SHA-256 of 64 MB. The same code on the same machine takes the same time; a figure well above the usual says
 * that the machine itself was slower during the run, which neither the load average nor the hypervisor's stolen
 * time shows.
 */
export function cpuCheck(): number {
  const bytes = Buffer.alloc(64 * 1024 * 1024, 7);
  const once = () => {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 100_000_000; i++) x = (x * 31 + i) | 0;
    createHash('sha256').update(bytes).update(String(x)).digest();
    return performance.now() - started;
  };
  return bestOfThree(once);
}

/**
 * Memory the process touches for the first time, timed: 256 MB written once, the kernel giving each page as it
 * is first written. A build is mostly such first touches (a warm build at 10,000 services, 170,000 pages of
 * 4 KB), and on a virtual machine their cost changes from day to day while cpuCheck's does not (docs/decisions.md,
 * "A machine whose memory is slow"). The best of three, in ms.
 */
export function memoryCheck(): number {
  const once = () => {
    const bytes = Buffer.allocUnsafeSlow(256 * 1024 * 1024);
    const started = performance.now();
    bytes.fill(1);
    return performance.now() - started;
  };
  return bestOfThree(once);
}

const bestOfThree = (once: () => number) => Math.min(once(), once(), once());

export interface ReportContext {
  machine: Machine;
  date: string;
  minutes: number;
  loadAverage: number;
  /** CPU time stolen by the hypervisor during the run, in percent (virtual machines only). */
  steal?: number;
  /** cpuCheck at the start and at the end of the run, in ms. */
  cpuCheck?: { start: number; end: number };
  /** memoryCheck at the start and at the end of the run, in ms. */
  memoryCheck?: { start: number; end: number };
}

const kb = (bytes: number) => format(bytes, 'bytes');

/** docs/benchmarks.md. */
export function renderMarkdown(results: Results, figures: readonly Figure[], context: ReportContext): string {
  const budgeted = figures.filter((f) => f.budget);
  const broken = budgeted.filter((f) => !passes(f));
  const { machine } = context;
  const out: string[] = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (scripts/bench/) on ${context.date}, in ${context.minutes.toFixed(1)} minutes. Do not edit by hand: run the benchmark again. The budgets are in scripts/bench/budgets.ts; 1 KB is 1,000 bytes, 1 MB 10⁶, 1 GB 10⁹.`,
    '',
    broken.length
      ? `**${broken.length} of ${budgeted.length} budgets broken:** ${broken.map((f) => `${f.section}: ${f.name} (${format(f.value, f.unit)}; budget ${budgetText(f)})`).join('; ')}.`
      : `**All ${budgeted.length} budgets met.**`,
    '',
    '## Machine',
    '',
    markdownTable(['', ''], [
      ['CPU', `${machine.cpu}, ${machine.cores} cores`],
      ['memory', machine.memory],
      ['OS', machine.os],
      ['Node', machine.node],
      ['Chromium', machine.chromium],
      ['Lighthouse', machine.lighthouse],
      ['load average at start (1 min)', context.loadAverage.toFixed(2)],
      ['CPU time stolen by the hypervisor during the run', context.steal === undefined ? 'unknown' : `${context.steal.toFixed(1)} %`],
      ...(context.cpuCheck ? [['a fixed piece of work on one core (`cpuCheck`), at start / end', `${Math.round(context.cpuCheck.start)} / ${Math.round(context.cpuCheck.end)} ms`]] : []),
      ...(context.memoryCheck ? [['256 MB of memory touched for the first time (`memoryCheck`), at start / end', `${Math.round(context.memoryCheck.start)} / ${Math.round(context.memoryCheck.end)} ms`]] : []),
    ]),
    '',
    '## Budgets',
    '',
    budgetTable(figures),
  ];
  const builds = results.builds;
  if (builds.length) {
    const stages = Object.keys(builds[0]!.stages);
    out.push(
      '',
      '## Build',
      '',
      'Cold builds through the CLI (`storefront build -c DIR -o OUT --cache-dir EMPTY` in a new Node process): with the package\'s prebuilt files made afresh before the benchmark (scripts/prebuild.ts, as packing makes them), a fresh output folder and an empty build cache each time, which the build fills (the Inter subset, the emoji, the compressed assets, the compiled descriptions and pages), as a maintainer\'s first build does; the output folders are removed only when the benchmark ends (deleting a site just before the next build slows that build down on this machine\'s ext4 without a journal, which skips recently freed inodes). Time: median of the runs, from spawn to exit. Peak memory: the highest of the runs, summed over the build and its esbuild process. Stage times: medians of what the build printed, each from when its inputs were ready to its end; stages that run at the same time share the two cores (the bundle and the compression run while the catalogue is validated, the compression on libuv\'s threads). Before each timed run (build, dev edit, Lighthouse run) the benchmark waits up to 30 s for the CPUs to be less than 15 % busy; a run marked * went ahead on a busy machine.',
      '',
      markdownTable(
        ['catalogue', 'services', 'cold build', 'runs', 'peak memory', 'output', 'files', ...stages.map((s) => `${s} (ms)`)],
        builds.map((b) => [
          b.catalogue,
          b.services.toLocaleString('en-US'),
          format(b.seconds, 's'),
          b.runs.map((r) => `${r.seconds.toFixed(2)}${r.idle ? '' : '*'}`).join(', '),
          kb(b.peakMemoryBytes),
          kb(b.outputBytes),
          b.outputFiles.toLocaleString('en-US'),
          ...stages.map((s) => (b.stages[s] ?? 0).toLocaleString('en-US')),
        ]),
        [1, 2, 4, 5, 6, ...stages.map((_, i) => 7 + i)],
      ),
      '',
      `Growth rule: the cost of one more service between 1,500 and 10,000 services, (t₁₀₀₀₀ − t₁₅₀₀) / 8,500, may be at most ${BUDGETS.build.linearityFactor}× the cost between 150 and 1,500, (t₁₅₀₀ − t₁₅₀) / 1,350. A build that grows linearly (plus a fixed start-up cost) gives a ratio near 1.`,
      '',
      'The synthetic catalogues come from scripts/bench/syntheticCatalogue.ts (seed 1, `heavy`): 13 categories, Markdown descriptions of 100-400 words in sections under headings, with lists, numbered steps, bold lead-ins, links to other services and to outside sites, one SVG per service.',
    );
  }
  if (results.warm) {
    const { warm } = results;
    const runs = (list: typeof warm.unchanged.runs) => list.map((r) => `${r.seconds.toFixed(2)}${r.idle ? '' : '*'}`).join(', ');
    out.push(
      '',
      '## Warm builds',
      '',
      `${warm.services.toLocaleString('en-US')} services: \`storefront build\` again into the output folder of the build before, with the cache the last cold build filled. Nothing changed: median ${format(warm.unchanged.seconds, 's')} (runs ${runs(warm.unchanged.runs)}). After appending a line to descriptions/${warm.description} before each run: median ${format(warm.oneChange.seconds, 's')} (runs ${runs(warm.oneChange.runs)}).${warm.searchChange ? ` After putting a sentence with a new word at its start before each run, which changes what search finds it by (the whole search index is made again): median ${format(warm.searchChange.seconds, 's')} (runs ${runs(warm.searchChange.runs)}).` : ''}`,
    );
  }
  if (results.dev?.length) {
    out.push(
      '',
      '## Dev reload',
      '',
      '`storefront dev` on a catalogue, with two pages open (their sockets): the page of the service whose description is saved, and the home page, which the edit does not change. The clock runs from the save until the dev server tells each page to reload (watcher, 20 ms debounce, the rebuild without precompression, with what dev keeps between builds): the service\'s page as soon as its new page is written (dev renders the open pages first), the home page once the whole site is. Five saves; the median for the service\'s page is the figure; the runs are in the order they were made (the first after the server starts runs on code V8 has not optimised yet). The first build, before the server answers, is not timed.',
      '',
      markdownTable(
        ['catalogue', "the edited service's page", 'runs', 'the home page (site written)', 'runs', 'stages of the last rebuild'],
        results.dev.map((dev) => [
          dev.services === undefined ? 'example (a copy)' : `synthetic, ${dev.services.toLocaleString('en-US')} services`,
          format(dev.rebuildMs, 'ms'),
          dev.runs.map((r) => format(r, 'ms')).join(', '),
          dev.siteMs === undefined ? '' : format(dev.siteMs, 'ms'),
          (dev.siteRuns ?? []).map((r) => format(r, 'ms')).join(', '),
          dev.stages.join(', '),
        ]),
        [1, 3],
      ),
    );
  }
  if (results.bytes?.length) {
    out.push(
      '',
      '## Bytes per page kind',
      '',
      'A cold load in Chromium (412 × 823 phone viewport, empty cache) from nginx with the server block the build wrote (HTTPS and HTTP/2, as deployed), until the network is idle, with nobody touching the page: every response, by kind. The client starts at the visitor\'s first intent (a pointer, a touch, a key, a scroll: src/client/clientLoader.ts), so a visitor who only reads fetches no script; the last two columns are the JavaScript and the total once a mouse move has started the client and it has hydrated (the modulepreloaded chunks included). Sizes are of the decoded bodies, compressed here with gzip -9 and brotli -q 11; fonts and images count as they are.',
      '',
      markdownTable(
        ['page', 'kind', 'requests', 'raw', 'gzip', 'brotli', 'JS after the first intent, brotli', 'everything then, brotli'],
        results.bytes.flatMap((page) =>
          [...(['html', 'js', 'css', 'font', 'image', 'other'] as const).filter((k) => page.byKind[k].requests).map((k) => [k, page.byKind[k]] as const), ['**total**', page.total] as const].map(([kind, s], i) => [
            i === 0 ? `${page.kind} \`${page.path}\`` : '',
            kind,
            s.requests,
            kb(s.raw),
            kb(s.gzip),
            kb(s.brotli),
            i === 0 ? kb(page.afterIntent.js.brotli) : '',
            i === 0 ? kb(page.afterIntent.total.brotli) : '',
          ]),
        ),
        [2, 3, 4, 5, 6, 7],
      ),
    );
  }
  if (results.lighthouse?.length) {
    out.push(
      '',
      '## Lighthouse (mobile)',
      '',
      `Lighthouse ${machine.lighthouse}, default mobile settings (simulated slow 4G and 4× CPU slowdown), performance category only, fresh headless Chromium per run, against nginx with the server block the build wrote, over HTTPS and HTTP/2 (a self-signed certificate the browser is told to trust by its key, so that it caches responses as it does a deployed site's), as a CDN serves the site. Over HTTP/1.1 without TLS (\`storefront serve\`), Lighthouse's simulation charges each parallel request a connection of its own, which no visitor pays: home's LCP is then about 1.2 s. Medians of ${results.lighthouse[0]!.runs.length} runs; the scores of every run in the last column.`,
      '',
      markdownTable(
        ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'scores'],
        results.lighthouse.map((p) => [`${p.kind} \`${p.path}\``, p.score, format(p.fcpMs, 'ms'), format(p.lcpMs, 'ms'), format(p.tbtMs, 'ms'), format(p.cls, 'cls'), p.runs.map((r) => r.score).join(', ')]),
        [1, 2, 3, 4, 5],
      ),
    );
  }
  out.push(
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm ci',
    'npm run bench            # everything, a few minutes; exit code 1 when a budget is broken',
    '```',
    '',
    'It needs a Chromium (`CHROME_PATH`, Debian\'s `/usr/bin/chromium` or Google Chrome) and writes this file and docs/benchmarks.json (every run\'s raw figures). Timing figures depend on the machine and on what else runs on it: run it on a quiet machine. A virtual machine can also be slower on one day than on another with nothing else running in it: the time of a fixed piece of work at the start and the end of the run (the Machine table) tells such a day, and the timings of two runs compare only where those times are alike. `npm test` checks none of the timings; it checks the byte budgets, which do not vary.',
    '',
  );
  return out.join('\n');
}
