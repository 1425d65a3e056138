// Stage: emit. The whole site is first assembled in memory as a file tree and its links checked; then it is
// written into a fresh folder next to the output folder and swapped in with renames. A failed build never
// leaves a half-written site, and the previous one stays until the new one is complete.
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors.ts';
import { dataUrl } from '../model/pages.ts';
import { siteShellAsset } from './shell.ts';
import type { Site } from '../model/model.ts';
import { routeToFile } from '../model/routes.ts';
import type { ClientBundle } from './bundle.ts';
import { headerRules, headersFile, inlineScriptHashes, nginxConf } from './headers.ts';
import { findBrokenLinks, formatBrokenLinks } from './links.ts';
import type { RenderedPage } from './render.ts';

export interface EmitInput {
  site: Site;
  pages: readonly RenderedPage[];
  bundle: ClientBundle;
  catalogueDir: string;
  /** Image files of the catalogue, relative to it (img/...). */
  images: Iterable<string>;
  outDir: string;
  /** Where deploy/nginx.conf goes (default: a `deploy` folder next to outDir). */
  deployDir?: string;
  /** .br and .gz siblings of the hashed text assets (see compress.ts), when wanted. */
  precompressed?: ReadonlyMap<string, Uint8Array>;
}

/** A file of the site: its content, or the catalogue file to copy. */
type SiteFile = { content: string | Uint8Array } | { copyFrom: string };

/** Files of the site other than pages and bundles: the sitemap, robots.txt and the favicon. */
export function siteFiles(site: Site, pages: readonly RenderedPage[]): Map<string, string> {
  const indexed = pages.filter((p) => p.page.indexed).map((p) => `${site.baseUrl}${p.page.route}`);
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return new Map([
    [
      'sitemap.xml',
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexed.map((u) => `  <url><loc>${escape(u)}</loc></url>`).join('\n')}\n</urlset>\n`,
    ],
    ['robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.baseUrl}/sitemap.xml\n`],
    ['favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><text x="2" y="26" font-size="26">🚀</text></svg>\n'],
  ]);
}

/** The whole site as a file tree, before anything touches the disk. */
export function assembleSite({ site, pages, bundle, catalogueDir, images, precompressed }: Omit<EmitInput, 'outDir'>): Map<string, SiteFile> {
  const tree = new Map<string, SiteFile>();
  for (const image of images) tree.set(image, { copyFrom: join(catalogueDir, image) });
  for (const [path, content] of bundle.files) tree.set(path, { content });
  for (const [path, content] of precompressed ?? []) tree.set(path, { content });
  for (const [path, content] of siteFiles(site, pages)) tree.set(path, { content });
  const shell = siteShellAsset(site);
  tree.set(shell.path, { content: shell.json });
  for (const { page, html } of pages) {
    tree.set(routeToFile(page.route), { content: html });
    if (page.data) tree.set(dataUrl(page.route).slice(1), { content: JSON.stringify(page.data) });
    if (page.kind === 'notFound') tree.set('404.html', { content: html });
  }
  tree.set('_headers', { content: headersFile(hostingRules(pages)) });
  return tree;
}

/** The hosting headers of the site: its routes and the hashes of the inline scripts its pages run. */
export const hostingRules = (pages: readonly RenderedPage[]) =>
  headerRules({ routes: pages.map((p) => p.page.route), scriptHashes: inlineScriptHashes(pages.map((p) => p.html)) });

export async function emitSite(input: EmitInput): Promise<{ files: number; nginxConf: string }> {
  const tree = assembleSite(input);
  const documents = new Map<string, string>();
  for (const [path, file] of tree) if (path.endsWith('.html') && 'content' in file) documents.set(path, String(file.content));
  const broken = findBrokenLinks(documents, new Set(tree.keys()));
  if (broken.length) throw new UserError(`${formatBrokenLinks(broken)}\nNothing was written: the previous site is unchanged.`);

  const { outDir } = input;
  const staging = join(dirname(outDir), `.${basename(outDir)}.building-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    const written = await writeTree(staging, tree);
    await swapIn(staging, outDir);
    const nginx = join(input.deployDir ?? join(dirname(outDir), 'deploy'), 'nginx.conf');
    await mkdir(dirname(nginx), { recursive: true });
    await writeFile(`${nginx}.tmp`, nginxConf(hostingRules(input.pages)));
    await rename(`${nginx}.tmp`, nginx);
    return { files: written, nginxConf: nginx };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

const CONCURRENCY = 32;

async function writeTree(root: string, tree: Map<string, SiteFile>): Promise<number> {
  const folders = new Set([...tree.keys()].map((path) => dirname(join(root, path))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  const entries = [...tree];
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const [path, file] = entries[next++]!;
      const target = join(root, path);
      if ('copyFrom' in file) await copyFile(file.copyFrom, target);
      else await writeFile(target, file.content);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
  return entries.length;
}

/** Replaces outDir with staging: the old site is moved aside first and removed only once the new one is in. */
async function swapIn(staging: string, outDir: string) {
  const old = `${staging}-old`;
  await rm(old, { recursive: true, force: true });
  await rename(outDir, old).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(staging, outDir);
  await rm(old, { recursive: true, force: true });
}
