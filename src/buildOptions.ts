// What a build is asked to do and what it answers (the types src/pipeline.ts exports), in a module of their own so
// the stage table (buildStages.ts) and its helpers read them without importing the pipeline that runs them.
import { createCardMemo, type CardMemo } from './build/cardPainter.ts';
import { createModelMemo, type ModelMemo } from './model/model.ts';
import type { SquareMemo } from './build/brand.ts';
import type { BundleMemo } from './build/bundle.ts';
import { DescriptionMemo, type SearchMemo } from './build/cachedStages.ts';
import { nonAscii } from './build/fontSubset.ts';
import type { LiveSite } from './build/liveSite.ts';
import { PerText } from './build/perText.ts';
import type { RenderMemo } from './build/render.ts';
import type { InputSnapshot } from './build/upToDate.ts';
import type { CatalogueSource, LoadOptions } from './catalogue/load.ts';
import type { Problem } from './catalogue/problems.ts';
import { createValidationMemo, type ValidationMemo } from './catalogue/validate.ts';
import { emojiIn } from './core/emoji.ts';

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
  /** What validation and the model of the rebuild before keep, each part while its inputs are the same. */
  validation: ValidationMemo;
  model: ModelMemo;
  /** The link-preview cards' glyph masks and frames (build/cardPainter.ts). */
  cards: CardMemo;
  /** The brand's icons as sharp drew them (build/brand.ts). */
  squares: SquareMemo;
}

export const createBuildCache = (): BuildCache => ({
  descriptions: new DescriptionMemo(),
  bundles: new Map(),
  pages: {},
  search: {},
  emoji: new PerText((text) => emojiIn([text])),
  characters: new PerText(nonAscii),
  validation: createValidationMemo(),
  model: createModelMemo(),
  cards: createCardMemo(),
  squares: new Map(),
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
  /** Nothing else in this process bundles while this build runs (the CLI's own process, bin/storefront.js):
   *  esbuild's service process (50 MB) is stopped once both bundles are made rather than idling until the
   *  process ends. The next call to esbuild starts it again. */
  stopBundler?: boolean;
  /** The CLI's Ctrl+C (or SIGTERM, SIGHUP), aborted with a StopReason: by the time abort() returns, the build has
   *  removed its staging folder and let go of the output folder's lock, so that the process can end at once with
   *  the output folder as it was; or, when emit has already begun to swap the new site in, it has set `finishing`
   *  and ends as usual. */
  signal?: AbortSignal;
}

/** What a build's `signal` is aborted with: the build says whether it is too far on to stop. */
export interface StopReason {
  finishing: boolean;
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

