// The build read top to bottom: load → validate → model → bundle → render → emit. Each stage is its own
// module; this file only sequences them, times them and reports.
import { join, relative } from 'node:path';
import { loadCatalogue } from './catalogue/load.ts';
import { errorsIn, formatProblems, summarise } from './catalogue/problems.ts';
import { validateCatalogueInParallel } from './catalogue/validate.ts';
import { buildModel, type Site } from './model/model.ts';
import { pagesOf } from './model/pages.ts';
import { bundleClient, bundleRenderer, PACKAGE_ROOT } from './build/bundle.ts';
import { precompress } from './build/compress.ts';
import { emojiAssets, TEMPLATE_EMOJI } from './build/emoji.ts';
import { siteCharacters } from './build/fontSubset.ts';
import { emojiIn } from './model/emoji.ts';
import { emitSite, imageFiles, Staging } from './build/emit.ts';
import { renderPages } from './build/render.ts';
import { clientFiles, documentAssets } from './build/shell.ts';

export interface Reporter {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Load and validate a catalogue, print its problems, and return the model when it is valid. */
export async function checkCatalogue(dir: string, io: Reporter, shownDir = dir): Promise<{ ok: boolean; site?: Site }> {
  const source = await loadCatalogue(dir);
  const { problems, catalogue } = await validateCatalogueInParallel(source);
  if (problems.length) (errorsIn(problems).length ? io.err : io.out)(formatProblems(problems, shownDir));
  if (!catalogue) {
    io.err('The catalogue has errors; fix them and run again. Nothing was built.');
    return { ok: false };
  }
  const site = buildModel(catalogue);
  if (!problems.length) io.out(`${summarise(problems)} ${site.categories.length} categories, ${site.services.length} services.`);
  return { ok: true, site };
}

export interface BuildOptions {
  catalogueDir: string;
  outDir: string;
  /** Overrides site.yaml's baseUrl, e.g. for a staging deployment. */
  baseUrl?: string;
  development?: boolean;
  /** Where nginx.conf goes (default: a `deploy` folder next to outDir). */
  deployDir?: string;
  /** Write .br and .gz siblings of text files (default true; dev turns it off for speed). */
  precompress?: boolean;
}

export interface BuildResult {
  ok: boolean;
  pages?: number;
  files?: number;
}

/** Times one stage and prints a line for it. */
async function step<T>(io: Reporter, name: string, run: () => Promise<T> | T, summary: (value: T) => string): Promise<T> {
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  io.out(`  ${name.padEnd(9)}${`${Math.round(ms)} ms`.padStart(8)}   ${summary(value)}`);
  return value;
}

export async function buildSite(options: BuildOptions, io: Reporter): Promise<BuildResult> {
  const started = performance.now();
  io.out(`Building ${shown(options.catalogueDir)} → ${shown(options.outDir)}${options.development ? ' (development React)' : ''}`);
  const source = await step(io, 'load', () => loadCatalogue(options.catalogueDir), (s) => `${s.texts.size} text files, ${s.images.size} images`);
  // The new site is written into a staging folder beside the output folder, starting with the images, which
  // copy while the catalogue is checked, and then each page as it renders. It replaces the output folder only
  // once the whole site is written and its links checked, and is removed if anything fails.
  const staging = await Staging.open(options.outDir);
  const copyingImages = staging.writeAll(imageFiles(options.catalogueDir, source.images));
  copyingImages.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  // The bundles depend on the templates and on which characters the catalogue uses (the font subset), not on
  // whether the catalogue is valid: esbuild makes them in its own process while this one checks the catalogue.
  const characters = siteCharacters(source.texts.values());
  const drawingEmoji = emojiAssets(emojiIn([TEMPLATE_EMOJI.join(' '), ...source.texts.values()]));
  drawingEmoji.catch(() => {}); // awaited below, as the bundles
  const bundling = Promise.all([bundleClient({ development: options.development, characters }), bundleRenderer()]);
  bundling.catch(() => {}); // awaited below, as above
  // Compressing the hashed assets (brotli's best level: about 0.6 s of CPU, most of it React DOM) starts as
  // soon as they exist, on the core that validating leaves free. Started with render, it competed with render
  // for the cores and for libuv's threads, which the page writes use: render took 0.35 s longer at 1,500 services.
  const compressCache = join(PACKAGE_ROOT, 'node_modules/.cache/storefront/compressed');
  const compressingAssets =
    options.precompress === false ? undefined : Promise.all([bundling, drawingEmoji]).then(([[bundle], emoji]) => precompress(new Map([...bundle.files, ...emoji.files]), compressCache));
  compressingAssets?.catch(() => {}); // awaited below, as above
  try {
    const { problems, catalogue } = await step(io, 'validate', () => validateCatalogueInParallel(source), (r) => summarise(r.problems));
    if (problems.length) (catalogue ? io.out : io.err)(formatProblems(problems, shown(options.catalogueDir)));
    if (!catalogue) {
      io.err('The catalogue has errors; fix them and run again. Nothing was written: the previous site is unchanged.');
      await Promise.all([copyingImages.catch(() => {}), bundling.catch(() => {}), compressingAssets?.catch(() => {})]);
      await staging.abort();
      return { ok: false };
    }
    const emoji = await drawingEmoji;
    const { site, pages } = await step(
      io,
      'model',
      () => {
        const model = { ...buildModel(catalogue), emoji: emoji.urls };
        const site = options.baseUrl ? { ...model, baseUrl: options.baseUrl.replace(/\/+$/, '') } : model;
        return { site, pages: pagesOf(site) };
      },
      ({ site, pages }) => `${site.categories.length} categories, ${site.services.length} services, ${pages.length} pages`,
    );
    const [bundle, renderer] = await step(
      io,
      'bundle',
      () => bundling,
      ([b]) => `${b.files.size} files, ${kilobytes([...b.files.values()].reduce((n, f) => n + f.byteLength, 0))}`,
    );
    // The site shell and loader depend on the model, so they are compressed now, while the pages render.
    const client = clientFiles(site, bundle);
    const clientBytes = new Map([...client.files].map(([path, text]): [string, Uint8Array] => [path, new TextEncoder().encode(text)]));
    const compressing = compressingAssets && Promise.all([compressingAssets, precompress(clientBytes, compressCache)]).then(([assets, shell]) => new Map([...assets, ...shell]));
    const rendered = await step(io, 'render', () => renderPages(site, pages, renderer, documentAssets(bundle, client.loader.url), staging.writePage), (r) => `${r.length} pages, written as they render`);
    const precompressed = await compressing;
    await copyingImages;
    const { files } = await step(
      io,
      'emit',
      () => emitSite({ site, pages: rendered, bundle, catalogueDir: options.catalogueDir, images: source.images, outDir: options.outDir, deployDir: options.deployDir, precompressed, assets: emoji.files, clientFiles: client.files, staging }),
      (r) => `${r.files} files in all, headers in _headers and ${shown(r.nginxConf)}`,
    );
    io.out(`Built ${rendered.length} pages into ${shown(options.outDir)} in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
    return { ok: true, pages: rendered.length, files };
  } catch (error) {
    await Promise.all([copyingImages.catch(() => {}), bundling.catch(() => {}), compressingAssets?.catch(() => {})]);
    await staging.abort();
    throw error;
  }
}

/** Paths as the maintainer typed them: relative to the current folder when inside it. */
const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
