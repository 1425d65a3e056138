// The build, read top to bottom: load → validate → model → bundle → render → emit. Each stage is its own
// module; this file only declares what each stage needs, and the runner (stages.ts) starts every stage as soon
// as its inputs are there, times it and reports it. So the bundles are made, the images copied and the emoji
// drawn while the catalogue is validated, without a promise arranged by hand.
import { join, relative } from 'node:path';
import { loadCatalogue, type CatalogueSource } from './catalogue/load.ts';
import type { CompiledDescription } from './catalogue/markdown.ts';
import { errorsIn, formatProblems, summarise } from './catalogue/problems.ts';
import { validateCatalogue, type Validation, type ValidCatalogue } from './catalogue/validate.ts';
import type { Page } from './client/pageKind.ts';
import { fixedRoutes } from './client/routeTable.ts';
import { emojiIn } from './core/emoji.ts';
import { bundleClient, bundleRenderer, PACKAGE_ROOT, PAGE_KINDS_DIR, type BundleMemo, type ClientBundle, type Renderer } from './build/bundle.ts';
import { precompress } from './build/compress.ts';
import { emitSite, imageFiles, Staging } from './build/emit.ts';
import { asUserError, checkOutDir, claimOutDir, type Claim } from './build/outDir.ts';
import { emojiAssets, TEMPLATE_EMOJI, type EmojiAssets } from './build/emoji.ts';
import { siteCharacters } from './build/fontSubset.ts';
import { findPageKinds, type PageKindFile } from './build/pageKinds.ts';
import { renderPages, type RenderedPage, type RenderMemo } from './build/render.ts';
import { searchIndex } from './build/search.ts';
import { clientFiles, documentAssets } from './build/shell.ts';
import { UserError } from './errors.ts';
import { buildModel, type Site } from './model/model.ts';
import { runStages, type StageReport } from './stages.ts';

export interface Reporter {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** What a build may reuse from the builds before it in the same process (dev rebuilds); never wrong. */
export interface BuildCache {
  descriptions: Map<string, CompiledDescription>;
  bundles: BundleMemo;
  pages: RenderMemo;
}

export const createBuildCache = (): BuildCache => ({ descriptions: new Map(), bundles: new Map(), pages: {} });

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
  cache?: BuildCache;
}

export interface BuildResult {
  ok: boolean;
  pages?: number;
  files?: number;
}

/** The catalogue has problems: they have been printed, and nothing was built. */
class CatalogueProblems extends Error {}

/** The results of the build's stages, by name. */
interface Built {
  load: CatalogueSource;
  staging: Staging;
  images: number;
  templates: Renderer;
  emoji: EmojiAssets;
  validate: ValidCatalogue;
  model: { site: Site; pages: Page[] };
  bundle: ClientBundle;
  client: ReturnType<typeof clientFiles>;
  compress: Map<string, Uint8Array>;
  render: RenderedPage[];
  search: Map<string, Uint8Array>;
  emit: { files: number; nginxConf: string };
}

export async function buildSite(options: BuildOptions, io: Reporter): Promise<BuildResult> {
  const started = performance.now();
  const { cache } = options;
  const pageKinds = findPageKinds(options.pageKindDirs ?? [PAGE_KINDS_DIR]);
  const compressCache = join(PACKAGE_ROOT, 'node_modules/.cache/storefront/compressed');
  const { outDir } = options;
  await checkOutDir({ outDir, catalogueDir: options.catalogueDir, projectDir: options.projectDir ?? process.cwd(), force: options.force, shown: shown(outDir) }).catch((error: unknown) => {
    throw asUserError(error, outDir, shown(outDir));
  });
  io.out(`Building ${shown(options.catalogueDir)} → ${shown(outDir)}${options.development ? ' (development React)' : ''}`);
  let staging: Staging | undefined;
  let claim: Claim | undefined;
  try {
    // One build at a time into one output folder; a second one waits here, before any stage starts.
    claim = await claimOutDir(outDir, {
      waiting: (pid) => io.out(`Waiting for another build (process ${pid}) to finish writing ${shown(outDir)}…`),
      restored: (from) => io.out(`Restored ${shown(outDir)} from ${from}, which a build stopped while replacing it left behind.`),
    });
    const built = await runStages<Built>(
      {
        load: {
          run: () => loadCatalogue(options.catalogueDir),
          summary: (s) => `${s.texts.size} text files, ${s.images.size} images`,
        },
        // The new site goes into a fresh folder beside the output folder (images first, while the catalogue is
        // validated); it replaces the output folder only once it is complete and its links checked (emit), and is
        // removed if anything fails.
        staging: { run: async () => (staging = await Staging.open(options.outDir)) },
        images: {
          needs: ['load', 'staging'],
          run: async ({ load, staging }) => (await staging.writeAll(imageFiles(options.catalogueDir, load.images)), load.images.size),
          summary: (n) => `${n} images linked into the new site`,
        },
        // The prerenderer: the page kinds, their pages and heads. Validate needs the routes of their pages.
        templates: {
          run: async () => assertPageKinds(await bundleRenderer({ pageKinds, memo: cache?.bundles }), pageKinds),
          summary: (r) => `${Object.keys(r.kindInfo).length} page kinds, prerenderer bundled`,
        },
        emoji: {
          needs: ['load'],
          run: ({ load }) => emojiAssets(emojiIn([TEMPLATE_EMOJI.join(' '), ...load.texts.values()])),
          summary: (e) => `${e.files.size} emoji drawn`,
        },
        validate: {
          needs: ['load', 'templates'],
          run: async ({ load, templates }) => validCatalogue(validateCatalogue(load, { pageRoutes: fixedRoutes(templates.kindInfo), memo: cache?.descriptions }), io, options.catalogueDir),
          summary: () => 'The catalogue is valid.',
        },
        model: {
          needs: ['validate', 'emoji', 'templates'],
          run: ({ validate, emoji, templates }) => {
            const model = { ...buildModel(validate), emoji: emoji.urls };
            const site = options.baseUrl ? { ...model, baseUrl: options.baseUrl.replace(/\/+$/, '') } : model;
            return { site, pages: templates.pagesOf(site) };
          },
          summary: ({ site, pages }) => `${site.categories.length} categories, ${site.services.length} services, ${pages.length} pages`,
        },
        // Depends on the templates and on which characters the catalogue uses (the font subset), not on whether
        // the catalogue is valid: esbuild makes it in its own process while this one validates.
        bundle: {
          needs: ['load'],
          run: ({ load }) => bundleClient({ development: options.development, characters: siteCharacters(load.texts.values()), pageKinds, memo: cache?.bundles }),
          summary: (b) => `${b.files.size} files, ${kilobytes([...b.files.values()].reduce((n, f) => n + f.byteLength, 0))}`,
        },
        // The site shell and the client loader: hashed files the same for every page.
        client: {
          needs: ['model', 'bundle', 'templates'],
          run: ({ model, bundle, templates }) => clientFiles(model.site, bundle, templates.kindInfo),
        },
        // Brotli's best level takes about 0.6 s of CPU (most of it React DOM): the hashed assets are compressed
        // as soon as they exist, on the core that validating leaves free.
        compress: {
          needs: ['bundle', 'emoji'],
          run: ({ bundle, emoji }) => (options.precompress === false ? new Map() : precompress(new Map([...bundle.files, ...emoji.files]), compressCache)),
          summary: (c) => `${c.size} .br and .gz files`,
        },
        // Pagefind indexes in a process of its own, while this one renders.
        search: {
          needs: ['model', 'templates'],
          run: ({ model, templates }) => searchIndex(templates.searchRecordsOf(model.site)),
          summary: (files) => (files.size ? `${files.size} index files, ${kilobytes([...files.values()].reduce((n, f) => n + f.byteLength, 0))}` : 'no page kind offers search'),
        },
        render: {
          needs: ['model', 'templates', 'bundle', 'client'],
          run: ({ model, templates, bundle, client }) => renderPages(model.site, model.pages, templates, documentAssets(bundle, client.loader.url), cache?.pages),
          summary: (r) => `${r.length} pages`,
        },
        emit: {
          needs: ['model', 'render', 'templates', 'bundle', 'client', 'compress', 'emoji', 'search', 'images', 'load', 'staging'],
          run: async ({ model, render, templates, bundle, client, compress, emoji, search, load, staging }) => {
            const shell = options.precompress === false ? new Map() : await precompress(encoded(client.files), compressCache);
            return emitSite({
              site: model.site,
              pages: render,
              kinds: templates.kindInfo,
              bundle,
              catalogueDir: options.catalogueDir,
              images: load.images,
              outDir: options.outDir,
              deployDir: options.deployDir,
              precompressed: new Map([...compress, ...shell]),
              assets: new Map([...emoji.files, ...search]),
              clientFiles: client.files,
              staging,
            });
          },
          summary: (r) => `${r.files} files in all, headers in _headers and ${shown(r.nginxConf)}`,
        },
      },
      reportTo(io),
    );
    io.out(`Built ${built.render.length} pages into ${shown(options.outDir)} in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
    return { ok: true, pages: built.render.length, files: built.emit.files };
  } catch (error) {
    await staging?.abort();
    if (error instanceof CatalogueProblems) {
      io.err('The catalogue has errors; fix them and run again. Nothing was written: the previous site is unchanged.');
      return { ok: false };
    }
    throw asUserError(error, outDir, shown(outDir));
  } finally {
    await claim?.release();
  }
}

/** Load and validate a catalogue, print its problems, and return the model when it is valid. */
export async function checkCatalogue(dir: string, io: Reporter, shownDir = dir): Promise<{ ok: boolean; site?: Site }> {
  const pageKinds = findPageKinds([PAGE_KINDS_DIR]);
  const [source, renderer] = await Promise.all([loadCatalogue(dir), bundleRenderer({ pageKinds }).then((r) => assertPageKinds(r, pageKinds))]);
  const { problems, catalogue } = validateCatalogue(source, { pageRoutes: fixedRoutes(renderer.kindInfo) });
  if (problems.length) (errorsIn(problems).length ? io.err : io.out)(formatProblems(problems, shownDir));
  if (!catalogue) {
    io.err('The catalogue has errors; fix them and run again.');
    return { ok: false };
  }
  const site = buildModel(catalogue);
  if (!problems.length) io.out(`${summarise(problems)} ${site.categories.length} categories, ${site.services.length} services.`);
  return { ok: true, site };
}

/** Prints the problems; the valid catalogue, or CatalogueProblems when there is none. */
function validCatalogue({ problems, catalogue }: Validation, io: Reporter, catalogueDir: string): ValidCatalogue {
  if (problems.length) (catalogue ? io.out : io.err)(formatProblems(problems, shown(catalogueDir)));
  if (!catalogue) throw new CatalogueProblems();
  return catalogue;
}

/** A page kind module without an export it needs is the template author's mistake: say which and what. */
function assertPageKinds(renderer: Renderer, pageKinds: readonly PageKindFile[]): Renderer {
  if (!renderer.kindProblems.length) return renderer;
  const fileOf = (kind: string) => shown(pageKinds.find((k) => k.name === kind)?.file ?? kind);
  const lines = renderer.kindProblems.map(([kind, problems]) => `  ${fileOf(kind)}: ${problems.join('; ')}.`);
  throw new UserError(`A page kind module is incomplete (see src/client/pageKind.ts):\n${lines.join('\n')}`);
}

/** A line a stage: its time, when it started (stages overlap), what it did. */
const reportTo =
  (io: Reporter): StageReport =>
  (name, ms, at, summary) =>
    io.out(`  ${name.padEnd(10)}${`${Math.round(ms)} ms`.padStart(8)}  ${`(at ${Math.round(at)} ms)`.padEnd(13)} ${summary}`);

const encoded = (files: ReadonlyMap<string, string>) => new Map([...files].map(([path, text]): [string, Uint8Array] => [path, new TextEncoder().encode(text)]));

/** Paths as the maintainer typed them: relative to the current folder when inside it. */
const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
