// Response headers for hosting, from one source: the policy below becomes both the `_headers` file that
// Netlify and Cloudflare Pages read and an nginx server block. Pure functions; emit.ts writes the results.
import { SITE_FOLDERS } from '../core/siteFolders.ts';

const YEAR = 31_536_000;

export const CACHE = {
  /** Hashed file names never change content. */
  immutable: `public, max-age=${YEAR}, immutable`,
  /** Pages, data, sitemap and robots: the browser and CDN may keep a copy but must ask before using it. */
  revalidate: 'public, max-age=0, must-revalidate',
  /** Catalogue images keep their names when replaced: a day is the longest a visitor sees an old one. */
  images: 'public, max-age=86400',
} as const;

/** Content types by file extension, with a charset for text: what `serve` sends and `deploy` stores. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  // What a site's public/ folder may hold besides (catalogue/publicFolder.ts).
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  asc: 'application/pgp-signature',
  pem: 'application/x-pem-file',
};

export const contentTypeOf = (path: string) => CONTENT_TYPES[/\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * Sent with every response. No Cross-Origin-Opener-Policy: it guards a page's window and memory from
 * cross-site pages, and this site holds no logins or visitor data to guard (links that open a new tab carry
 * rel="noopener" anyway). It costs visitors, though: Chrome on Android gives every site that sends it a
 * process of its own, and arriving from a page without it puts the page in a new browsing context group (in
 * Chrome, as a rule, a new renderer process). Under Lighthouse, 10 home page loads each way: committing the
 * page held the main thread 12-67 ms with it (median 35), 10-23 ms without (median 17), and Total Blocking
 * Time went from a median of 79 ms to under 1 ms.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
};

/**
 * The Content-Security-Policy of the site. Framing is separate (see framingHeaders) so /thread can differ.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * A second policy for catalogue images, on top of the site's: a maintainer's SVG may carry script, which an
 * <img> never runs but the SVG opened on its own would, with the site's origin and any 'self' script. This one
 * runs nothing, loads nothing but images, and gives the document an origin of its own (sandbox). It does not
 * change how pages show the image: an <img> is governed by the page's policy, not the image response's.
 */
export const IMAGE_POLICY = "default-src 'none'; img-src 'self' data:; sandbox";

/** Forbids framing. A second policy (comma-joined on hosts that merge rules) only narrows the first. */
export const FRAMING_DENIED: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

export interface HostingInput {
  /** Every route of the site, e.g. '/', '/service/x/y/'. */
  routes: readonly string[];
  /** Routes of pages that other sites may frame (page kinds with options.embeddable, e.g. /thread/). */
  embeddable?: readonly string[];
  scriptHashes: readonly string[];
  /** The site has a search index (/search-index/, src/build/search.ts). */
  search?: boolean;
  /** The files of the site's public/ folder, by path inside the site (catalogue/publicFolder.ts). */
  publicFiles?: readonly string[];
}

export interface HeaderRule {
  /** A `_headers` path pattern: exact, or ending in `*`. */
  pattern: string;
  headers: Record<string, string>;
}

/** Top-level route sections ('/', '/service/*', ...): few, whatever the number of pages. */
function sections(routes: readonly string[]): string[] {
  const found = new Set<string>();
  for (const route of routes) {
    const first = route.split('/')[1];
    found.add(first ? `/${first}/*` : '/');
  }
  return [...found].sort();
}

/**
 * The rules of the `_headers` file. Hosts apply every matching rule and join repeated header names, so no
 * header name appears in two rules that can match the same path, except Content-Security-Policy, where a
 * joined value is two policies that both apply.
 */
export function headerRules({ routes, embeddable = [], scriptHashes, search = false, publicFiles = [] }: HostingInput): HeaderRule[] {
  const csp = contentSecurityPolicy(scriptHashes);
  const page = (pattern: string): HeaderRule => ({
    pattern,
    headers: {
      'Cache-Control': CACHE.revalidate,
      ...(embeddable.some((route) => pattern.startsWith(route)) ? {} : FRAMING_DENIED),
    },
  });
  return [
    { pattern: '/*', headers: { ...SECURITY_HEADERS, 'Content-Security-Policy': csp } },
    { pattern: '/assets/*', headers: { 'Cache-Control': CACHE.immutable } },
    { pattern: '/img/*', headers: { 'Cache-Control': CACHE.images, 'Content-Security-Policy': IMAGE_POLICY } },
    // The index's parts carry a hash and its entry file does not: all revalidate, as one rule names them.
    ...(search ? [{ pattern: `/${SITE_FOLDERS.search}/*`, headers: { 'Cache-Control': CACHE.revalidate } }] : []),
    ...sections(routes).map(page),
    page('/404.html'),
    { pattern: '/sitemap.xml', headers: { 'Cache-Control': CACHE.revalidate } },
    { pattern: '/robots.txt', headers: { 'Cache-Control': CACHE.revalidate } },
    ...publicRules(publicFiles),
  ];
}

/**
 * The public/ folder's files: unhashed, so they revalidate, and with the images' policy on top of the site's, so
 * that an HTML or SVG file there runs no script under the site's origin. A PDF goes without it: Chrome will not
 * show a PDF whose document is sandboxed, and a browser's PDF viewer runs a PDF's scripts apart from the site.
 * One rule a top-level folder (`/.well-known/*`) or a file at the root.
 */
export function publicRules(files: readonly string[]): HeaderRule[] {
  const patterns = new Map<string, boolean>();
  for (const file of files) {
    const pattern = file.includes('/') ? `/${file.slice(0, file.indexOf('/'))}/*` : `/${file}`;
    patterns.set(pattern, (patterns.get(pattern) ?? false) || !file.toLowerCase().endsWith('.pdf'));
  }
  return [...patterns].sort().map(([pattern, policy]) => ({ pattern, headers: { 'Cache-Control': CACHE.revalidate, ...(policy && { 'Content-Security-Policy': IMAGE_POLICY }) } }));
}

export function headersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((r) => [r.pattern, ...Object.entries(r.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
  return `# Response headers for Netlify and Cloudflare Pages, written by \`storefront build\`. Do not edit: change\n# src/build/headers.ts (the same policy produces deploy/nginx.conf).\n${blocks.join('\n\n')}\n`;
}

/** All headers of one response, merged from the rules as a host that reads `_headers` would. */
export function headersFor(path: string, rules: readonly HeaderRule[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const { pattern, headers } of rules) {
    const matches = pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
    if (!matches) continue;
    for (const [name, value] of Object.entries(headers)) merged[name] = merged[name] ? `${merged[name]}, ${value}` : value;
  }
  return merged;
}

interface NginxLocation {
  location: string;
  /**
   * The path whose `_headers` headers the location sends; none where it only answers 404 (error_page then
   * sends /404.html through location /, with that location's headers).
   */
  sample?: string;
  /** Directives, a nested block as one string with lines indented relative to it. */
  directives: string[];
  comment?: string[];
}

/** nginx locations; embeddable pages and the public/ folder's files get their own, to send their own headers. */
const nginxLocations = (embeddable: readonly string[], publicPatterns: readonly string[]): NginxLocation[] => [
  ...publicPatterns.map((pattern) =>
    pattern.endsWith('/*') ? { location: `^~ ${pattern.slice(0, -1)}`, sample: `${pattern.slice(0, -1)}x`, directives: ['try_files $uri =404;'] } : { location: `= ${pattern}`, sample: pattern, directives: ['try_files $uri =404;'] },
  ),
  { location: '/', sample: '/', directives: ['try_files $uri @folder;'] },
  ...embeddable.map((route) => ({ location: route, sample: route, directives: ['try_files $uri @folder;'] })),
  {
    // Not `try_files $uri $uri/` in the page locations: that hands any folder to the index module, which
    // answers 403 when it has no index.html (/service/). For /x/ the test below reads x//index.html, the same
    // file as x/index.html; `try_files $uri/` then leaves /x to the static module's 301 and /x/ to `index`.
    location: '@folder',
    sample: '/',
    comment: ['A folder with an index.html is a page: /x redirects to /x/, and /x/ sends /x/index.html. Any other', 'folder is not found.'],
    directives: ['if (!-f $request_filename/index.html) {\n    return 404;\n}', 'try_files $uri/ =404;'],
  },
  { location: '/assets/', sample: '/assets/x', directives: ['try_files $uri =404;'] },
  { location: '/img/', sample: '/img/x', directives: ['try_files $uri =404;'] },
  { location: `/${SITE_FOLDERS.search}/`, sample: `/${SITE_FOLDERS.search}/x`, directives: ['try_files $uri =404;'] },
  {
    location: '= /sitemap.xml',
    sample: '/sitemap.xml',
    comment: ['mime.types says text/xml, which gzip_types and charset_types leave out.'],
    directives: ['try_files $uri =404;', 'types {\n    application/xml xml;\n}'],
  },
  { location: '= /_headers', comment: ['Configuration for Netlify and Cloudflare Pages, not part of the site.'], directives: ['return 404;'] },
  {
    location: '~ \\.(?:br|gz)$',
    comment: ['The precompressed siblings are sent only for the original address (brotli_static, gzip_static).'],
    directives: ['return 404;'],
  },
];

/** The first line of every nginx.conf a build writes: how a build knows the file it would replace is its own. */
export const NGINX_CONF_FIRST_LINE = '# nginx server block for a site built by `storefront build`, with the same headers as its _headers file.';

/** An nginx server block serving the built site with the same headers as the `_headers` file. */
export function nginxConf(rules: readonly HeaderRule[], embeddable: readonly string[] = [], publicFiles: readonly string[] = []): string {
  const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
  const indent = (text: string, spaces: number) => text.replace(/^/gm, ' '.repeat(spaces));
  const publicPatterns = publicRules(publicFiles).map((rule) => rule.pattern);
  const locations = nginxLocations(embeddable, publicPatterns).map(({ location, sample, directives, comment = [] }) => {
    const headers = sample ? Object.entries(headersFor(sample, rules)).map(([name, value]) => `add_header ${name} ${quote(value)} always;`) : [];
    return [...comment.map((line) => `    # ${line}`), `    location ${location} {`, ...[...directives, ...headers].map((d) => indent(d, 8)), '    }'].join('\n');
  });
  return `${NGINX_CONF_FIRST_LINE}
# Written by the build; do not edit (change src/build/headers.ts). Include it from the http block:
#   include /path/to/deploy/nginx.conf;
# and set \`listen\`, \`server_name\` and \`root\` (the built dist/ folder) below, or copy the block.
server {
    listen 80;
    server_name _;
    root /srv/storefront/dist;

    index index.html;
    error_page 404 /404.html;
    # Redirects (/service/x → /service/x/) keep the host and port the visitor used.
    absolute_redirect off;
    server_tokens off;
    charset utf-8;
    charset_types text/css application/javascript application/json image/svg+xml application/xml text/plain;

    # Scripts and styles have .br and .gz siblings written by the build; send them as they are.
    # brotli_static needs the brotli module (Debian: libnginx-mod-http-brotli-static); without it,
    # delete that line and gzip still applies.
    brotli_static on;
    gzip_static on;
    # Pages and data are compressed on the fly.
    gzip on;
    gzip_vary on;
    gzip_comp_level 6;
    gzip_types text/css application/javascript application/json image/svg+xml application/xml text/plain;

${locations.join('\n\n')}
}
`;
}

/** Reads a `_headers` file back into rules (what `storefront serve` applies, as the hosts do). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && colon > 0) rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}
