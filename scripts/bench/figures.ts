// From measurements to figures: each measured value with its budget from budgets.ts, where it has one.
import { BUDGETS } from './budgets.ts';
import type { BuildFigures, BuildRun, WarmFigures } from './build.ts';
import type { PageBytes } from './bytes.ts';
import type { DevFigures } from './devRebuild.ts';
import type { ImageStageFigures } from './images.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import type { SearchFigures } from './search.ts';
import type { Figure } from './report.ts';

export interface BuildResult extends BuildFigures {
  catalogue: 'example' | 'synthetic';
  services: number;
}

/** The home page and a first search on a synthetic catalogue of `services`. */
export interface BrowseFigures {
  services: number;
  homeHtmlBrotli: number;
  /** The largest HTML document, brotli, of the service pages sampled (every 500th). */
  servicePageHtmlBrotli?: number;
  /** The same, uncompressed. */
  homeHtmlBytes: number;
  search: SearchFigures;
}

export interface Results {
  /** Cold builds of the example catalogue and of synthetic ones. */
  builds: BuildResult[];
  /** A cold build of the largest synthetic catalogue on one thread (`--workers 1`). */
  oneWorker?: { services: number; run: BuildRun };
  /** Warm builds of the largest synthetic catalogue. */
  warm?: WarmFigures;
  /** Dev rebuilds: the example catalogue's (no `services`) and the largest synthetic one's. */
  dev?: DevFigures[];
  images?: ImageStageFigures;
  bytes?: PageBytes[];
  lighthouse?: LighthouseFigures[];
  browse?: BrowseFigures[];
}

const max = (limit: number) => ({ op: '<=' as const, limit });
const min = (limit: number) => ({ op: '>=' as const, limit });

export function buildFigures(builds: readonly BuildResult[], oneWorker?: Results['oneWorker']): Figure[] {
  const figures: Figure[] = [];
  const example = builds.find((b) => b.catalogue === 'example');
  if (example) figures.push({ section: 'build', name: `example catalogue (${example.services} services), cold`, value: example.seconds, unit: 's', budget: max(BUDGETS.build.exampleSeconds) });
  const synthetic = new Map(builds.filter((b) => b.catalogue === 'synthetic').map((b) => [b.services, b]));
  for (const [services, build] of synthetic) {
    const n = services.toLocaleString('en-US');
    const limit = BUDGETS.build.coldSeconds[services];
    const largest = services === 10_000;
    figures.push({ section: 'build', name: `${n} services, cold`, value: build.seconds, unit: 's', ...(limit !== undefined && { budget: max(limit) }) });
    figures.push({ section: 'build', name: `${n} services, peak memory`, value: build.peakMemoryBytes, unit: 'bytes', ...(largest && { budget: max(BUDGETS.build.at10000PeakMemoryBytes) }) });
    figures.push({ section: 'build', name: `${n} services, output size`, value: build.outputBytes, unit: 'bytes' });
  }
  const withPool = oneWorker && synthetic.get(oneWorker.services);
  if (oneWorker && withPool) {
    const n = oneWorker.services.toLocaleString('en-US');
    figures.push({ section: 'build', name: `${n} services, cold, one worker (--workers 1)`, value: oneWorker.run.seconds, unit: 's' });
    figures.push({ section: 'build', name: `${n} services, cold: one worker's time over the default's`, value: oneWorker.run.seconds / withPool.seconds, unit: 'ratio', ...(oneWorker.services === 10_000 && { budget: min(BUDGETS.build.workerSpeedupAt10000) }) });
  }
  const [small, middle, large] = [synthetic.get(150), synthetic.get(1_500), synthetic.get(10_000)];
  if (small && middle && large) {
    const before = (middle.seconds - small.seconds) / (middle.services - small.services);
    const after = (large.seconds - middle.seconds) / (large.services - middle.services);
    figures.push({ section: 'build', name: 'growth: ms per extra service, 150→1,500', value: before * 1000, unit: 'ms' });
    figures.push({ section: 'build', name: 'growth: ms per extra service, 1,500→10,000', value: after * 1000, unit: 'ms' });
    figures.push({ section: 'build', name: 'growth: ratio of the two (linear ≈ 1)', value: after / before, unit: 'ratio', budget: max(BUDGETS.build.linearityFactor) });
  }
  return figures;
}

export function warmFigures(warm: WarmFigures | undefined): Figure[] {
  if (!warm) return [];
  const n = warm.services.toLocaleString('en-US');
  return [
    { section: 'build', name: `${n} services, warm, nothing changed`, value: warm.unchanged.seconds, unit: 's', budget: max(BUDGETS.build.warmNoChangeSeconds) },
    { section: 'build', name: `${n} services, warm, one description changed`, value: warm.oneChange.seconds, unit: 's', budget: max(BUDGETS.build.warmOneChangeSeconds) },
    ...(warm.searchChange ? [{ section: 'build', name: `${n} services, warm, one description changed with its search words`, value: warm.searchChange.seconds, unit: 's', budget: max(BUDGETS.build.warmOneChangeSeconds) } as Figure] : []),
  ];
}

export function devFigures(devs: readonly DevFigures[]): Figure[] {
  return devs.map((dev) => {
    if (dev.services === undefined) return { section: 'dev', name: "example catalogue: the open service's page reloads after editing its description", value: dev.rebuildMs, unit: 'ms', budget: max(BUDGETS.dev.rebuildMs) };
    const limit = dev.edit === 'price' ? BUDGETS.dev.priceEditAt10000Ms : BUDGETS.dev.rebuildAt10000Ms;
    const name = `${dev.services.toLocaleString('en-US')} services: the open service's page reloads after editing its ${dev.edit ?? 'description'}`;
    return { section: 'dev', name, value: dev.rebuildMs, unit: 'ms', ...(dev.services === 10_000 && { budget: max(limit) }) };
  });
}

/** The image stage on the example catalogue (scripts/bench/images.ts); no budget yet. */
export function imageFigures(images: ImageStageFigures | undefined): Figure[] {
  if (!images) return [];
  const what = `${images.variants} variants of ${images.rasters} raster images`;
  return [
    { section: 'images', name: `example catalogue, empty cache (${what} made)`, value: images.coldMs, unit: 'ms' },
    { section: 'images', name: 'example catalogue, warm cache', value: images.warmMs, unit: 'ms' },
  ];
}

export function byteFigures(pages: readonly PageBytes[]): Figure[] {
  const figures: Figure[] = [];
  const b = BUDGETS.bytes;
  for (const page of pages) {
    const section = `bytes ${page.kind}`;
    figures.push({ section, name: 'JS, brotli', value: page.byKind.js.brotli, unit: 'bytes', budget: max(b.jsBrotli) });
    figures.push({ section, name: 'everything, brotli', value: page.total.brotli, unit: 'bytes', budget: max(b.totalBrotli) });
    figures.push({ section, name: 'CSS, brotli', value: page.byKind.css.brotli, unit: 'bytes', budget: max(b.cssBrotli) });
    figures.push({ section, name: 'HTML, brotli', value: page.byKind.html.brotli, unit: 'bytes', ...(page.kind === 'home' && { budget: max(b.homeHtmlBrotli) }) });
    figures.push({ section, name: 'font files', value: page.fonts.length, unit: 'count', budget: max(b.fontFiles) });
    const oneNamedInter = page.fonts.length === 1 && /\/inter-latin-[^/]*\.woff2$/.test(page.fonts[0]!) && page.namedFonts.includes(page.fonts[0]!);
    figures.push({ section, name: 'font is the latin Inter the page names', value: oneNamedInter ? 1 : 0, unit: 'flag', budget: min(1) });
    figures.push({ section, name: 'requests', value: page.total.requests, unit: 'count' });
    // Once the first intent has started the client: React and the page's code.
    const afterIntentBudget = (b.afterIntentKinds as readonly string[]).includes(page.kind) && { budget: max(b.afterIntentJsBrotli) };
    figures.push({ section, name: 'JS after the first intent, brotli', value: page.afterIntent.js.brotli, unit: 'bytes', ...afterIntentBudget });
    figures.push({ section, name: 'everything after the first intent, brotli', value: page.afterIntent.total.brotli, unit: 'bytes' });
  }
  return figures;
}

export function lighthouseFigures(pages: readonly LighthouseFigures[]): Figure[] {
  const l = BUDGETS.lighthouse;
  return pages.flatMap((page): Figure[] => {
    const section = `lighthouse ${page.kind}`;
    return [
      { section, name: 'score', value: page.score, unit: 'score', budget: min(l.score) },
      { section, name: 'FCP', value: page.fcpMs, unit: 'ms' },
      { section, name: 'LCP', value: page.lcpMs, unit: 'ms', budget: max(l.lcpMs) },
      { section, name: 'TBT', value: page.tbtMs, unit: 'ms', budget: max(l.tbtMs) },
      { section, name: 'CLS', value: page.cls, unit: 'cls', budget: max(l.cls) },
    ];
  });
}

export function browseFigures(sizes: readonly BrowseFigures[]): Figure[] {
  const b = BUDGETS.browse;
  return sizes.flatMap(({ services, homeHtmlBrotli, homeHtmlBytes, servicePageHtmlBrotli, search }): Figure[] => {
    const section = `browse ${services.toLocaleString('en-US')}`;
    const largest = services === 10_000;
    return [
      { section, name: 'home page HTML', value: homeHtmlBytes, unit: 'bytes' },
      { section, name: 'home page HTML, brotli', value: homeHtmlBrotli, unit: 'bytes', ...(largest && { budget: max(b.homeHtmlBrotliAt10000) }) },
      ...(servicePageHtmlBrotli === undefined ? [] : [{ section, name: 'a service page’s HTML, brotli (the largest sampled)', value: servicePageHtmlBrotli, unit: 'bytes' as const, ...(largest && { budget: max(b.servicePageHtmlBrotliAt10000) }) }]),
      { section, name: 'first search: time to first result', value: search.firstResultMs, unit: 'ms', budget: max(b.firstSearchResultMs) },
      { section, name: 'first search: bytes fetched', value: search.bytes, unit: 'bytes', budget: max(b.firstSearchBytes) },
      { section, name: 'first search: requests', value: search.requests, unit: 'count' },
    ];
  });
}

export function allFigures(results: Results): Figure[] {
  return [
    ...buildFigures(results.builds, results.oneWorker),
    ...warmFigures(results.warm),
    ...devFigures(results.dev ?? []),
    ...imageFigures(results.images),
    ...byteFigures(results.bytes ?? []),
    ...lighthouseFigures(results.lighthouse ?? []),
    ...browseFigures(results.browse ?? []),
  ];
}
