// The local manifest: every file of a built site that a deploy publishes, with its content hashes, size, the
// headers it goes out with (from the site's own `_headers`, so a deploy applies exactly what the build decided),
// its kind (which fixes when it is uploaded and how it is pruned) and the other files it references.
//
// Left out: `_headers` (configuration for Netlify and Cloudflare Pages), the build marker, and the `.br`/`.gz`
// siblings of the hashed assets. Object storage sends a stored object as it is, whatever the browser accepts
// (S3 does no content negotiation), so a compressed copy under the original name would reach clients that
// cannot read it; the CDN in front compresses instead (see docs/hosting.md).
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import { CACHE, contentTypeOf, headersFor, parseHeadersFile, type HeaderRule } from '../build/headers.ts';
import { BUILD_MARKER } from '../build/outDir.ts';
import { UserError } from '../errors.ts';
import { MANIFEST_NAME } from './target.ts';

/**
 * What a file is to a deploy, in upload order:
 * - asset: a hashed name that never changes content (/assets/*, the hashed parts of the search index);
 * - image: a name kept when the content changes (/img/*, anything else that is not a page);
 * - search: the search index's entry file, unhashed, which names its parts;
 * - page: an HTML page;
 * - final: 404.html, sitemap.xml and robots.txt, uploaded last.
 */
export type Kind = 'asset' | 'image' | 'search' | 'page' | 'final';
export const UPLOAD_ORDER: readonly Kind[] = ['asset', 'image', 'search', 'page', 'final'];

/** Pages are replaced in place and a page that left the site is deleted as soon as the new pages are up; every
 *  other kind is kept for the grace period after the site stops using it (see plan.ts). */
export const isPageKind = (kind: Kind) => kind === 'page' || kind === 'final';

export interface LocalFile {
  /** Inside the site, '/'-separated, no leading slash: 'service/x/y/index.html'. */
  path: string;
  size: number;
  sha256: string;
  /** Hex MD5: the ETag S3 gives an object uploaded in one piece. */
  md5: string;
  contentType: string;
  cacheControl: string;
  kind: Kind;
  /** The files of the site, other than pages, that this one names (sorted). */
  refs: string[];
}

export interface LocalSite {
  dir: string;
  files: ReadonlyMap<string, LocalFile>;
  /** References to files that are not in the site, and files skipped (symbolic links). */
  warnings: string[];
}

/** Files that scripts, styles, pages and data name: text formats only. */
const SCANNED = new Set(['html', 'htm', 'css', 'js', 'mjs', 'json', 'svg', 'webmanifest']);

/** A hashed part of the search index (`search-index/words/bi.0f3a9c12d4e5.json`). */
const HASHED_SEARCH_FILE = /\.[0-9a-f]{12}\.json$/;
const SEARCH_FOLDER = 'search-index/';
const FINAL = new Set(['404.html', 'sitemap.xml', 'robots.txt']);

export function kindOf(path: string): Kind {
  if (path.startsWith('assets/')) return 'asset';
  if (path.startsWith(SEARCH_FOLDER)) return HASHED_SEARCH_FILE.test(path) ? 'asset' : 'search';
  if (FINAL.has(path)) return 'final';
  if (/\.html?$/.test(path)) return 'page';
  return 'image';
}

/** Files of a build that are never published (see the top of this file). */
export function isExcluded(path: string, exists: (path: string) => boolean): boolean {
  if (path === '_headers' || path === BUILD_MARKER || path === MANIFEST_NAME) return true;
  const original = /^(.+)\.(?:br|gz)$/.exec(path)?.[1];
  return original !== undefined && exists(original);
}

/** A file or folder whose name starts with a dot (`.env`, `.git/config`): never published, but `.well-known/`. */
export const isDotfile = (path: string) => path.split('/').some((part) => part.startsWith('.') && part !== '.well-known');

/** The address a host matches `_headers` patterns against: '/x/' for 'x/index.html', as serve.ts does. */
export const urlPathOf = (path: string) => `/${path.replace(/(^|\/)index\.html$/, '$1')}`;

/** Cache-Control of a file under the site's rules; a file no rule names must be revalidated. */
export const cacheControlOf = (path: string, rules: readonly HeaderRule[]) => headersFor(urlPathOf(path), rules)['Cache-Control'] ?? CACHE.revalidate;

// A root-relative address with a file extension, as it appears in attributes, url(), srcset, script strings and
// JSON: after a quote, a parenthesis, '=', ',' or white space.
const ADDRESS = /(?<=["'`(=,\s])\/(?![/\\])[^\s"'`()<>,?#\\]*\.[A-Za-z0-9]+(?=[\s"'`()<>,?#\\]|$)/g;
/** Addresses that must be files of the site; elsewhere an address that is no file (text in a description) is ignored. */
const SITE_FOLDERS = /^(assets|img|search-index)\//;

/** The addresses of files that a text names, as paths inside the site (unchecked). */
export function addressesIn(text: string): string[] {
  const found = new Set<string>();
  for (const [address] of text.matchAll(ADDRESS)) {
    try {
      found.add(decodeURIComponent(address.slice(1)));
    } catch {
      found.add(address.slice(1));
    }
  }
  return [...found];
}

/** The search index is one unit: its entry file names every hashed part it was written with. */
function searchRefs(path: string, all: readonly string[]): string[] {
  return path === `${SEARCH_FOLDER}entry.json` ? all.filter((p) => p.startsWith(SEARCH_FOLDER) && p !== path) : [];
}

const HASH_CONCURRENCY = 16;

/**
 * Reads a built site: throws a UserError when `dir` is no site `storefront build` wrote (no build marker, unless
 * `anyFolder`: the maintainer said --force).
 */
export async function readSite(dir: string, shown = dir, anyFolder = false): Promise<LocalSite> {
  // Only regular files are read: a FIFO named index.html would block the read for ever.
  const regular = async (name: string) => ((await stat(join(dir, name)).catch(() => undefined))?.isFile() ? readFile(join(dir, name), 'utf8') : undefined);
  const [headers, index] = await Promise.all([regular('_headers'), regular('index.html')]);
  if (headers === undefined || index === undefined) {
    throw new UserError(`There is no built site in ${shown} (no index.html and _headers): run \`storefront build\` first, or pass --dir.`);
  }
  if (!anyFolder && !(await stat(join(dir, BUILD_MARKER)).then((s) => s.isFile(), () => false))) {
    throw new UserError(
      `${shown} was not written by \`storefront build\` (it has no ${BUILD_MARKER} file), so it is not deployed: a deploy replaces the site in the bucket with this folder. Build the site with \`storefront build -o ${shown}\`, or pass --force to deploy this folder as it is.`,
    );
  }
  const rules = parseHeadersFile(headers);
  const warnings: string[] = [];
  const found: string[] = [];
  const dotfiles: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (entry.isSymbolicLink()) warnings.push(`${path} is a symbolic link: skipped (object storage has none).`);
    else if (!entry.isFile() && !entry.isDirectory()) warnings.push(`${path} is not a regular file (a FIFO, socket or device): skipped.`);
    else if (entry.isFile()) (isDotfile(path) && path !== BUILD_MARKER ? dotfiles : found).push(path);
  }
  if (dotfiles.length) {
    dotfiles.sort();
    warnings.push(`Left out ${dotfiles.length} ${dotfiles.length === 1 ? 'file' : 'files'} whose name or folder starts with a dot, which a deploy never publishes: ${dotfiles.slice(0, 5).join(', ')}${dotfiles.length > 5 ? ', …' : ''}.`);
  }
  const all = new Set(found);
  const published = found.filter((path) => !isExcluded(path, (p) => all.has(p))).sort();
  const limit = pLimit(HASH_CONCURRENCY);
  // The addresses each text names, found while it is in memory for hashing (10,000 pages are 100 MB of HTML).
  const named = new Map<string, string[]>();
  const files = await Promise.all(
    published.map((path) =>
      limit(async (): Promise<LocalFile> => {
        const bytes = await readFile(join(dir, path));
        if (SCANNED.has(extname(path).slice(1).toLowerCase())) named.set(path, addressesIn(bytes.toString('utf8')));
        return {
          path,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          md5: createHash('md5').update(bytes).digest('hex'),
          contentType: contentTypeOf(path),
          cacheControl: cacheControlOf(path, rules),
          kind: kindOf(path),
          refs: [],
        };
      }),
    ),
  );
  const byPath = new Map(files.map((file) => [file.path, file]));
  const missing = new Map<string, string[]>();
  for (const file of files) {
    const refs = new Set(searchRefs(file.path, published));
    for (const address of named.get(file.path) ?? []) {
      const target = byPath.get(address);
      if (target && !isPageKind(target.kind)) refs.add(address);
      else if (!target && SITE_FOLDERS.test(address)) missing.set(address, [...(missing.get(address) ?? []), file.path]);
    }
    refs.delete(file.path);
    file.refs = [...refs].sort();
  }
  if (missing.size && !anyFolder) throw new UserError(incompleteSite(shown, missing));
  for (const [address, by] of missing) warnings.push(`${by.length === 1 ? by[0] : `${by.length} files (${by[0]}, …)`} ${by.length === 1 ? 'names' : 'name'} /${address}, which is not in the site.`);
  return { dir, files: byPath, warnings };
}

/** A site that lacks files its pages name (a build's copy cut short, a file deleted by hand): published, its pages
 *  would miss them, and the bucket's copy, once not in the site, would be deleted after its grace period. */
function incompleteSite(shown: string, missing: ReadonlyMap<string, string[]>): string {
  const named = [...missing].sort(([a], [b]) => a.localeCompare(b));
  const listed = named.slice(0, 3).map(([address, by]) => `/${address} (named by ${by.length === 1 ? by[0] : `${by.length} files, ${by[0]} among them`})`);
  return `${shown} lacks ${named.length === 1 ? 'a file' : `${named.length} files`} that its pages name: ${listed.join(', ')}${named.length > 3 ? ', …' : ''}. A build writes them all, so this folder is not one build's whole output: build the site again (\`storefront build -o ${shown}\`), or pass --force to deploy it as it is.`;
}
