// The build, as a story: set up the folders and the cache; stop there when nothing changed since the last build;
// otherwise run the stage table (buildStages.ts, in the order its stages start: load → validate → model → bundle
// → render → emit, each as soon as what it needs is there); then keep the build's record, tidy the cache folder
// and say what was built. A failure removes the half-made site and says why; the catalogue's problems are
// printed, and nothing is written. The same table serves a build, a warm build and dev.
import { renameSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_KINDS_DIR, bundleRenderer } from './build/bundle.ts';
import { BuildCacheDir, defaultCacheDir, TOOL } from './build/cache.ts';
import { cachedImageProblems, DescriptionMemo } from './build/cachedStages.ts';
import { checkCacheDir, checkSiteFolders } from './build/folders.ts';
import { asReadError, asUserError, claimOutDir, stagingFolder, type Claim } from './build/outDir.ts';
import { publishedFiles, readPublicFolder, withPublicProblems } from './build/publicFiles.ts';
import { readTheme, themeProblems } from './build/theme.ts';
import { Workers } from './build/workers.ts';
import { findPageKinds } from './build/pageKinds.ts';
import { recordName, siteInputs, siteRecord, snapshotInputs, upToDateLine, upToDateRecord, type InputSnapshot, type SiteInputs } from './build/upToDate.ts';
import { errorsIn, plural, summarise } from './catalogue/problems.ts';
import { validateCatalogue } from './catalogue/validate.ts';
import { fixedRoutes } from './client/routeTable.ts';
import { makeFolder } from './makeFolder.ts';
import { buildModel, type Site } from './model/model.ts';
import { createBuildCache, type BuildOptions, type BuildResult, type Reporter, type StopReason } from './buildOptions.ts';
import type { BuildContext, BuildState, Built } from './buildContext.ts';
import { categoryCount, describeCache, describeOptions, printProblems, reportTo, shown } from './buildReport.ts';
import { buildStages } from './buildStages.ts';
import { assertPageKinds, CatalogueProblems, readCatalogue } from './buildSteps.ts';
import { runStages } from './stages.ts';

export { createBuildCache, type BuildCache, type BuildOptions, type BuildResult, type Reporter, type StopReason } from './buildOptions.ts';

/** A build's context before it knows whether it keeps a record, with what only the pipeline itself reads. */
interface BuildSetup extends Omit<BuildContext, 'snapshot'> {
  /** performance.now() and Date.now() when the build began. */
  started: number;
  startedAt: number;
  /** --no-cache: the folder of the stages that keep files by key, removed after the build. */
  scratch: string | undefined;
}

export async function buildSite(options: BuildOptions, io: Reporter): Promise<BuildResult> {
  const setup = await setUp(options, io);
  const { outDir } = options;
  let claim: Claim | undefined;
  const stopListening = onStop(setup, () => claim);
  try {
    // One build at a time into one output folder; a second one waits here, before any stage starts.
    claim = await claimOutDir(outDir, {
      waiting: (pid) => io.out(`Waiting for another build (process ${pid}) to finish writing ${shown(outDir)}…`),
      restored: (from) => io.out(`Restored ${shown(outDir)} from ${from}, which a build stopped while replacing it left behind.`),
    });
    const { done, snapshot } = await checkUpToDate(setup);
    if (done) return done;
    const context = { ...setup, snapshot };
    const built = await runStages<Built>(buildStages(context), reportTo(io));
    return await finish(context, built);
  } catch (error) {
    return await failed(setup, error);
  } finally {
    stopListening();
    await claim?.release();
    await setup.workers.close();
    await setup.store?.settle();
    if (setup.scratch) await rm(setup.scratch, { recursive: true, force: true });
  }
}

/**
 * A stop (BuildOptions.signal): at once, before the process ends, what the build wrote beside the output folder is
 * removed, the staging folder and the lock, and with --no-cache the scratch folder; the output folder is as it
 * was. Once emit has begun to swap the new site in, the build is too far on: it says so (`finishing`) and ends as
 * usual. A write still under way on libuv's threads may yet make a folder in the staging folder again after the
 * last look; the next build into this folder removes it, as it does what a killed build left.
 */
function onStop({ options, state, scratch }: BuildSetup, claim: () => Claim | undefined): () => void {
  const stop = () => {
    const reason = options.signal?.reason as StopReason | undefined;
    if (state.staging?.swapping) {
      if (reason) reason.finishing = true;
      return;
    }
    // Where the cache keeps the site this build started from, the folder goes back, for the next build to start
    // from: it holds whole files of either site, or files being written, which that build's checks replace.
    // What cannot be removed now (a permission taken away meanwhile) the next build removes.
    const staging = stagingFolder(options.outDir);
    const keep = state.staging?.keepOldIn;
    if (!keep || !movedSync(staging, keep)) removeSync(staging);
    // Once more: a write under way on libuv's threads may have made a folder of it again meanwhile.
    removeSync(staging);
    if (scratch) removeSync(scratch);
    claim()?.releaseSync();
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  return () => options.signal?.removeEventListener('abort', stop);
}

/** Removes a folder now, on the thread the stop came to; what cannot be removed (a permission taken away
 *  meanwhile) is left. */
export const removeSync = (path: string) => {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // left for the next build, or for the maintainer
  }
};

const movedSync = (from: string, to: string) => {
  try {
    renameSync(from, to);
    return true;
  } catch {
    return false;
  }
};

/** The cache, in memory and on disk, and the folders checked; the build's first lines printed. */
async function setUp(options: BuildOptions, io: Reporter): Promise<BuildSetup> {
  const started = performance.now();
  const startedAt = Date.now();
  const cache = options.cache ?? createBuildCache();
  const pageKinds = findPageKinds(options.pageKindDirs ?? [PAGE_KINDS_DIR]);
  // --no-cache: the stages that keep files by key (fonts, images, emoji, compressed) get a folder of their own,
  // removed after the build, so nothing is read from or left in the cache folder.
  const store = options.cacheDir === false ? undefined : new BuildCacheDir(options.cacheDir ?? defaultCacheDir(options.projectDir ?? process.cwd()));
  const descriptionsLoaded = cache.descriptions.load(store);
  const workers = new Workers(options.workers);
  await checkFolders(options, store).catch((error: unknown) => {
    throw asUserError(error, options.outDir, shown(options.outDir));
  });
  // A cache folder that cannot be made stops the build now, saying why, rather than once its work is done.
  if (store) await makeFolder(store.dir);
  // Made once nothing in the setup can fail any more: buildSite removes it only after a setup that succeeded.
  const scratch = store ? undefined : await mkdtemp(join(tmpdir(), 'storefront-no-cache-'));
  const folder = (name: string) => (store ? store.folder(name) : join(scratch!, name));
  const compressCache = folder('compressed');
  const imageCache = options.imageCache ?? folder('images');
  const verbose = io.detail === 'verbose';
  if (io.detail !== 'quiet') io.out(`Building ${shown(options.catalogueDir)} → ${shown(options.outDir)}${options.development ? ' (development React)' : ''}`);
  if (verbose) io.out(describeOptions(options).join('\n'));
  const state: BuildState = { warnings: [], validDescriptions: false };
  return { options, io, verbose, cache, store, folder, imageCache, compressCache, compressed: { fromCache: 0 }, pageKinds, descriptionsLoaded, workers, state, started, startedAt, scratch };
}

/** The folders the build writes into follow their rules (build/outDir.ts, build/folders.ts); the cache folder is
 *  marked as the cache. */
async function checkFolders(options: BuildOptions, store: BuildCacheDir | undefined): Promise<void> {
  const places = { catalogueDir: options.catalogueDir, projectDir: options.projectDir ?? process.cwd(), outDir: options.outDir };
  await checkSiteFolders({ ...options, ...places }, shown);
  if (store) await checkCacheDir(store.dir, { ...places, shown: shown(store.dir) });
}

/** Nothing changed since the last build, whose site is still there as it wrote it: its result (`done`), reported
 *  again. Otherwise the inputs this build reads, noted before it reads them (build/upToDate.ts), for its record;
 *  none without the cache folder, with `load` (dev) or `live`. */
async function checkUpToDate({ options, io, store, started }: BuildSetup): Promise<{ done?: BuildResult; snapshot?: InputSnapshot }> {
  const inputs = store && !options.load && !options.live ? siteInputs(options) : undefined;
  if (!inputs || !store) return {};
  const snapshot = (options.upToDate === 'record' && options.snapshot) || snapshotOf(inputs);
  // No catalogue folder to list: the load stage says so, as validate does.
  if (!snapshot) return {};
  const last = options.upToDate !== 'record' && (await upToDateRecord(inputs, join(store.dir, 'records', `${recordName(options.outDir)}.json`), snapshot));
  if (!last) return { snapshot };
  if (last.problems.length) printProblems(last.problems, options.catalogueDir, shown(options.catalogueDir), io, false);
  io.out(upToDateLine(shown(options.outDir), last.pages, performance.now() - started));
  return { done: { ok: true, pages: last.pages, files: last.files, upToDate: true } };
}

function snapshotOf(inputs: SiteInputs): InputSnapshot | undefined {
  try {
    return snapshotInputs(inputs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** The site is in place: dev told, then the descriptions, the build's record and the cache folder's housekeeping;
 *  the closing line, and the result. */
async function finish(context: BuildContext & Pick<BuildSetup, 'started' | 'startedAt'>, built: Built): Promise<BuildResult> {
  const { options, io, store, cache } = context;
  options.siteReady?.();
  // Written once the site is (dev's reload does not wait for it), or the build failed after validation. Node
  // sends what siteReady wrote to a response only after the current task: writing the records first held dev's
  // reload back by their 30 ms.
  await new Promise((resolve) => setImmediate(resolve));
  persistDescriptions(context);
  await writeRecord(context, built);
  await store?.finish(context.startedAt);
  if (context.verbose) io.out(describeCache(store, cache.descriptions));
  io.out(`Built ${built.render.length} pages into ${shown(options.outDir)} in ${((performance.now() - context.started) / 1000).toFixed(2)} s.`);
  const fromCache = store && { ...store.stats, descriptions: { hits: cache.descriptions.hits, misses: cache.descriptions.misses } };
  return { ok: true, pages: built.render.length, files: built.emit.files, ...(fromCache && { cache: fromCache }) };
}

/** What the next build compares (build/upToDate.ts); an empty record when this one cannot be trusted (a file
 *  changed meanwhile). */
async function writeRecord({ options, store, snapshot, state, cache }: BuildContext, built: Built): Promise<void> {
  if (!store || !snapshot) return;
  // The descriptions' hashes are the ones their cache looked them up by: 10,000 texts not hashed twice (90 ms).
  const counts = { pages: built.render.length, files: built.emit.files, problems: state.warnings };
  const record = state.output && built.emit.nginxConf && (await siteRecord(snapshot, built.load, state.output, built.emit.nginxConf, counts, (text) => cache.descriptions.hashOf(text)));
  store.writeRecord(recordName(options.outDir), record ?? {});
}

/** The build failed: the half-made site removed; the catalogue's problems (already printed) end it with ok: false,
 *  anything else is thrown, as the maintainer's mistake when it is one. */
async function failed(setup: BuildSetup, error: unknown): Promise<BuildResult> {
  const { options, io, state } = setup;
  persistDescriptions(setup);
  await state.staging?.abort();
  // dev: the open pages written ahead of a build that failed go back to the last good build's.
  await options.live?.undoShown().catch(() => undefined);
  if (error instanceof CatalogueProblems) {
    io.err(options.live ? `The catalogue has errors; dev builds again when they are fixed. ${options.live.whileBroken}` : 'The catalogue has errors; fix them and run again. Nothing was written: the previous site is unchanged.');
    return { ok: false };
  }
  throw asUserError(error, options.outDir, shown(options.outDir));
}

/** Keeps the compiled descriptions in the cache folder, once, if the catalogue was found valid. */
function persistDescriptions({ state, cache, store }: Pick<BuildContext, 'state' | 'cache' | 'store'>): void {
  if (!state.validDescriptions) return;
  state.validDescriptions = false;
  cache.descriptions.persist(store);
}

/**
 * `storefront validate`: the build's validation alone, with the build cache (`cacheDir` as for BuildOptions):
 * the descriptions compiled by earlier runs and builds, and the image checks while the images are as they were,
 * are taken from it, and what this run compiles is kept there for the next build.
 */
export async function checkCatalogue(dir: string, io: Reporter, shownDir = dir, cacheDir?: string | false): Promise<{ ok: boolean; site?: Site }> {
  return checkedCatalogue(dir, io, shownDir, cacheDir).catch((error: unknown) => Promise.reject(asReadError(error)));
}

async function checkedCatalogue(dir: string, io: Reporter, shownDir: string, cacheDir: string | false | undefined): Promise<{ ok: boolean; site?: Site }> {
  const pageKinds = findPageKinds([PAGE_KINDS_DIR]);
  const store = cacheDir === false ? undefined : new BuildCacheDir(cacheDir ?? defaultCacheDir(process.cwd()));
  const descriptions = new DescriptionMemo();
  const theme = await readTheme(dir);
  const [source, renderer, publicFiles] = await Promise.all([readCatalogue(dir, store), bundleRenderer({ pageKinds, store, theme }).then((r) => assertPageKinds(r, pageKinds)), readPublicFolder(dir), descriptions.load(store)]);
  const imageProblems = await cachedImageProblems(source, store);
  const valid = validateCatalogue(source, { pageRoutes: fixedRoutes(renderer.kindInfo), files: publishedFiles(publicFiles), memo: descriptions, imageProblems });
  const checked = withPublicProblems(valid, publicFiles, renderer.kindInfo, source.texts.keys());
  const { problems, catalogue } = { ...checked, problems: [...checked.problems, ...themeProblems(theme, TOOL.version)] };
  if (valid.catalogue) descriptions.persist(store);
  await store?.settle();
  if (problems.length) printProblems(problems, dir, shownDir, io, errorsIn(problems).length > 0);
  if (!catalogue) {
    io.err('The catalogue has errors; fix them and run again.');
    return { ok: false };
  }
  const site = buildModel(catalogue);
  if (!problems.length) io.out(`${summarise(problems)} ${categoryCount(site)}, ${plural(site.services.length, 'service')}.`);
  return { ok: true, site };
}
