// Stage: emit. The site is written into a staging folder next to the output folder (staging.ts; the images go in
// first, while the catalogue is validated) and swapped in with renames only once every file is there and every
// internal link checked. A failed build never leaves a half-written site, and the previous one stays until the
// new one is complete.
import { rename, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { KindInfo } from '../client/pageKind.ts';
import { routeToFile } from '../core/routes.ts';
import type { Site } from '../model/model.ts';
import type { ClientBundle } from './bundle.ts';
import { atomicWrite } from './cache.ts';
import { defaultDeployDir } from './folders.ts';
import type { PublicFile } from '../catalogue/publicFolder.ts';
import { headerRules, headersFile, nginxConf } from './headers.ts';
import { BrokenLinks, findBrokenLinks, type Documents } from './links.ts';
import { scanOf, type RenderedPage } from './render.ts';
import { SEARCH_ENTRY } from './search.ts';
import { keepOrRemove, Staging, type SiteFile } from './staging.ts';

export interface EmitInput {
  site: Site;
  pages: readonly RenderedPage[];
  /** The page kinds' options (the 404 page's kind, the embeddable kinds). */
  kinds: Readonly<Record<string, KindInfo>>;
  bundle: ClientBundle;
  catalogueDir: string;
  /** Image files of the catalogue, relative to it (img/...). */
  images: Iterable<string>;
  /** The images that are symbolic links, with the files they lead to (load.ts). */
  linkedImages?: ReadonlyMap<string, string>;
  /** The sizes made of the raster images, by path in the site (images.ts). */
  imageVariants?: ReadonlyMap<string, SiteFile>;
  /** The images of `images` that pages show only through their variants: not published as they are (images.ts). */
  replacedImages?: ReadonlySet<string>;
  outDir: string;
  /** Where deploy/nginx.conf goes (default: a `deploy` folder next to outDir). */
  deployDir?: string;
  /** .br and .gz siblings of the hashed text assets (see compress.ts), when wanted. */
  precompressed?: ReadonlyMap<string, Uint8Array>;
  /** Other assets, by path inside the site: the emoji's SVG files (emoji.ts), the theme's stylesheet and icons
   *  (brand.ts), the search index (search.ts). */
  assets?: ReadonlyMap<string, Uint8Array>;
  /** The site shell and the client loader, by path inside the site (shell.ts clientFiles). */
  clientFiles: ReadonlyMap<string, string>;
  /** The files of the site's public/ folder, copied to the site's root as they are. */
  publicFiles?: readonly PublicFile[];
}

/** Files of the site other than pages and bundles: the sitemap and robots.txt (the icons are the theme's: brand.ts). */
export function siteFiles(site: Site, pages: readonly RenderedPage[]): Map<string, string> {
  const indexed = pages.filter((p) => p.page.indexed).map((p) => `${site.baseUrl}${p.page.route}`);
  const escape = (s: string) => (s.includes('&') || s.includes('<') ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;') : s);
  return new Map([
    [
      'sitemap.xml',
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexed.map((u) => `  <url><loc>${escape(u)}</loc></url>`).join('\n')}\n</urlset>\n`,
    ],
    ['robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.baseUrl}/sitemap.xml\n`],
  ]);
}

/** The files of one rendered page: its document, and 404.html for the 404 page. */
export function pageFiles(rendered: RenderedPage, kinds: Readonly<Record<string, KindInfo>>): [string, string][] {
  const { html } = rendered;
  return pagePaths(rendered, kinds).map((path) => [path, html]);
}

/** The paths of pageFiles, without reading the document (decoding it, render.ts). */
export function pagePaths({ page }: RenderedPage, kinds: Readonly<Record<string, KindInfo>>): readonly string[] {
  return kinds[page.kind]?.notFound ? [routeToFile(page.route), '404.html'] : [routeToFile(page.route)];
}

/** The rendered pages by the paths of their files. */
export function pagesByPath(pages: readonly RenderedPage[], kinds: Readonly<Record<string, KindInfo>>): Map<string, RenderedPage> {
  const byPath = new Map<string, RenderedPage>();
  for (const rendered of pages) for (const path of pagePaths(rendered, kinds)) byPath.set(path, rendered);
  return byPath;
}

/** The page documents by path, as render scanned them; a page it did not scan is read (decoded) only when asked
 *  for: all of them as text at once would be 370 MB at 10,000 heavy services (render.ts). */
export const lazyDocuments = (byPath: ReadonlyMap<string, RenderedPage>): Documents => ({
  keys: () => byPath.keys(),
  get: (path) => {
    const rendered = byPath.get(path);
    return rendered && scanOf(rendered);
  },
});

export const pageDocuments = (pages: readonly RenderedPage[], kinds: Readonly<Record<string, KindInfo>>): Documents => lazyDocuments(pagesByPath(pages, kinds));

/** The whole site as a file tree (the images already written are in it too, for the link check); without
 *  `_headers` when `rules` is null. */
export function assembleSite({ site, pages, kinds, bundle, catalogueDir, images, linkedImages, imageVariants, replacedImages, precompressed, assets, clientFiles, publicFiles = [] }: Omit<EmitInput, 'outDir'>, rules: HeaderRules | null = hostingRules(pages, kinds, hasSearch(assets), undefined, publicFiles)): Map<string, SiteFile> {
  const tree = new Map<string, SiteFile>();
  // Validation made sure that no built file has a public file's name (build/publicFiles.ts).
  for (const file of publicFiles) tree.set(file.path, { copyFrom: file.source });
  for (const [path, file] of imageFiles(catalogueDir, images, linkedImages)) if (!replacedImages?.has(path)) tree.set(path, file);
  for (const [path, file] of imageVariants ?? []) tree.set(path, file);
  for (const [path, content] of bundle.files) tree.set(path, { content });
  for (const [path, content] of assets ?? []) tree.set(path, { content });
  for (const [path, content] of precompressed ?? []) tree.set(path, { content });
  for (const [path, content] of siteFiles(site, pages)) tree.set(path, { content });
  for (const [path, content] of clientFiles) tree.set(path, { content });
  // A page the build cache holds is linked from there (render.ts): a warm build writes no page's bytes again.
  for (const rendered of pages) {
    // Written by render already (render.ts `staging`): Staging.write passes it by.
    if (rendered.staged) for (const path of pagePaths(rendered, kinds)) tree.set(path, { copyFrom: rendered.staged });
    else {
      const content = rendered.bytes ?? rendered.html;
      for (const path of pagePaths(rendered, kinds)) tree.set(path, rendered.file ? { copyFrom: rendered.file, content } : { content });
    }
  }
  if (rules) tree.set('_headers', { content: headersFile(rules) });
  return tree;
}

type HeaderRules = ReturnType<typeof hostingRules>;

/** The hosting headers of the site: its routes and the hashes of the inline scripts its pages run. */
export const hostingRules = (
  pages: readonly RenderedPage[],
  kinds: Readonly<Record<string, KindInfo>>,
  search = false,
  scripts = (all: readonly RenderedPage[]) => [...new Set(all.flatMap((rendered) => scanOf(rendered).scripts))].sort(),
  publicFiles: readonly PublicFile[] = [],
) => headerRules({ routes: pages.map((p) => p.page.route), embeddable: embeddableRoutes(pages, kinds), scriptHashes: scripts(pages), search, publicFiles: publicFiles.map((file) => file.path) });

const hasSearch = (files: EmitInput['assets']) => files?.has(SEARCH_ENTRY) ?? false;

const embeddableRoutes = (pages: readonly RenderedPage[], kinds: Readonly<Record<string, KindInfo>>) =>
  pages.filter((p) => kinds[p.page.kind]?.embeddable).map((p) => p.page.route);

/** The catalogue's images as site files, copied as they are. The folder is joined once, not once a file (10,000
 *  joins were 10 ms of every dev rebuild): the image paths are relative and normalised already (load.ts). */
export function imageFiles(catalogueDir: string, images: Iterable<string>, linked?: ReadonlyMap<string, string>): [string, SiteFile][] {
  const folder = join(catalogueDir, '_').slice(0, -1);
  return [...images].map((image) => [image, { copyFrom: linked?.get(image) ?? folder + (sep === '/' ? image : image.replaceAll('/', sep)) }]);
}

/**
 * Writes the site and swaps it in: the files are written into the staging folder while the header files are
 * made and the links checked. Nothing is visible before the swap, and a broken link removes the staging folder.
 */
export async function emitSite(
  input: EmitInput & {
    staging?: Staging;
    beforeSwap?: (stagingDir: string) => void;
    /** The link check and the inline scripts' scan, from what the last build learnt (pageFacts.ts). */
    facts?: { checkLinks: typeof findBrokenLinks; scriptHashes: (pages: readonly RenderedPage[]) => string[] };
  },
): Promise<{ files: number; nginxConf: string }> {
  const { outDir } = input;
  let staging = input.staging;
  let written: Promise<void> | undefined;
  try {
    staging ??= await Staging.open(outDir);
    const tree = assembleSite(input, null);
    written = staging.writeAll(tree);
    // One scan of every page for its inline scripts, for both header files.
    const rules = hostingRules(input.pages, input.kinds, hasSearch(input.assets), input.facts?.scriptHashes, input.publicFiles);
    tree.set('_headers', { content: headersFile(rules) });
    const broken = (input.facts?.checkLinks ?? findBrokenLinks)(pageDocuments(input.pages, input.kinds), new Set(tree.keys()));
    if (broken.length) throw new BrokenLinks(broken, 'Nothing was written: the previous site is unchanged.');
    await written;
    await staging.writeAll(tree);
    await staging.removeLeftovers();
    // The complete new site, before anyone can see it: what the next build's "nothing changed" check compares.
    input.beforeSwap?.(staging.dir);
    staging.swapping = true;
    await swapIn(staging.dir, outDir, staging.keepOldIn);
    const nginx = join(input.deployDir ?? defaultDeployDir(outDir), 'nginx.conf');
    // Sibling builds (-o out/a, -o out/b) share this file: each writes its own temporary file.
    await atomicWrite(nginx, nginxConf(rules, embeddableRoutes(input.pages, input.kinds), (input.publicFiles ?? []).map((file) => file.path)));
    return { files: tree.size, nginxConf: nginx };
  } catch (error) {
    // Writes still under way would recreate folders in the staging folder after it is removed.
    await written?.catch(() => undefined);
    await staging?.abort();
    throw error;
  }
}

/** Replaces outDir with staging: the old site is moved aside first, and once the new one is in it is kept for the
 *  next build to start from (`keepOldIn`, in the cache folder) or removed.
 *  Between the two renames there is no outDir; a build killed there leaves the old site in `<staging>-old`, and
 *  the next build puts it back (claimOutDir). outDir stays a real folder rather than a symbolic link switched in
 *  one rename, because `tar`, `cp -r`, `rsync -a dist host:` and git's `dist/` ignore pattern take a link for a
 *  file, not the site (docs/decisions.md). */
async function swapIn(staging: string, outDir: string, keepOldIn: string | undefined) {
  const old = `${staging}-old`;
  await rm(old, { recursive: true, force: true });
  await rename(outDir, old).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(staging, outDir);
  await keepOrRemove(old, keepOldIn);
}
