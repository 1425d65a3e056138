// What the build's stages share: the context the pipeline sets up before they run (pipeline.ts), the little state
// they leave for the build's end, and the results of the stages by name (buildStages.ts).
import type { SocialLook } from './build/socialImages.ts';
import type { Workers } from './build/workers.ts';
import type { PublicFile } from './catalogue/publicFolder.ts';
import type { Theme } from './build/theme.ts';
import type { ClientBundle, Renderer } from './build/bundle.ts';
import type { BuildCacheDir } from './build/cache.ts';
import type { cachedImageProblems } from './build/cachedStages.ts';
import type { BrandAssets } from './build/brand.ts';
import type { EmojiAssets } from './build/emoji.ts';
import type { ImageResult } from './build/images.ts';
import type { PageKindFile } from './build/pageKinds.ts';
import type { RenderedPage } from './build/render.ts';
import type { clientFiles } from './build/shell.ts';
import type { SiteFile, Staging } from './build/staging.ts';
import type { InputSnapshot, recordOutput } from './build/upToDate.ts';
import type { CatalogueSource } from './catalogue/load.ts';
import type { CompiledDescription } from './catalogue/markdown.ts';
import type { Problem } from './catalogue/problems.ts';
import type { ValidCatalogue } from './catalogue/validate.ts';
import type { Page } from './client/pageKind.ts';
import type { Site } from './model/model.ts';
import type { BuildCache, BuildOptions, Reporter } from './buildOptions.ts';

/** What one build set up before its stages run. */
export interface BuildContext {
  options: BuildOptions;
  io: Reporter;
  verbose: boolean;
  /** What earlier builds in this process left in memory (dev), or a new one. */
  cache: BuildCache;
  /** The cache folder; none with --no-cache. */
  store: BuildCacheDir | undefined;
  /** A sub-folder of the cache folder, or with --no-cache of a folder removed after the build. */
  folder: (name: string) => string;
  imageCache: string;
  compressCache: string;
  /** How many of the compressed files came from compressCache (--verbose). */
  compressed: { fromCache: number };
  pageKinds: readonly PageKindFile[];
  /** The compiled descriptions the cache folder holds, being read since the build began. */
  descriptionsLoaded: Promise<void>;
  /** The threads for the CPU-bound work per description and per page (build/workers.ts), closed when the build ends. */
  workers: Workers;
  /** The inputs this build reads, noted before it read them, for its record; none when it keeps no record. */
  snapshot: InputSnapshot | undefined;
  state: BuildState;
}

/** What stages leave for the build's end: what to remove when it fails, and what to record when it succeeds. */
export interface BuildState {
  /** The folder the new site is written into (staging stage), removed if the build fails. */
  staging?: Staging;
  /** The catalogue's warnings (validate stage), kept in the build's record. */
  warnings: Problem[];
  /** The memo holds this valid catalogue's descriptions (validate stage), to keep in the cache folder once. */
  validDescriptions: boolean;
  /** The files of the new site as emit swapped it in, for the build's record. */
  output?: ReturnType<typeof recordOutput>;
}

/** The results of the build's stages, by name. */
export interface Built {
  load: CatalogueSource;
  staging: Staging | undefined;
  images: ImageResult & { linked: number };
  templates: Renderer;
  emoji: EmojiAssets;
  brand: BrandAssets;
  markdown: Map<string, CompiledDescription>;
  imageChecks: Awaited<ReturnType<typeof cachedImageProblems>>;
  public: PublicFile[];
  theme: Theme;
  validate: ValidCatalogue;
  model: { site: Site; pages: Page[] };
  bundle: ClientBundle;
  client: ReturnType<typeof clientFiles>;
  compress: Map<string, Uint8Array>;
  socialLook: { look: SocialLook; style: string };
  /** The routes of the open pages dev wrote ahead of the others (none outside dev). */
  openPages: ReadonlySet<string>;
  social: { files: Map<string, SiteFile>; drawn: number };
  render: RenderedPage[];
  search: Map<string, Uint8Array>;
  emit: { files: number; nginxConf?: string; written?: number };
}
