// `npm run bench`: the benchmark of issues 7 and 23 (not a test). Cold builds of the example catalogue and of
// synthetic ones with heavy descriptions at 150, 1,500 and 10,000 services (and at 10,000 on one worker); warm
// builds and dev reloads (a description, a price) at 10,000; bytes per page kind; Lighthouse mobile. Prints every figure against its budget
// (scripts/bench/budgets.ts), writes docs/benchmarks.md and docs/benchmarks.json, and exits with 1 when a
// budget is broken.
//
//   npm run bench                                   everything
//   npm run bench -- --only bytes,dev               some parts (build, warm, dev, images, bytes, lighthouse,
//                                                   browse); prints, writes nothing
//   npm run bench -- --only build --sizes 1500      the synthetic catalogues at some sizes only
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from '../chromium.ts';
import { startNginx } from '../nginx.ts';
import { BUDGETS, LARGEST, SIZES } from './budgets.ts';
import { coldBuild, measureBuilds, measureWarmBuilds, ROOT } from './build.ts';
import { compressedSizes, largestServicePage, measureBytes } from './bytes.ts';
import { measureDevRebuild } from './devRebuild.ts';
import { allFigures, type Results } from './figures.ts';
import { measureImageStage } from './images.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureSearch } from './search.ts';
import { cpuCheck, cpuTimes, describeMachine, memoryCheck, passes, renderMarkdown, stealPercent, table } from './report.ts';
import { SEARCH_TERM, writeSyntheticCatalogue } from './syntheticCatalogue.ts';

const PARTS = ['build', 'warm', 'dev', 'images', 'bytes', 'lighthouse', 'browse'] as const;
const USAGE = `Usage: npm run bench -- [--only PARTS] [--sizes N,N]
  (no options)          everything; writes docs/benchmarks.md and docs/benchmarks.json (about 20 minutes)
  --only PARTS          some of ${PARTS.join(', ')}; prints, writes nothing
  --sizes N,N           the synthetic catalogues at these numbers of services only`;
// A mistyped option must not start a twenty-minute run.
const strays = process.argv.slice(2).filter((arg, i, args) => !['--only', '--sizes'].includes(arg) && !['--only', '--sizes'].includes(args[i - 1] ?? ''));
if (strays.some((arg) => arg === '--help' || arg === '-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (strays.length) {
  console.error(`Unknown option ${strays.join(' ')}.\n${USAGE}`);
  process.exit(2);
}
const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? (process.argv[index + 1] ?? '').split(',') : undefined;
};
const only = option('--only') ?? [...PARTS];
const sizes = option('--sizes')?.map(Number) ?? [...SIZES];
const unknown = only.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}; use --only with some of ${PARTS.join(', ')}.`);
  process.exit(2);
}
if (sizes.some((n) => !Number.isInteger(n) || n < 13)) {
  console.error('--sizes takes numbers of services, at least 13 each (one per category), separated by commas.');
  process.exit(2);
}
const wanted = (part: (typeof PARTS)[number]) => only.includes(part);
const complete = PARTS.every(wanted) && sizes.join() === SIZES.join();
const log = (line: string) => console.log(line);

const started = performance.now();
const loadAverage = loadavg()[0]!;
const cpuAtStart = cpuTimes();
const cpuCheckAtStart = cpuCheck();
const memoryCheckAtStart = memoryCheck();
const chromium = wanted('bytes') || wanted('lighthouse') || wanted('browse') ? ensureChromium(log) : undefined;
const machine = describeMachine(chromium, ROOT);
log(`Benchmark on ${machine.cpu} (${machine.cores} cores, ${machine.memory}), ${machine.os}, Node ${machine.node}, ${machine.chromium}.`);
if (loadAverage > 0.5) log(`Note: the load average is ${loadAverage.toFixed(2)}: something else is running, and timings will suffer.`);
log(`A fixed piece of work on one core took ${Math.round(cpuCheckAtStart)} ms, and 256 MB of memory touched for the first time ${Math.round(memoryCheckAtStart)} ms (cpuCheck and memoryCheck in scripts/bench/report.ts: compare them with other runs on this machine).`);

// The package's prebuilt files (the client bundle, the prerenderer, their compressed files, the font subset: see
// src/build/prebuilt.ts) are made afresh, as packing the package makes them: `npm ci` made the repository's, and a
// change since to what they are made of leaves them unmatched, so that every cold build measured would bundle and
// compress what an installed copy takes ready-made (docs/decisions.md has the figures).
log('\n▶ the prebuilt files, made afresh (scripts/prebuild.ts)');
if (spawnSync(process.execPath, ['scripts/prebuild.ts'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('scripts/prebuild.ts failed');

const work = await mkdtemp(join(tmpdir(), 'storefront-bench-'));
const results: Results = { builds: [], browse: [] };
const exampleOut = join(work, 'example', 'dist');
try {
  // The example catalogue is built in any case: the byte and Lighthouse figures are of its last cold build.
  log('\n▶ cold builds: example catalogue');
  const example = await measureBuilds(join(ROOT, 'examples/agency/catalogue'), exampleOut, wanted('build') ? 3 : 1, log);
  const sitemap = await readFile(join(exampleOut, 'sitemap.xml'), 'utf8');
  if (wanted('build')) results.builds.push({ ...example, catalogue: 'example', services: sitemap.match(/<loc>[^<]*\/service\//g)?.length ?? 0 });
  const devReload = async (options: Parameters<typeof measureDevRebuild>[0]) => {
    const dev = await measureDevRebuild(options);
    const ms = (runs: number[]) => runs.map((r) => `${Math.round(r)} ms`).join(', ');
    log(`    the edited service's page: ${ms(dev.runs)}; the home page: ${ms(dev.siteRuns)}; last rebuild: ${dev.stages.join(', ')}`);
    (results.dev ??= []).push(dev);
  };
  if (wanted('dev')) {
    log('▶ dev reload after editing one description: example catalogue');
    await devReload({});
  }
  if (wanted('images')) {
    log('▶ image stage on the example catalogue: empty cache, then warm');
    results.images = await measureImageStage(join(ROOT, 'examples/agency/catalogue'));
    log(`    ${results.images.variants} variants of ${results.images.rasters} raster images; cold ${Math.round(results.images.coldMs)} ms, warm ${results.images.warmRuns.map((r) => `${Math.round(r)} ms`).join(', ')}`);
  }
  if (chromium && (wanted('bytes') || wanted('lighthouse'))) {
    const first = (prefix: string) => {
      const found = new RegExp(`<loc>[^<]*?(/${prefix}/[^<]*)</loc>`).exec(sitemap)?.[1];
      if (!found) throw new Error(`The example site's sitemap.xml lists no /${prefix}/ page`);
      return found;
    };
    // Every page kind the site has (templates/pages/); /thread/ is embeddable and in no sitemap.
    const pages = [
      { kind: 'home', path: '/' },
      { kind: 'category', path: first('category') },
      { kind: 'service', path: first('service') },
      { kind: 'search', path: '/search/' },
      { kind: 'sitemap', path: '/sitemap/' },
      { kind: 'alternatives', path: first('alternatives') },
      { kind: 'thread', path: '/thread/' },
      { kind: '404', path: '/404/' },
    ];
    // Served as deployed: nginx with the server block the build wrote, over HTTPS and HTTP/2 like any CDN.
    const server = await startNginx({ siteDir: exampleOut, serverBlock: join(work, 'example', 'deploy', 'nginx.conf'), workDir: join(work, 'nginx'), https: true });
    try {
      if (wanted('bytes')) {
        log('▶ bytes per page kind (Chromium, cold load)');
        results.bytes = await measureBytes(chromium, server.url, pages);
      }
      if (wanted('lighthouse')) {
        log(`▶ Lighthouse, mobile, ${BUDGETS.lighthouse.runs} runs per page`);
        results.lighthouse = await measureLighthouse(chromium, server, pages, BUDGETS.lighthouse.runs, log);
      }
    } finally {
      await server.stop();
    }
  }
  // The large builds come last: the hundreds of megabytes they write would disturb the other measurements.
  if (wanted('build') || wanted('browse') || wanted('warm') || wanted('dev')) {
    for (const size of sizes) {
      const largest = size === LARGEST;
      if (!wanted('build') && !wanted('browse') && !largest) continue;
      const folder = join(work, `synthetic-${size}`);
      const catalogue = join(folder, 'catalogue');
      await writeSyntheticCatalogue(catalogue, { services: size, heavy: true });
      if (wanted('build') || wanted('browse') || wanted('warm')) {
        log(`▶ cold builds: ${size.toLocaleString('en-US')} synthetic services, heavy descriptions`);
        const figures = await measureBuilds(catalogue, join(folder, 'dist'), wanted('build') ? 3 : 1, log);
        if (wanted('build')) results.builds.push({ ...figures, catalogue: 'synthetic', services: size });
        if (wanted('build') && largest) {
          const run = await coldBuild(catalogue, join(folder, 'dist-one-worker'), ['--workers', '1']);
          log(`    one worker (--workers 1): ${run.seconds.toFixed(2)} s, ${(run.peakMemoryBytes / 1e6).toFixed(0)} MB`);
          results.oneWorker = { services: size, run };
        }
      }
      if (wanted('browse') && chromium) {
        log('▶ the home page and a first search');
        const home = await compressedSizes(await readFile(join(folder, 'dist', 'index.html')));
        const servicePageHtmlBrotli = await largestServicePage(join(folder, 'dist'));
        const server = await startNginx({ siteDir: join(folder, 'dist'), serverBlock: join(folder, 'deploy', 'nginx.conf'), workDir: join(folder, 'nginx'), https: true });
        try {
          const search = await measureSearch(chromium, server.url, SEARCH_TERM);
          log(`    home ${(home.raw / 1000).toFixed(1)} KB, ${(home.brotli / 1000).toFixed(1)} KB brotli; a service page at most ${(servicePageHtmlBrotli / 1000).toFixed(1)} KB brotli; first result ${Math.round(search.firstResultMs)} ms, ${(search.bytes / 1000).toFixed(0)} KB in ${search.requests} requests`);
          results.browse!.push({ services: size, homeHtmlBrotli: home.brotli, homeHtmlBytes: home.raw, servicePageHtmlBrotli, search });
        } finally {
          await server.stop();
        }
      }
      // Last: these change descriptions of the catalogue.
      if (wanted('dev') && largest) {
        log(`▶ dev reload after editing one description: ${size.toLocaleString('en-US')} synthetic services`);
        await devReload({ catalogue, inPlace: true, description: 'listing-3', services: size });
        log(`▶ dev reload after editing one price: ${size.toLocaleString('en-US')} synthetic services`);
        await devReload({ catalogue, inPlace: true, description: 'listing-3', edit: 'price', services: size });
      }
      if (wanted('warm') && largest) {
        log(`▶ warm builds: ${size.toLocaleString('en-US')} synthetic services, into the same output folder with its cache`);
        results.warm = await measureWarmBuilds(catalogue, join(folder, 'dist'), size, 'listing-5.md', 3, log);
      }
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const figures = allFigures(results);
log(`\n${table(figures)}\n`);
const broken = figures.filter((f) => !passes(f));
const minutes = (performance.now() - started) / 60_000;
const cpuCheckAtEnd = cpuCheck();
const memoryCheckAtEnd = memoryCheck();
log(`The same work at the end took ${Math.round(cpuCheckAtEnd)} ms, the memory ${Math.round(memoryCheckAtEnd)} ms.`);
if (complete) {
  const context = { machine, date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), minutes, loadAverage, steal: stealPercent(cpuAtStart, cpuTimes()), cpuCheck: { start: cpuCheckAtStart, end: cpuCheckAtEnd }, memoryCheck: { start: memoryCheckAtStart, end: memoryCheckAtEnd } };
  await mkdir(join(ROOT, 'docs'), { recursive: true });
  await writeFile(join(ROOT, 'docs/benchmarks.md'), renderMarkdown(results, figures, context));
  await writeFile(join(ROOT, 'docs/benchmarks.json'), `${JSON.stringify({ ...context, results, figures: figures.map((f) => ({ ...f, ok: passes(f) })) }, null, 2)}\n`);
  log('Wrote docs/benchmarks.md and docs/benchmarks.json.');
} else log('A partial run (--only): docs/benchmarks.md is left as it was.');
const steal = stealPercent(cpuAtStart, cpuTimes());
if (steal !== undefined) log(`The hypervisor took ${steal.toFixed(1)} % of the CPU time during the run${steal > 5 ? ': timings are slower than on a machine of its own' : ''}.`);
log(broken.length ? `${broken.length} of ${figures.filter((f) => f.budget).length} budgets broken.` : `All ${figures.filter((f) => f.budget).length} budgets met.`);
process.exitCode = broken.length ? 1 : 0;
