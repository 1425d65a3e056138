// The build, read top to bottom: load → validate → model → bundle → render → emit. Each stage is its own
// module; this file only declares what each stage needs, and the runner (stages.ts) starts every stage as soon
// as its inputs are there, times it and reports it. So the bundles are made, the images copied and the emoji
// drawn while the catalogue is validated, without a promise arranged by hand.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { stop as stopEsbuild } from 'esbuild';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadCatalogue, type CatalogueSource, type LoadOptions } from './catalogue/load.ts';
import type { CompiledDescription } from './catalogue/markdown.ts';
import { errorsIn, formatProblems, plural, summarise, type Problem } from './catalogue/problems.ts';
import { validateCatalogue, type Validation, type ValidCatalogue } from './catalogue/validate.ts';
import type { Page } from './client/pageKind.ts';
import { fixedRoutes } from './client/routeTable.ts';
import { emojiIn } from './core/emoji.ts';
import { bundleClient, bundleRenderer, PAGE_KINDS_DIR, type BundleMemo, type ClientBundle, type Renderer } from './build/bundle.ts';
import { BuildCacheDir, DEFAULT_CACHE_DIR, keyOf } from './build/cache.ts';
import { cachedImageProblems, cachedSearchIndex, DecodedImages, DescriptionMemo, type SearchMemo } from './build/cachedStages.ts';
import { precompress } from './build/compress.ts';
import { compileAll } from './build/descriptions.ts';
import { emitSite, pagePaths } from './build/emit.ts';
import { keptSite, keptSiteEntry, Staging } from './build/staging.ts';
import { imageStage, rasterImages, type ImageResult } from './build/images.ts';
import type { LiveSite } from './build/liveSite.ts';
import { asUserError, checkOutDir, claimOutDir, stagingFolder, type Claim } from './build/outDir.ts';
import { checkCacheDir, checkDeployDir, defaultDeployDir } from './build/folders.ts';
import { emojiAssets, type EmojiAssets } from './build/emoji.ts';
import { brandAssets, type BrandAssets } from './build/brand.ts';
import { nonAscii, siteCharacters } from './build/fontSubset.ts';
import { PerText } from './build/perText.ts';
import { findPageKinds, type PageKindFile } from './build/pageKinds.ts';
import { renderPages, type RenderedPage, type RenderMemo } from './build/render.ts';
import { factsName, PageFacts } from './build/pageFacts.ts';
import { recordName, recordOutput, siteInputs, siteRecord, snapshotInputs, upToDate, upToDateLine, type InputSnapshot } from './build/upToDate.ts';
import { clientFiles, documentAssets } from './build/shell.ts';
import { Workers } from './build/workers.ts';
import { UserError } from './errors.ts';
import { makeFolder } from './makeFolder.ts';
import { buildModel, type Site } from './model/model.ts';
import { runStages, type StageReport } from './stages.ts';

export interface Reporter {
  out: (text: string) => void;
  err: (text: string) => void;
  /** How much a build tells (default 'normal', every stage): 'quiet' leaves out the stage lines, 'verbose' adds
   *  what helps to debug one (the resolved folders, the options, cache hits, the stages that print nothing). */
  detail?: 'quiet' | 'normal' | 'verbose';
  /** Takes the catalogue's problems in place of their text report (the CLI's json and github formats); the
   *  summary line still goes to `err`. `catalogueDir` is absolute. */
  problems?: (problems: readonly Problem[], catalogueDir: string) => void;
  /** Shows how far a long stage is, on one line the next one replaces; absent where that cannot work (a log). */
  progress?: (text: string) => void;
}

/** What a build may reuse from the builds before it in the same process (dev rebuilds), in memory, in front of
 *  the cache folder (build/cache.ts); never wrong. */
export interface BuildCache {
  descriptions: DescriptionMemo;
  bundles: BundleMemo;
  pages: RenderMemo;
  search: SearchMemo;
  /** Each text's emoji (the emoji stage) and its characters beyond ASCII (the font subset), by file. */
  emoji: PerText<string[]>;
  characters: PerText<string>;
}

export const createBuildCache = (): BuildCache => ({
  descriptions: new DescriptionMemo(),
  bundles: new Map(),
  pages: {},
  search: {},
  emoji: new PerText((text) => emojiIn([text])),
  characters: new PerText(nonAscii),
});

export interface BuildOptions {
  catalogueDir: string;
  outDir: string;
  /** Replace an output folder holding files the build did not write (see build/outDir.ts). */
  force?: boolean;
  /** The current project, which the output folder must not be or contain (default: the current folder). */
  projectDir?: string;
  /** Overrides site.yaml's baseUrl, e.g. for a staging deployment. */
  baseUrl?: string;
  development?: boolean;
  /** Where nginx.conf goes (default: a `deploy` folder next to outDir). */
  deployDir?: string;
  /** Write .br and .gz siblings of text files (default true; dev turns it off for speed). */
  precompress?: boolean;
  /** Folders of page kind modules (default: templates/pages/). */
  pageKindDirs?: readonly string[];
  /** Reads the catalogue (default: loadCatalogue; dev reads only the files that changed). */
  load?: (catalogueDir: string, options: LoadOptions) => Promise<CatalogueSource>;
  /** What the builds before in this process left in memory (dev). */
  cache?: BuildCache;
  /** Threads for the CPU-bound work (build/workers.ts; default: one per core; 1: all on the main thread). */
  workers?: number;
  /** The build cache folder (default node_modules/.cache/storefront); false: neither read nor write it (--no-cache). */
  cacheDir?: string | false;
  /** Where the sizes made of raster images are kept between builds (default: images/ in the cache folder). */
  imageCache?: string;
  /** Stop early when nothing changed since the last build into outDir and it is still what that build wrote
   *  (build/upToDate.ts; never without the cache folder, nor with `load`): 'check' (default), or 'record' only
   *  (the caller has just checked: the CLI, before it loads this module). */
  upToDate?: 'check' | 'record';
  /** With 'record': the inputs the caller's check compared (snapshotInputs), taken before anything was read. */
  snapshot?: InputSnapshot;
  /** dev: outDir is the dev server's own folder, updated in place with only what changed (build/liveSite.ts),
   *  not replaced whole; no _headers or nginx.conf. */
  live?: LiveSite;
  /** Called once the new site is in place, before the build's record and the cache folder's housekeeping
   *  (dev reloads the open pages then: pruning a cache that another version of the templates filled removes
   *  10,000 pages' blobs, 3 s here). */
  siteReady?: () => void;
  /** dev: the routes of the pages open in a browser, rendered and written before the rest of the site when they
   *  changed (LiveSite.showFirst), and told (`shown`) as soon as they are. */
  openPages?: { routes(): ReadonlySet<string>; shown(routes: ReadonlySet<string>): void };
}

export interface BuildResult {
  ok: boolean;
  pages?: number;
  files?: number;
  /** What came from the cache folder, by kind of entry (pages, descriptions, client, renderer, search). */
  cache?: Record<string, { hits: number; misses: number }>;
  /** Nothing changed since the last build: nothing was built or written. */
  upToDate?: boolean;
}

/** The catalogue has problems: they have been printed, and nothing was built. */
class CatalogueProblems extends Error {}

/** The results of the build's stages, by name. */
interface Built {
  load: CatalogueSource;
  staging: Staging | undefined;
  images: ImageResult & { linked: number };
  templates: Renderer;
  emoji: EmojiAssets;
  brand: BrandAssets;
  markdown: Map<string, CompiledDescription>;
  imageChecks: Awaited<ReturnType<typeof cachedImageProblems>>;
  validate: ValidCatalogue;
  model: { site: Site; pages: Page[] };
  bundle: ClientBundle;
  client: ReturnType<typeof clientFiles>;
  compress: Map<string, Uint8Array>;
  render: RenderedPage[];
  searchStarted: { files: Promise<Map<string, Uint8Array>>; started: number };
  search: { files: Map<string, Uint8Array>; ms: number };
  emit: { files: number; nginxConf?: string; written?: number };
}

/** Builds under way in this process: esbuild's service is stopped only when one build alone is done with it. */
let building = 0;

export async function buildSite(options: BuildOptions, io: Reporter): Promise<BuildResult> {
  building++;
  try {
    return await buildOnce(options, io);
  } finally {
    building--;
  }
}

async function buildOnce(options: BuildOptions, io: Reporter): Promise<BuildResult> {
  const started = performance.now();
  const startedAt = Date.now();
  const cache = options.cache ?? createBuildCache();
  const pageKinds = findPageKinds(options.pageKindDirs ?? [PAGE_KINDS_DIR]);
  const { outDir } = options;
  // --no-cache: the stages that keep files by key (fonts, images, emoji, compressed) get a folder of their own,
  // removed after the build, so nothing is read from or left in the cache folder.
  const store = options.cacheDir === false ? undefined : new BuildCacheDir(options.cacheDir ?? DEFAULT_CACHE_DIR);
  const scratch = store ? undefined : await mkdtemp(join(tmpdir(), 'storefront-no-cache-'));
  const folder = (name: string) => (store ? store.folder(name) : join(scratch!, name));
  const compressCache = folder('compressed');
  const imageCache = options.imageCache ?? folder('images');
  const descriptionsLoaded = cache.descriptions.load(store);
  const workers = new Workers(options.workers);
  await checkFolders(options, store).catch((error: unknown) => {
    throw asUserError(error, outDir, shown(outDir));
  });
  // A cache folder that cannot be made stops the build now, saying why, rather than once its work is done.
  if (store) await makeFolder(store.dir);
  const verbose = io.detail === 'verbose';
  if (io.detail !== 'quiet') io.out(`Building ${shown(options.catalogueDir)} → ${shown(outDir)}${options.development ? ' (development React)' : ''}`);
  if (verbose) io.out(describeOptions(options).join('\n'));
  const compressed = { fromCache: 0 };
  let staging: Staging | undefined;
  let claim: Claim | undefined;
  let validDescriptions = false;
  /** Keeps the compiled descriptions in the cache folder, once, if the catalogue was found valid. */
  const persistDescriptions = () => {
    if (!validDescriptions) return;
    validDescriptions = false;
    cache.descriptions.persist(store);
  };
  try {
    // One build at a time into one output folder; a second one waits here, before any stage starts.
    claim = await claimOutDir(outDir, {
      waiting: (pid) => io.out(`Waiting for another build (process ${pid}) to finish writing ${shown(outDir)}…`),
      restored: (from) => io.out(`Restored ${shown(outDir)} from ${from}, which a build stopped while replacing it left behind.`),
    });
    // Nothing changed since the last build, whose site is still there as it wrote it: stop here. Otherwise note
    // what this build reads, before it reads it (build/upToDate.ts).
    const inputs = store && !options.load && !options.live ? siteInputs(options) : undefined;
    let snapshot: InputSnapshot | undefined;
    let warnings: Problem[] = [];
    let output: ReturnType<typeof recordOutput> | undefined;
    if (inputs && store) {
      snapshot = (options.upToDate === 'record' && options.snapshot) || snapshotInputs(inputs);
      const last = options.upToDate !== 'record' && upToDate(inputs, await readFile(join(store.dir, 'records', `${recordName(outDir)}.json`), 'utf8').catch(() => undefined), snapshot);
      if (last) {
        if (last.problems.length) printProblems(last.problems, options.catalogueDir, shown(options.catalogueDir), io, false);
        io.out(upToDateLine(shown(outDir), last.pages, performance.now() - started));
        return { ok: true, pages: last.pages, files: last.files, upToDate: true };
      }
    }
    const built = await runStages<Built>(
      {
        load: {
          run: () => readCatalogue(options.catalogueDir, store, options.load),
          summary: (s) => `${s.texts.size} text files, ${s.images.size} images`,
        },
        // The new site goes into a folder beside the output folder (images first, while the catalogue is
        // validated); it replaces the output folder only once it is complete and its links checked (emit), and is
        // removed if anything fails. With the cache, that folder starts as the site the last build replaced
        // (staging.ts).
        staging: {
          run: async () => {
            if (options.live) return undefined;
            store?.keepFile(keptSiteEntry(outDir));
            return (staging = await Staging.open(options.outDir, store && keptSite(store.dir, outDir)));
          },
          ...(verbose && !options.live && { summary: (s) => `the new site is written in ${stagingFolder(outDir)} first${s?.recycled ? ", starting from an earlier build's site" : ''}` }),
        },
        // The sizes each raster image is shown in (build/images.ts), made or cached, which pages name instead of
        // it; every other image file as it is.
        images: {
          needs: ['load', 'staging'],
          run: async ({ load, staging }) => {
            const images = { catalogueDir: options.catalogueDir, source: load, cacheDir: imageCache };
            // dev's folder gets the images with the rest of what changed (emit).
            return staging ? imageStage({ ...images, staging }) : { ...(await rasterImages(images)), linked: 0 };
          },
          summary: (i) =>
            `${plural(i.linked, 'image')} linked into the new site${i.rasters ? `; ${plural(i.rasters, 'raster image')} as ${plural(i.files.size, 'variant')} instead: ${i.converted} made now, ${i.fromCache} from the cache${verbose ? ` in ${shown(imageCache)}` : ''}` : ''}`,
        },
        // The prerenderer: the page kinds, their pages and heads. Validate needs the routes of their pages.
        templates: {
          run: async () => assertPageKinds(await bundleRenderer({ pageKinds, memo: cache.bundles, store }), pageKinds),
          summary: (r) => `${Object.keys(r.kindInfo).length} page kinds, prerenderer bundled`,
        },
        emoji: {
          needs: ['load'],
          run: ({ load }) => emojiAssets([...new Set(cache.emoji.values(load.texts).flat())].sort(), folder('emoji')),
          summary: (e) => `${e.files.size} emoji drawn`,
        },
        // site.yaml's theme: the theme stylesheet, the icons (sharp draws the PNGs) and the logo's size.
        brand: {
          needs: ['validate', 'load', 'emoji'],
          run: ({ validate, load, emoji }) => brandAssets({ brand: validate.site.brand, theme: validate.site.theme, catalogueDir: options.catalogueDir, svgs: load.svgs, emoji }),
          summary: (b) => `theme stylesheet and ${plural(b.icons.length, 'icon')}`,
        },
        // The descriptions compiled (or taken from the cache) before validation reads them: most of a cold build's
        // CPU time with long descriptions, so it has its own line.
        markdown: {
          needs: ['load'],
          run: async ({ load }) => {
            await descriptionsLoaded;
            return compileAll([...load.texts].filter(([file]) => file.startsWith('descriptions/')).map(([, text]) => text), cache.descriptions, workers);
          },
          summary: () => `${plural(cache.descriptions.hits + cache.descriptions.misses, 'description')}, ${count(cache.descriptions.misses)} compiled now${verbose ? ' (the rest from the cache)' : ''}`,
        },
        // The image checks' problems from the cache when the images are as they were (dev keeps them in memory).
        imageChecks: { needs: ['load'], run: ({ load }) => (options.live ? {} : cachedImageProblems(load, store)) },
        validate: {
          needs: ['load', 'templates', 'markdown', 'imageChecks'],
          run: async ({ load, templates, markdown, imageChecks }) => {
            const validation = validateCatalogue(load, { pageRoutes: fixedRoutes(templates.kindInfo), memo: markdown, imageProblems: imageChecks });
            warnings = validation.problems;
            // Validation has refilled the memo with exactly this catalogue's descriptions: that set is kept.
            validDescriptions = validation.catalogue !== undefined;
            return validCatalogue(validation, io, options.catalogueDir);
          },
          summary: () => 'The catalogue is valid.',
        },
        model: {
          needs: ['validate', 'emoji', 'brand', 'templates', 'images'],
          run: ({ validate, emoji, brand, templates, images }) => {
            const model = { ...buildModel(validate, images.images), emoji: emoji.urls, ...(brand.logo && { logo: brand.logo }) };
            const site = options.baseUrl ? { ...model, baseUrl: options.baseUrl.replace(/\/+$/, '') } : model;
            return { site, pages: templates.pagesOf(site) };
          },
          summary: ({ site, pages }) => `${categoryCount(site)}, ${plural(site.services.length, 'service')}, ${plural(pages.length, 'page')}`,
        },
        // Depends on the templates and on which characters the catalogue uses (the font subset), not on whether
        // the catalogue is valid: esbuild makes it in its own process while this one validates.
        bundle: {
          needs: ['load'],
          run: ({ load }) => bundleClient({ development: options.development, characters: siteCharacters(cache.characters.values(load.texts)), pageKinds, memo: cache.bundles, store, fontCache: folder('fonts') }),
          summary: (b) => `${b.files.size} files, ${kilobytes([...b.files.values()].reduce((n, f) => n + f.byteLength, 0))}`,
        },
        // The site shell and the client loader: hashed files the same for every page.
        client: {
          needs: ['model', 'bundle', 'templates'],
          run: ({ model, bundle, templates }) => clientFiles(model.site, bundle, templates.kindInfo),
          ...(verbose && { summary: (c: ReturnType<typeof clientFiles>) => `site shell and loader, ${c.files.size} files` }),
        },
        // Brotli's best level takes about 0.6 s of CPU (most of it React DOM): the hashed assets are compressed
        // as soon as they exist, on the core that validating leaves free.
        compress: {
          needs: ['bundle', 'emoji'],
          run: ({ bundle, emoji }) => (options.precompress === false ? new Map() : precompress(new Map([...bundle.files, ...emoji.files]), compressCache, compressed)),
          summary: (c) => `${c.size} .br and .gz files${verbose ? `, ${compressed.fromCache} from the cache in ${shown(compressCache)}` : ''}`,
        },
        // Pagefind indexes in a process of its own while this one renders and writes the pages: emit takes the
        // index as a promise and waits for it only before its link check (build/emit.ts).
        searchStarted: {
          needs: ['model', 'templates'],
          run: ({ model, templates }) => {
            const started = performance.now();
            const files = cachedSearchIndex(templates.searchRecordsOf(model.site), store, cache.search);
            files.catch(() => undefined); // reported by the search stage; emit may never start
            return { files, started };
          },
        },
        // Its line's time starts late when rendering holds this thread; the summary has the index's own.
        search: {
          needs: ['searchStarted'],
          run: async ({ searchStarted }) => ({ files: await searchStarted.files, ms: performance.now() - searchStarted.started }),
          summary: ({ files, ms }) => (files.size ? `${files.size} index files, ${kilobytes([...files.values()].reduce((n, f) => n + f.byteLength, 0))}, ready ${count(Math.round(ms))} ms after the model` : 'no page kind offers search'),
        },
        render: {
          needs: ['model', 'templates', 'bundle', 'client', 'brand', 'staging'],
          run: ({ model, templates, bundle, client, brand, staging }) => {
            // Both bundles are made: esbuild's service process (50 MB) would idle until the process ends. The next
            // call to esbuild starts it again (dev's rebuilds keep it).
            if (!options.cache && building === 1) void stopEsbuild();
            const { live, openPages } = options;
            return renderPages(model.site, model.pages, templates, documentAssets(bundle, client.loader.url, brand), {
              // A one-off build writes each page into the new site at once and keeps no page in memory; dev and
              // repeated builds in one process keep them for the next build (render.ts).
              ...(options.cache ? { memo: cache.pages } : staging && { staging: { dir: staging.dir, write: (path, file) => staging.write(path, file), paths: (page) => pagePaths(page, templates.kindInfo) } }),
              store,
              // One page index per catalogue: two catalogues sharing the cache keep theirs.
              indexName: `pages-${keyOf(options.catalogueDir).slice(0, 16)}`,
              linkFiles: !options.live,
              ...(live &&
                openPages && {
                  first: { routes: openPages.routes(), ready: async (pages: readonly RenderedPage[]) => openPages.shown(await live.showFirst(pages, model.pages.map((page) => page.route), templates.kindInfo)) },
                }),
              progress: io.progress && ((done, total) => io.progress?.(`render ${count(done)}/${count(total)} pages`)),
            });
          },
          summary: (r) => `${r.length} pages`,
        },
        emit: {
          needs: ['model', 'render', 'templates', 'bundle', 'client', 'compress', 'emoji', 'brand', 'searchStarted', 'images', 'load', 'staging'],
          run: async ({ model, render, templates, bundle, client, compress, emoji, brand, searchStarted, images, load, staging }) => {
            const shell = options.precompress === false ? new Map() : await precompress(new Map([...encoded(client.files), ...brand.files]), compressCache, compressed);
            if (options.live) {
              const assets = new Map([...emoji.files, ...brand.files]);
              const site = { site: model.site, pages: render, kinds: templates.kindInfo, bundle, catalogueDir: options.catalogueDir, images: load.images, imageVariants: images.files, replacedImages: images.replaced };
              return options.live.update({ ...site, precompressed: new Map([...compress, ...shell]), assets, search: searchStarted.files, clientFiles: client.files });
            }
            // What the last build into this folder learnt of its pages: the unchanged ones are not scanned again.
            const facts = store && (await PageFacts.read(store, factsName(outDir), render, templates.kindInfo));
            const emitted = await emitSite({
              site: model.site,
              pages: render,
              kinds: templates.kindInfo,
              bundle,
              catalogueDir: options.catalogueDir,
              images: load.images,
              imageVariants: images.files,
              replacedImages: images.replaced,
              outDir: options.outDir,
              deployDir: options.deployDir,
              precompressed: new Map([...compress, ...shell]),
              assets: new Map([...emoji.files, ...brand.files]),
              search: searchStarted.files,
              clientFiles: client.files,
              staging: staging!,
              ...(snapshot && { beforeSwap: (dir: string) => void (output = recordOutput(dir, staging!.written)) }),
              ...(facts && { facts: { checkLinks: facts.checkLinks, scriptHashes: (pages: readonly RenderedPage[]) => facts.scriptHashes(pages, templates.kindInfo) } }),
            });
            facts?.keep();
            return emitted;
          },
          summary: (r) => (r.nginxConf ? `${r.files} files in all${staging?.recycled ? ` (${count(staging.kept)} kept as they were)` : ''}, headers in _headers and ${shown(r.nginxConf)}` : `${r.files} files in all, ${count(r.written ?? 0)} written now`),
        },
      },
      reportTo(io),
    );
    options.siteReady?.();
    // Written once the site is (dev's reload does not wait for it), or the build failed after validation. Node
    // sends what siteReady wrote to a response only after the current task: writing the records first held dev's
    // reload back by their 30 ms.
    await new Promise((resolve) => setImmediate(resolve));
    persistDescriptions();
    if (store && snapshot) {
      // What the next build compares; an empty record when this one cannot be trusted (a file changed meanwhile).
      const record = output && built.emit.nginxConf && (await siteRecord(snapshot, built.load, output, built.emit.nginxConf, { pages: built.render.length, files: built.emit.files, problems: warnings }));
      store.writeRecord(recordName(outDir), record ?? {});
    }
    await store?.finish(startedAt);
    if (verbose) io.out(describeCache(store, cache.descriptions));
    io.out(`Built ${built.render.length} pages into ${shown(options.outDir)} in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
    const fromCache = store && { ...store.stats, descriptions: { hits: cache.descriptions.hits, misses: cache.descriptions.misses } };
    return { ok: true, pages: built.render.length, files: built.emit.files, ...(fromCache && { cache: fromCache }) };
  } catch (error) {
    persistDescriptions();
    await staging?.abort();
    if (error instanceof CatalogueProblems) {
      io.err(options.live ? `The catalogue has errors; dev builds again when they are fixed. ${options.live.whileBroken}` : 'The catalogue has errors; fix them and run again. Nothing was written: the previous site is unchanged.');
      return { ok: false };
    }
    throw asUserError(error, outDir, shown(outDir));
  } finally {
    await claim?.release();
    await workers.close();
    await store?.settle();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

/** The folders the build writes into follow their rules (build/outDir.ts, build/folders.ts); the cache folder is
 *  marked as the cache. */
async function checkFolders(options: BuildOptions, store: BuildCacheDir | undefined): Promise<void> {
  const places = { catalogueDir: options.catalogueDir, projectDir: options.projectDir ?? process.cwd(), outDir: options.outDir };
  await checkOutDir({ ...places, force: options.force, shown: shown(options.outDir) });
  // dev's folder is its own, and dev writes no nginx.conf.
  if (!options.live) {
    const deployDir = options.deployDir ?? defaultDeployDir(options.outDir);
    await checkDeployDir(deployDir, { ...places, shown: shown(deployDir), chosen: options.deployDir !== undefined, force: options.force });
  }
  if (store) await checkCacheDir(store.dir, { ...places, shown: shown(store.dir) });
}

/** For --verbose: what came from the cache folder. */
function describeCache(store: BuildCacheDir | undefined, descriptions: DescriptionMemo): string {
  if (!store) return '  cache      none (--no-cache): nothing read or kept';
  const kinds = Object.entries(store.stats).map(([kind, s]) => `${kind} ${s.hits}/${s.hits + s.misses}`);
  return `  cache      ${shown(store.dir)}: from the cache ${[...kinds, `descriptions ${descriptions.hits}/${descriptions.hits + descriptions.misses}`].join(', ')}`;
}

/** The catalogue, read with what the build cache knows of its raster images' decodes; what this read learnt is
 *  kept there for the next run. */
async function readCatalogue(dir: string, store: BuildCacheDir | undefined, load: NonNullable<BuildOptions['load']> = loadCatalogue): Promise<CatalogueSource> {
  const decoded = await DecodedImages.load(store);
  const source = await load(dir, { decoded });
  decoded.persist();
  return source;
}

/** Load and validate a catalogue, print its problems, and return the model when it is valid. */
/**
 * `storefront validate`: the build's validation alone, with the build cache (`cacheDir` as for BuildOptions):
 * the descriptions compiled by earlier runs and builds, and the image checks while the images are as they were,
 * are taken from it, and what this run compiles is kept there for the next build.
 */
export async function checkCatalogue(dir: string, io: Reporter, shownDir = dir, cacheDir?: string | false): Promise<{ ok: boolean; site?: Site }> {
  const pageKinds = findPageKinds([PAGE_KINDS_DIR]);
  const store = cacheDir === false ? undefined : new BuildCacheDir(cacheDir ?? DEFAULT_CACHE_DIR);
  const descriptions = new DescriptionMemo();
  const [source, renderer] = await Promise.all([readCatalogue(dir, store), bundleRenderer({ pageKinds, store }).then((r) => assertPageKinds(r, pageKinds)), descriptions.load(store)]);
  const imageProblems = await cachedImageProblems(source, store);
  const { problems, catalogue } = validateCatalogue(source, { pageRoutes: fixedRoutes(renderer.kindInfo), memo: descriptions, imageProblems });
  if (catalogue) descriptions.persist(store);
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

/** Prints the problems; the valid catalogue, or CatalogueProblems when there is none. */
function validCatalogue({ problems, catalogue }: Validation, io: Reporter, catalogueDir: string): ValidCatalogue {
  if (problems.length) printProblems(problems, catalogueDir, shown(catalogueDir), io, !catalogue);
  if (!catalogue) throw new CatalogueProblems();
  return catalogue;
}

/** The problems as text, to stderr when there are errors; or to the reporter's own `problems`, with the summary. */
function printProblems(problems: readonly Problem[], catalogueDir: string, shownDir: string, io: Reporter, errors: boolean) {
  const print = errors ? io.err : io.out;
  if (!io.problems) return print(formatProblems(problems, shownDir));
  io.problems(problems, catalogueDir);
  print(summarise(problems));
}

/** For --verbose: where the build reads and writes, resolved, and the options it runs with. */
function describeOptions(options: BuildOptions): string[] {
  const flags = [options.development ? 'development React' : 'production React', options.baseUrl ? `base URL ${options.baseUrl}` : 'base URL from site.yaml'];
  if (options.precompress === false) flags.push('no .br and .gz files');
  if (options.force) flags.push('--force');
  return [
    `  folders    relative to ${options.projectDir ?? process.cwd()}`,
    `  catalogue  ${options.catalogueDir}`,
    `  output     ${options.outDir}, replaced whole once the build succeeds`,
    `  nginx      ${join(options.deployDir ?? defaultDeployDir(options.outDir), 'nginx.conf')}`,
    `  options    ${flags.join(', ')}`,
  ];
}

/** A page kind module without an export it needs is the template author's mistake: say which and what. */
function assertPageKinds(renderer: Renderer, pageKinds: readonly PageKindFile[]): Renderer {
  if (!renderer.kindProblems.length) return renderer;
  const fileOf = (kind: string) => shown(pageKinds.find((k) => k.name === kind)?.file ?? kind);
  const lines = renderer.kindProblems.map(([kind, problems]) => `  ${fileOf(kind)}: ${problems.join('; ')}.`);
  throw new UserError(`A page kind module is incomplete (see src/client/pageKind.ts):\n${lines.join('\n')}`);
}

/** A line a stage: its time, when it started (stages overlap), what it did. None when quiet. */
const reportTo =
  (io: Reporter): StageReport =>
  (name, ms, at, summary) => {
    if (io.detail !== 'quiet') io.out(`  ${name.padEnd(10)}${`${Math.round(ms)} ms`.padStart(8)}  ${`(at ${Math.round(at)} ms)`.padEnd(13)} ${summary}`);
  };

const encoded = (files: ReadonlyMap<string, string>) => new Map([...files].map(([path, text]): [string, Uint8Array] => [path, new TextEncoder().encode(text)]));

/** Paths as the maintainer typed them: relative to the current folder when inside it. */
const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const count = (n: number) => n.toLocaleString('en-US');
const categoryCount = (site: Site) => (site.categories.length === 1 ? '1 category' : `${site.categories.length} categories`);
