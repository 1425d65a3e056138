// The stage bodies of the build's table (buildStages.ts) that take more than a line: each what one stage makes,
// from the build's context and the results of the stages it needs.
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { stop as stopEsbuild } from 'esbuild';
import { loadCatalogue, type CatalogueSource } from './catalogue/load.ts';
import type { PublicFile } from './catalogue/publicFolder.ts';
import { validateCatalogue, type Validation, type ValidCatalogue } from './catalogue/validate.ts';
import { fixedRoutes } from './client/routeTable.ts';
import { bundleRenderer, type Renderer } from './build/bundle.ts';
import { brandAssets } from './build/brand.ts';
import { keyOf, TOOL, type BuildCacheDir } from './build/cache.ts';
import { cachedSearchIndex, DecodedImages } from './build/cachedStages.ts';
import { precompress } from './build/compress.ts';
import { BrokenLinks, catalogueLinkProblems } from './build/links.ts';
import { emitSite, pagePaths } from './build/emit.ts';
import { imageStage, rasterImages } from './build/images.ts';
import { factsName, PageFacts } from './build/pageFacts.ts';
import type { PageKindFile } from './build/pageKinds.ts';
import { publishedFiles, withPublicProblems } from './build/publicFiles.ts';
import { readTheme, themeProblems, themeRenderError, themeReport, type Theme } from './build/theme.ts';
import { renderedPage, renderPages, type RenderedPage } from './build/render.ts';
import { documentAssets } from './build/shell.ts';
import { socialImages, socialLook, socialStyle } from './build/socialImages.ts';
import { siteShell } from './model/shell.ts';
import { keptSite, keptSiteEntry, Staging } from './build/staging.ts';
import { recordOutput } from './build/upToDate.ts';
import { sortProblems } from './catalogue/problems.ts';
import { UserError, vanished } from './errors.ts';
import { buildModel } from './model/model.ts';
import type { BuildOptions, Reporter } from './buildOptions.ts';
import { count, printProblems, shown } from './buildReport.ts';
import type { BuildContext, Built } from './buildContext.ts';

/** The catalogue has problems: they have been printed, and nothing was built. */
export class CatalogueProblems extends Error {}

/** The catalogue, read with what the build cache knows of its raster images' decodes; what this read learnt is
 *  kept there for the next run. */
export async function readCatalogue(dir: string, store: BuildCacheDir | undefined, load: NonNullable<BuildOptions['load']> = loadCatalogue): Promise<CatalogueSource> {
  const decoded = await DecodedImages.load(store);
  // A file listed, then gone before it was read (an image a tool saved and removed at once): changed while building.
  const source = await load(dir, { decoded }).catch((error: NodeJS.ErrnoException) => Promise.reject(error?.path ? vanished(error, relative(dir, error.path).split(sep).join('/')) : error));
  decoded.persist();
  return source;
}

/** The folder the new site is written into (none for dev, whose folder is updated in place), kept in the build's
 *  state so a failed build removes it. */
export async function openStaging({ options, store, state }: BuildContext): Promise<Staging | undefined> {
  if (options.live) return undefined;
  store?.keepFile(keptSiteEntry(options.outDir));
  return (state.staging = await Staging.open(options.outDir, store && keptSite(store.dir, options.outDir)));
}

/** The raster images' variants, made or cached, and the other images linked into the new site; dev's folder gets
 *  the images with the rest of what changed (emit). */
export async function siteImages({ options, imageCache }: BuildContext, { load, staging }: Pick<Built, 'load' | 'staging'>): Promise<Built['images']> {
  const images = { catalogueDir: options.catalogueDir, source: load, cacheDir: imageCache };
  return staging ? imageStage({ ...images, staging }) : { ...(await rasterImages(images)), linked: 0 };
}

/** The prerenderer: the page kinds (the theme's files in place of the built-in ones), checked. */
export async function siteTemplates(context: BuildContext, theme: Theme): Promise<Renderer> {
  const { pageKinds, cache, store } = context;
  return assertPageKinds(await bundleRenderer({ pageKinds, memo: cache.bundles, store, theme }), pageKinds);
}

/** site.yaml's theme made into files: the theme stylesheet, the icons and the logo's size. */
export const siteBrand = (context: BuildContext, { validate, load, emoji }: Pick<Built, 'validate' | 'load' | 'emoji'>) =>
  brandAssets({ brand: validate.site.brand, theme: validate.site.theme, catalogueDir: context.options.catalogueDir, svgs: load.svgs, emoji, squares: context.cache.squares });

/** A page kind module without an export it needs is the template author's mistake: say which and what. */
export function assertPageKinds(renderer: Renderer, pageKinds: readonly PageKindFile[]): Renderer {
  if (!renderer.kindProblems.length) return renderer;
  const fileOf = (kind: string) => shown(pageKinds.find((k) => k.name === kind)?.file ?? kind);
  const lines = renderer.kindProblems.map(([kind, problems]) => `  ${fileOf(kind)}: ${problems.join('; ')}.`);
  throw new UserError(`A page kind module is incomplete (see src/client/pageKind.ts):\n${lines.join('\n')}`);
}

/** The site's theme/ folder (build/theme.ts); validation warns of each ejected copy whose original changed. */
export const siteTheme = ({ options }: BuildContext): Promise<Theme> => readTheme(options.catalogueDir);

/** The theme stage's line: the built-in files replaced. */
export const themeLine = (theme: Theme) => themeReport(theme) ?? 'no built-in file replaced';

/** The valid catalogue; its warnings kept for the build's record, or CatalogueProblems once its errors are printed. */
export async function validated({ options, io, state, cache }: BuildContext, { load, templates, markdown, imageChecks, public: publicFiles, theme }: Pick<Built, 'load' | 'templates' | 'markdown' | 'imageChecks' | 'public' | 'theme'>): Promise<ValidCatalogue> {
  const catalogue = validateCatalogue(load, { pageRoutes: fixedRoutes(templates.kindInfo), files: publishedFiles(publicFiles), memo: markdown, kept: cache.validation, imageProblems: imageChecks });
  const checked = withPublicProblems(catalogue, publicFiles, templates.kindInfo, load.texts.keys());
  // The theme's are warnings only.
  const validation = { ...checked, problems: [...checked.problems, ...themeProblems(theme, TOOL.version)] };
  state.warnings = validation.problems;
  // Validation has refilled the memo with exactly this catalogue's descriptions: that set is kept.
  state.validDescriptions = catalogue.catalogue !== undefined;
  return validCatalogue(validation, io, options.catalogueDir);
}

/** Prints the problems; the valid catalogue, or CatalogueProblems when there is none. */
export function validCatalogue({ problems, catalogue }: Validation, io: Reporter, catalogueDir: string): ValidCatalogue {
  if (problems.length) printProblems(problems, catalogueDir, shown(catalogueDir), io, !catalogue);
  if (!catalogue) throw new CatalogueProblems();
  return catalogue;
}

/** The site with its emoji, logo and image variants (and --base-url), and the page kinds' pages of it. */
export function siteModel({ options, cache }: BuildContext, { validate, emoji, brand, templates, images }: Pick<Built, 'validate' | 'emoji' | 'brand' | 'templates' | 'images'>): Built['model'] {
  const model = { ...buildModel(validate, images.images, cache.model), emoji: emoji.urls, ...(brand.logo && { logo: brand.logo }), ...(brand.socialImage && { socialImage: brand.socialImage }) };
  const site = options.baseUrl ? { ...model, baseUrl: options.baseUrl.replace(/\/+$/, '') } : model;
  return { site, pages: templates.pagesOf(site) };
}

/** The site's search index, from the records the page kinds offer. */
export function siteSearch({ store, cache }: BuildContext, { model, templates }: Pick<Built, 'model' | 'templates'>): Promise<Built['search']> {
  return cachedSearchIndex(templates.searchRecordsOf(model.site), store, cache.search);
}

/** The look of the link-preview images: the brand, the site's address, the accent and the logo. */
export async function siteSocialLook(context: BuildContext, { model, validate, emoji }: Pick<Built, 'model' | 'validate' | 'emoji'>): Promise<Built['socialLook']> {
  const logoFile = (src: string) => readFile(join(context.options.catalogueDir, src)).catch(() => undefined);
  const look = await socialLook(model.site, validate.site.theme.accent, emoji, logoFile);
  return { look, style: socialStyle(look) };
}

/** Every page's link-preview image: the card its head asks for, unless it names an image of its own. */
export function pagesSocialImages(context: BuildContext, { socialLook: { look }, model, templates, staging }: Pick<Built, 'socialLook' | 'model' | 'templates' | 'staging'>): Promise<Built['social']> {
  const shell = siteShell(model.site);
  const cards = model.pages.flatMap((page) => {
    const head = templates.headFor(page, shell);
    return !head.image && head.social ? [head.social] : [];
  });
  // One card index per catalogue, as for pages.
  return socialImages(look, cards, context.workers, context.cache.cards, context.store && { store: context.store, indexName: `social-${keyOf(context.options.catalogueDir).slice(0, 16)}` }, staging);
}

/** The assets of each page kind's documents: the client's files, the brand's, and the look its card is named by. */
const pageAssets = ({ model, bundle, client, brand, socialLook }: Pick<Built, 'model' | 'bundle' | 'client' | 'brand' | 'socialLook'>) =>
  documentAssets(bundle, client.loader.url, brand, { baseUrl: model.site.baseUrl, style: socialLook.style });

/** dev: the pages open in a browser, rendered and written before any other work on the site, so that they reload
 *  first (dev.ts); the render stage renders them again with the others. A page that fails here waits for the
 *  render stage, which reports it. */
export async function showOpenPages({ options }: BuildContext, { model, templates, bundle, client, brand, socialLook }: Pick<Built, 'model' | 'templates' | 'bundle' | 'client' | 'brand' | 'socialLook'>): Promise<Built['openPages']> {
  const { live, openPages } = options;
  const routes = openPages?.routes();
  if (!live || !openPages || !routes?.size) return new Set();
  const shell = siteShell(model.site);
  const assetsFor = pageAssets({ model, bundle, client, brand, socialLook });
  const pages = model.pages.filter((page) => routes.has(page.route)).flatMap((page) => {
    try {
      return [renderedPage(page, Buffer.from(templates.renderPage(page, shell, assetsFor(page.kind))))];
    } catch {
      return [];
    }
  });
  const shownNow = await live.showFirst(pages, model.pages.map((page) => page.route), templates.kindInfo);
  openPages.shown(shownNow);
  // The reload goes out on the next turn of the event loop (Node sends a response's chunks then), before the
  // stages that wait for this one hold the thread.
  await new Promise((resolve) => setImmediate(resolve));
  return shownNow;
}

/** Every page as HTML: written into the new site at once by a one-off build, kept in memory by dev and by
 *  repeated builds in one process for the next build (render.ts). */
export function renderSite(context: BuildContext, { model, templates, bundle, client, brand, staging, socialLook, theme }: Pick<Built, 'model' | 'templates' | 'bundle' | 'client' | 'brand' | 'staging' | 'socialLook' | 'theme'>): Promise<RenderedPage[]> {
  const { options, cache, store, io } = context;
  // Both bundles are made: esbuild's service process would idle until the process ends.
  if (options.stopBundler) void stopEsbuild();
  return renderPages(model.site, model.pages, templates, pageAssets({ model, bundle, client, brand, socialLook }), {
    ...(options.cache ? { memo: cache.pages } : staging && { staging: { dir: staging.dir, write: (path, file) => staging.write(path, file), paths: (page) => pagePaths(page, templates.kindInfo) } }),
    store,
    // One page index per catalogue: two catalogues sharing the cache keep theirs.
    indexName: `pages-${keyOf(options.catalogueDir).slice(0, 16)}`,
    linkFiles: !options.live,
    workers: context.workers,
    progress: io.progress && ((done, total) => io.progress?.(`render ${count(done)}/${count(total)} pages`)),
  }).catch((error: unknown) => {
    throw themeRenderError(error, theme);
  });
}

type EmitInputs = Pick<Built, 'model' | 'render' | 'templates' | 'bundle' | 'client' | 'compress' | 'emoji' | 'brand' | 'social' | 'search' | 'images' | 'load' | 'staging' | 'public'>;

/** The site written: swapped into the output folder whole once its links are checked, or, for dev, only what
 *  changed written into its folder (liveSite.ts). */
export async function emitBuilt(context: BuildContext, built: EmitInputs): Promise<Built['emit']> {
  const { options, store, state, snapshot } = context;
  const { model, render, templates, bundle, client, compress, emoji, brand, social, search, images, load, staging, public: publicFiles } = built;
  const shell = options.precompress === false ? new Map() : await precompress(new Map([...encoded(client.files), ...brand.files]), context.compressCache, context.compressed);
  // The link-preview cards go in as the images' variants do: files to link or write.
  const imageVariants = new Map([...images.files, ...social.files]);
  if (options.live) {
    const assets = new Map([...emoji.files, ...brand.files, ...search, ...(await publicContents(publicFiles))]);
    const site = { site: model.site, pages: render, kinds: templates.kindInfo, bundle, catalogueDir: options.catalogueDir, images: load.images, linkedImages: load.linkedFiles, imageVariants, replacedImages: images.replaced };
    return options.live.update({ ...site, precompressed: new Map([...compress, ...shell]), assets, clientFiles: client.files }).catch((error: unknown) => {
      throw asLinkProblems(error, load, context);
    });
  }
  // What the last build into this folder learnt of its pages: the unchanged ones are not scanned again.
  const facts = store && (await PageFacts.read(store, factsName(options.outDir), render, templates.kindInfo));
  const emitted = await emitSite({
    site: model.site,
    pages: render,
    kinds: templates.kindInfo,
    bundle,
    catalogueDir: options.catalogueDir,
    images: load.images,
    linkedImages: load.linkedFiles,
    imageVariants,
    replacedImages: images.replaced,
    outDir: options.outDir,
    deployDir: options.deployDir,
    precompressed: new Map([...compress, ...shell]),
    assets: new Map([...emoji.files, ...brand.files, ...search]),
    clientFiles: client.files,
    publicFiles,
    staging: staging!,
    ...(snapshot && { beforeSwap: (dir: string) => void (state.output = recordOutput(dir, staging!.written, staging!.kept)) }),
    ...(facts && { facts: { checkLinks: facts.checkLinks, scriptHashes: (pages: readonly RenderedPage[]) => facts.scriptHashes(pages, templates.kindInfo) } }),
  }).catch((error: unknown) => {
    throw asLinkProblems(error, load, context);
  });
  facts?.keep();
  return emitted;
}

/**
 * Broken links in the built site that the catalogue's texts hold are the catalogue's problems, printed at their
 * places with the warnings (the structured formats take a run's problems at once); the rest, a template's, stay
 * the build's error.
 */
function asLinkProblems(error: unknown, load: CatalogueSource, { io, options, state }: BuildContext): unknown {
  if (!(error instanceof BrokenLinks)) return error;
  const { problems, rest } = catalogueLinkProblems(error.broken, load.texts);
  if (!problems.length) return error;
  printProblems(io.problems ? sortProblems([...state.warnings, ...problems]) : problems, options.catalogueDir, shown(options.catalogueDir), io, true);
  return rest.length ? new BrokenLinks(rest, error.after) : new CatalogueProblems();
}

/** The public files' bytes, for dev's folder (a few small files). */
const publicContents = async (files: readonly PublicFile[]) =>
  Promise.all(
    files.map(async (file): Promise<[string, Uint8Array]> => [
      file.path,
      await readFile(file.source).catch((error: unknown) => {
        throw vanished(error, `public/${file.path}`);
      }),
    ]),
  );

const encoded = (files: ReadonlyMap<string, string>) => new Map([...files].map(([path, text]): [string, Uint8Array] => [path, new TextEncoder().encode(text)]));
