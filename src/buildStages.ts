// The build's stage table, top to bottom in the order the stages run. Each names the stages whose results it
// needs; the runner (stages.ts) starts it as soon as they are there, times it and prints its line, so the stages
// from images to compress overlap the catalogue's validation. A build, a warm build and dev run this same table;
// dev's LiveSite (options.live) writes what changed into its own folder in place of the staging folder.
import { compileAll } from './build/descriptions.ts';
import { bundleClient } from './build/bundle.ts';
import { cachedImageProblems } from './build/cachedStages.ts';
import { precompress } from './build/compress.ts';
import { emojiAssets } from './build/emoji.ts';
import { siteCharacters } from './build/fontSubset.ts';
import { clientFiles, kindsWithPages } from './build/shell.ts';
import { stagingFolder } from './build/outDir.ts';
import { themeDirOf } from './build/theme.ts';
import { existsSync } from 'node:fs';
import { readPublicFolder } from './build/publicFiles.ts';
import type { CatalogueSource } from './catalogue/load.ts';
import type { BuildContext, Built } from './buildContext.ts';
import type { BuildCache } from './buildOptions.ts';
import { brandLine, descriptionsLine, emitLine, imagesLine, kilobytes, modelLine, searchLine, shown, sizeOf, socialLine, templatesLine } from './buildReport.ts';
import { emitBuilt, openStaging, pagesSocialImages, readCatalogue, renderSite, siteBrand, siteImages, siteModel, siteSocialLook, showOpenPages, siteSearch, siteTemplates, siteTheme, themeLine, validated } from './buildSteps.ts';
import type { Stages } from './stages.ts';

export function buildStages(context: BuildContext): Stages<Built> {
  const { options, cache, store, folder, pageKinds, verbose, state, compressed, compressCache } = context;
  // dev's open pages go ahead of the work on every page; a one-off build does not wait for them.
  const afterOpenPages = options.live ? (['openPages'] as const) : [];
  return {
    // The catalogue folder in memory: its texts, images and SVGs.
    load: { run: () => readCatalogue(options.catalogueDir, store, options.load), summary: (s) => `${s.texts.size} text files, ${s.images.size} images` },
    // The folder beside the output folder that the new site goes into (none for dev): it replaces the output folder
    // only once complete and its links checked (emit), and is removed if anything fails. With the cache, it starts
    // as the site the last build replaced (staging.ts).
    staging: {
      run: () => openStaging(context),
      ...(verbose && !options.live && { summary: (s) => `the new site is written in ${stagingFolder(options.outDir)} first${s?.recycled ? ", starting from an earlier build's site" : ''}` }),
    },
    // The site's theme/ folder: the built-in template files it replaces (build/theme.ts).
    theme: { run: () => siteTheme(context), ...(existsSync(themeDirOf(options.catalogueDir)) && { summary: themeLine }) },
    // The prerenderer: the page kinds, their pages and heads. Validate needs the routes of their pages.
    templates: { needs: ['theme'], run: ({ theme }) => siteTemplates(context, theme), summary: templatesLine },
    // The sizes each raster image is shown in (build/images.ts), which pages name instead of it; the other images
    // linked into the new site as they are, while the catalogue is validated.
    images: { needs: ['load', 'staging'], run: (built) => siteImages(context, built), summary: (i) => imagesLine(i, context.imageCache, verbose) },
    // The SVG of every emoji the texts use.
    emoji: { needs: ['load'], run: ({ load }) => emojiAssets(emojiOf(load, cache), folder('emoji')), summary: (e) => `${e.files.size} emoji drawn` },
    // The descriptions compiled (or taken from the cache) before validation reads them: most of a cold build's
    // CPU time with long descriptions, so it has its own line.
    markdown: {
      needs: ['load'],
      run: ({ load }) => context.descriptionsLoaded.then(() => compileAll(descriptionTexts(load), cache.descriptions, context.workers)),
      summary: () => descriptionsLine(cache.descriptions, verbose),
    },
    // The files of the site's public/ folder, beside the catalogue, copied to the site's root as they are.
    public: { run: () => readPublicFolder(options.catalogueDir), ...(verbose && { summary: (p: Built['public']) => `${p.length} files in public/` }) },
    // The image checks' problems: from the cache when the images are as they were (dev keeps them in memory),
    // else checked here while the worker pool compiles the descriptions.
    imageChecks: { needs: ['load'], run: ({ load }) => cachedImageProblems(load, options.live ? undefined : store, cache.validation) },
    // The client bundle, with the font subset of the characters the texts use: esbuild makes it in its own process
    // while this one validates.
    bundle: {
      needs: ['load', 'theme'],
      run: ({ load, theme }) => bundleClient({ development: options.development, characters: siteCharacters(cache.characters.values(load.texts)), pageKinds, memo: cache.bundles, store, fontCache: folder('fonts'), theme }),
      summary: (b) => `${b.files.size} files, ${kilobytes(sizeOf(b.files))}`,
    },
    // The .br and .gz files of the hashed assets, as soon as they exist (Brotli's best level takes about 0.6 s of
    // CPU, most of it React DOM), on the core that validating leaves free.
    compress: {
      needs: ['bundle', 'emoji'],
      run: ({ bundle, emoji }) => (options.precompress === false ? new Map() : precompress(new Map([...bundle.files, ...emoji.files]), compressCache, compressed)),
      summary: (c) => `${c.size} .br and .gz files${verbose ? `, ${compressed.fromCache} from the cache in ${shown(compressCache)}` : ''}`,
    },
    // The valid catalogue, its problems printed; a catalogue with errors stops the build here.
    validate: { needs: ['load', 'templates', 'markdown', 'imageChecks', 'public', 'theme'], run: (built) => validated(context, built), summary: () => 'The catalogue is valid.' },
    // site.yaml's theme: the theme stylesheet, the icons (sharp draws the PNGs) and the logo's size.
    brand: { needs: ['validate', 'load', 'emoji'], run: (built) => siteBrand(context, built), summary: brandLine },
    // The site model, and the page kinds' pages of it.
    model: { needs: ['validate', 'emoji', 'brand', 'templates', 'images'], run: (built) => siteModel(context, built), summary: modelLine },
    // The site shell and the client loader: hashed files the same for every page.
    client: {
      needs: ['model', 'bundle', 'templates'],
      run: ({ model, bundle, templates }) => clientFiles(model.site, bundle, kindsWithPages(templates.kindInfo, model.pages)),
      ...(verbose && { summary: (c: Built['client']) => `site shell and loader, ${c.files.size} files` }),
    },
    // The look of the pages' link-preview images: their names, which every page's head gives, depend on it.
    socialLook: { needs: ['model', 'validate', 'emoji'], run: (built) => siteSocialLook(context, built) },
    // dev: the pages open in a browser, rendered and written first, so that they reload before the site's other
    // work is done (the search records and link-preview cards of 10,000 services took 130 ms before them).
    openPages: { needs: ['model', 'templates', 'bundle', 'client', 'brand', 'socialLook'], run: (built) => showOpenPages(context, built) },
    // The site's search index (build/search.ts), made again only when the records changed. Its records are made
    // on this thread in one go (0.3 s at 10,000 services): begun a turn later, once social and render, which start
    // with it, have handed the worker pool their first tasks.
    search: { needs: ['model', 'templates', ...afterOpenPages], run: async (built) => (await new Promise(setImmediate), siteSearch(context, built)), summary: searchLine },
    // The link-preview image of every page (build/socialImages.ts), drawn for the cards the cache lacks.
    social: { needs: ['socialLook', 'model', 'templates', 'staging', ...afterOpenPages], run: (built) => pagesSocialImages(context, built), summary: socialLine },
    // Every page's HTML (build/render.ts), those the cache lacks on the worker pool.
    render: { needs: ['model', 'templates', 'bundle', 'client', 'brand', 'staging', 'socialLook', 'theme', ...afterOpenPages], run: (built) => renderSite(context, built), summary: (r) => `${r.length} pages` },
    // The site in place: the pages and every other file, the link check, the headers, then the swap (build/emit.ts).
    emit: {
      needs: ['model', 'render', 'templates', 'bundle', 'client', 'compress', 'emoji', 'brand', 'social', 'search', 'images', 'load', 'staging', 'public'],
      run: (built) => emitBuilt(context, built),
      summary: (r) => emitLine(r, state.staging),
    },
  };
}

const descriptionTexts = (load: CatalogueSource) => [...load.texts].filter(([file]) => file.startsWith('descriptions/')).map(([, text]) => text);
const emojiOf = (load: CatalogueSource, cache: BuildCache) => [...new Set(cache.emoji.values(load.texts).flat())].sort();
