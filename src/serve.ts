// Static file server for a built site, behaving like the production setup (object storage + CDN, or nginx):
// directory index, trailing-slash redirects, the site's 404.html, content types, brotli/gzip, cache headers and
// revalidation. `storefront serve`, `storefront dev` and the end-to-end tests all use it, so what passes here
// behaves the same once deployed.
//
// Precompressed siblings (`x.js.br`, `x.js.gz`) are an internal detail, as they are once uploaded with a
// Content-Encoding: asking for `/x.js.br` directly answers 404 when `x.js` exists, so a compressed body is never
// sent under a wrong type. A lone `.gz`/`.br` without an uncompressed sibling is an ordinary download
// (application/octet-stream).
//
// Only files whose real path is inside the site folder are served: a symlink leading out of it answers 404, so a
// stray link cannot publish the rest of the disk (object storage has no symlinks; the folder itself may be one).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { constants as fsConstants, type Stats } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { extname, join, resolve, sep } from 'node:path';
import { contentTypeOf, headersFor, parseHeadersFile, type HeaderRule } from './build/headers.ts';
import { UserError } from './errors.ts';
import { CompressedBodies, ifRangeHolds, negotiate, notModified, parseRange, readSlice, weakEtag, type Encoding } from './serveHttp.ts';

export interface ServeOptions {
  /** The built site folder. */
  dir: string;
  /** Default 4173; 0 picks any free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Optional hook for dev mode: extra handler tried first (return true if it handled the request). */
  before?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Optional hook for dev mode: a request to upgrade the connection (a WebSocket); without it, none is taken. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Optional: transform HTML bodies before sending (dev mode injects a reload script). */
  transformHtml?: (html: string) => string;
  /** Send the headers of the site's `_headers` file, as Netlify and Cloudflare Pages do (default true). Dev
   *  turns this off: its injected reload script is not in the Content-Security-Policy. */
  hostingHeaders?: boolean;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:4173 (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
}

// Text formats only: images, fonts and archives are already compressed, recompressing wastes CPU for nothing.
const COMPRESSIBLE = new Set(['html', 'htm', 'css', 'js', 'mjs', 'json', 'map', 'webmanifest', 'txt', 'xml', 'svg']);

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const ALLOW = 'GET, HEAD';
// Compressed bodies are kept across requests; bounded so a long dev session with many rebuilds cannot grow forever.
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;
// Errors meaning "no such file here", answered with 404 rather than 500 (ELOOP: a symlink cycle).
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EINVAL', 'ELOOP']);

type Opened = { kind: 'file'; path: string; handle: FileHandle; stats: Stats } | { kind: 'dir' } | { kind: 'missing' };
type OpenFile = Extract<Opened, { kind: 'file' }>;

interface Target {
  /** Decoded path, always starting with '/'. */
  path: string;
  /** Path as sent (still percent-encoded), for redirects. */
  rawPath: string;
  /** '' or '?…'. */
  search: string;
}

/** What answering a request needs, one for each running server. */
interface Site {
  root: string;
  folder: SiteFolder;
  /** From the site's `_headers` file (none when hostingHeaders is false), read again whenever the file changed: a
   *  build while the server runs writes new script hashes into it. */
  hosting?: { stamp: string; rules: HeaderRule[] };
  compressed: CompressedBodies;
  before?: ServeOptions['before'];
  transformHtml?: ServeOptions['transformHtml'];
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const root = resolve(options.dir);
  const port = options.port ?? 4173;
  const host = options.host ?? '127.0.0.1';
  const site: Site = {
    root,
    folder: await SiteFolder.at(root),
    ...(options.hostingHeaders !== false && { hosting: { stamp: '', rules: [] } }),
    compressed: new CompressedBodies(CACHE_LIMIT_BYTES),
    before: options.before,
    transformHtml: options.transformHtml,
  };
  const server = createServer((req, res) => {
    handleRequest(site, req, res).catch((error: unknown) => {
      console.error(`storefront serve: ${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else sendText(req, res, 500, '500 Internal Server Error');
    });
  });
  if (options.upgrade) server.on('upgrade', options.upgrade);
  await listen(server, port, host);
  // After listening, a server error must not crash the process (an unhandled 'error' event would).
  server.on('error', (error) => console.error('storefront serve:', error));
  return running(server, host);
}

/**
 * The site folder, opening only files whose real path is inside it. Its own real path is resolved once, and again
 * only when a file seems to be outside, since the folder may not exist yet (dev starts serving before its first
 * build) or may be a symlink switched to a new build since.
 */
class SiteFolder {
  private readonly root: string;
  private realRoot: string;

  private constructor(root: string, realRoot: string) {
    this.root = root;
    this.realRoot = realRoot;
  }

  static async at(root: string) {
    return new SiteFolder(root, await realpath(root).catch(() => root));
  }

  /** Opens a file of the site; one whose real path is outside the site folder is missing. */
  async open(path: string): Promise<Opened> {
    let real: string;
    try {
      real = await realpath(path);
    } catch (error) {
      const code = errorCode(error);
      if (code && MISSING.has(code)) return { kind: 'missing' };
      throw error;
    }
    if (!(await this.holds(real))) return { kind: 'missing' };
    // The checked real path is opened; `path` (the name asked for) still gives the type and the siblings' names.
    return openPath(real, path);
  }

  /** A precompressed sibling, unless it is older than the original (a stale leftover would serve old content). */
  async openFresh(path: string, original: Stats) {
    const opened = await this.open(path);
    if (opened.kind !== 'file') return undefined;
    if (opened.stats.mtimeMs < original.mtimeMs) {
      await opened.handle.close();
      return undefined;
    }
    return opened;
  }

  private async holds(real: string) {
    if (isWithin(real, this.realRoot)) return true;
    const now = await realpath(this.root).catch(() => this.realRoot);
    if (now === this.realRoot) return false;
    this.realRoot = now;
    return isWithin(real, this.realRoot);
  }
}

/** Routes a request: dev's own handler first, then a folder's index.html, a file, a folder's redirect to its
 *  address with a slash, or the site's 404 page. */
async function handleRequest(site: Site, req: IncomingMessage, res: ServerResponse) {
  if (site.before && (await site.before(req, res))) return;
  if (site.hosting) site.hosting = await hostingRules(site.root, site.hosting);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(req, res, 405, '405 Method Not Allowed', { allow: ALLOW });
    return;
  }
  const target = parseTarget(req.url ?? '/');
  const fsPath = target && resolve(site.root, `.${target.path}`);
  // Belt and braces: parseTarget already refuses '..', this catches anything it missed.
  if (!target || !fsPath || (fsPath !== site.root && !fsPath.startsWith(site.root + sep))) {
    sendText(req, res, 400, '400 Bad Request');
    return;
  }

  if (target.path.endsWith('/')) {
    const index = await site.folder.open(join(fsPath, 'index.html'));
    if (index.kind !== 'file') return notFound(site, req, res);
    return sendOpened(site, req, res, index, `${target.path}index.html`, 200);
  }

  // Configuration for the host, not part of the site (Netlify and Cloudflare do not serve it either).
  if (target.path === '/_headers' || (await isCompressedSibling(fsPath))) return notFound(site, req, res);
  const opened = await site.folder.open(fsPath);
  if (opened.kind === 'file') return sendOpened(site, req, res, opened, target.path, 200);
  if (opened.kind === 'dir' && (await isFile(join(fsPath, 'index.html')))) {
    // Collapse leading slashes so '//evil.example' cannot become a protocol-relative redirect.
    const location = `/${target.rawPath.replace(/^\/+/, '')}/${target.search}`;
    sendText(req, res, 301, `301 Moved Permanently: ${location}`, { location });
    return;
  }
  return notFound(site, req, res);
}

/** The site's 404.html with status 404, or a plain one when the site has none. */
async function notFound(site: Site, req: IncomingMessage, res: ServerResponse) {
  const page = await site.folder.open(join(site.root, '404.html'));
  if (page.kind === 'file') return sendOpened(site, req, res, page, '/404.html', 404);
  sendText(req, res, 404, '404 Not Found');
}

/** Sends an opened file and closes it, however the sending ends. */
async function sendOpened(site: Site, req: IncomingMessage, res: ServerResponse, file: OpenFile, urlPath: string, status: 200 | 404) {
  try {
    return await sendFile(site, req, res, file, urlPath, status);
  } finally {
    await file.handle.close();
  }
}

/** Answers with a file of the site: 304 when the browser's copy is current, part of it when a Range asks for it,
 *  else the whole body, compressed when the file is text and the browser takes it. */
async function sendFile(site: Site, req: IncomingMessage, res: ServerResponse, file: OpenFile, urlPath: string, status: 200 | 404) {
  const ext = extname(file.path).slice(1).toLowerCase();
  const transform = ext === 'html' || ext === 'htm' ? site.transformHtml : undefined;
  const compressible = COMPRESSIBLE.has(ext);
  const headers = fileHeaders(site, file, urlPath, status, compressible);
  if (status === 200 && notModified(req, weakEtag(file.stats), file.stats)) {
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const head = req.method === 'HEAD';
  const encoding = compressible ? negotiate(req.headers['accept-encoding']) : undefined;
  // Byte ranges of the file as stored. A compressed or transformed body is another representation, always sent
  // whole (as nginx does), so it does not advertise ranges.
  if (status === 200 && !encoding && !transform) {
    headers['accept-ranges'] = 'bytes';
    if (await sentRange(req, res, file, headers)) return;
  }
  if (encoding) headers['content-encoding'] = encoding;
  const { body, length } = await wholeBody(site, file, { encoding, transform, head });
  headers['content-length'] = length;
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

type Headers = Record<string, string | number>;

/** The headers of a file's answer: its type, how long it may be cached, the site's `_headers` for its address,
 *  and the validators of a 200. */
function fileHeaders(site: Site, file: OpenFile, urlPath: string, status: 200 | 404, compressible: boolean): Headers {
  const headers: Headers = {
    'content-type': contentTypeOf(file.path),
    'x-content-type-options': 'nosniff',
    // A 404 is never immutable: the page may appear later under the same (hashed) name.
    'cache-control': status === 200 && urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
  };
  // Matched against the address asked for, as hosts match `_headers` patterns ('/', not '/index.html').
  const asked = urlPath.endsWith('/index.html') ? urlPath.slice(0, -'index.html'.length) : urlPath;
  for (const [name, value] of Object.entries(headersFor(asked, site.hosting?.rules ?? []))) headers[name.toLowerCase()] = value;
  if (status === 404) headers['cache-control'] = REVALIDATE;
  if (compressible) headers['vary'] = 'Accept-Encoding';
  if (status === 200) {
    headers['etag'] = weakEtag(file.stats);
    headers['last-modified'] = file.stats.mtime.toUTCString();
  }
  return headers;
}

/** Answers a Range header with 206 and the bytes asked for, or 416 when they are past the end. False when there is
 *  no range to answer and the whole file goes. Range is defined for GET only (RFC 9110 §14.2). */
async function sentRange(req: IncomingMessage, res: ServerResponse, file: OpenFile, headers: Headers): Promise<boolean> {
  const { stats } = file;
  if (req.method === 'HEAD' || req.headers.range === undefined || !ifRangeHolds(req, stats)) return false;
  const range = parseRange(req.headers.range, stats.size);
  if (range === undefined) return false;
  if (range === 'unsatisfiable') {
    const text = Buffer.from('416 Range Not Satisfiable\n', 'utf8');
    res.writeHead(416, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-range': `bytes */${stats.size}`, 'content-length': text.length });
    res.end(text);
    return true;
  }
  const [start, end] = range;
  const slice = await readSlice(file.handle, start, end - start + 1);
  res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${start + slice.length - 1}/${stats.size}`, 'content-length': slice.length });
  res.end(slice);
  return true;
}

/** A file's whole body and its length: for an encoding, its precompressed sibling or a body compressed here (and
 *  kept); otherwise the file as stored, or as dev's transform makes it. A HEAD reads only what it needs for the
 *  length. */
async function wholeBody(site: Site, file: OpenFile, how: { encoding?: Encoding; transform?: (html: string) => string; head: boolean }): Promise<{ body?: Buffer; length: number }> {
  const { encoding, transform, head } = how;
  const readSource = async () => {
    const bytes = await file.handle.readFile();
    return transform ? Buffer.from(transform(bytes.toString('utf8')), 'utf8') : bytes;
  };
  if (encoding) {
    // The transform changes the bytes, so a precompressed HTML sibling would drop it.
    const sibling = transform ? undefined : await site.folder.openFresh(file.path + SUFFIX[encoding], file.stats);
    if (sibling) return siblingBody(sibling, head);
    const key = [encoding, transform ? 'transformed' : 'plain', file.path, file.stats.mtimeMs, file.stats.size].join('\0');
    const body = await site.compressed.body(key, encoding, readSource);
    return { body, length: body.length };
  }
  if (!transform && head) return { length: file.stats.size };
  const body = await readSource();
  return { body, length: body.length };
}

/** A precompressed sibling's body (none for a HEAD), closing it. */
async function siblingBody(sibling: OpenFile, head: boolean): Promise<{ body?: Buffer; length: number }> {
  try {
    if (head) return { length: sibling.stats.size };
    const body = await sibling.handle.readFile();
    return { body, length: body.length };
  } finally {
    await sibling.handle.close();
  }
}

/** Throws what startServer would (a busy port, a wrong --host) without serving: `start` asks before it builds. */
export async function checkListen(port: number, host: string): Promise<void> {
  const probe = createServer();
  await listen(probe, port, host);
  await new Promise((done) => probe.close(done));
}

function listen(server: Server, port: number, host: string) {
  return new Promise<void>((resolveListen, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(listenError(error, port, host));
    };
    const onListening = () => {
      server.off('error', onError);
      resolveListen();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function running(server: Server, host: string): RunningServer {
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    close() {
      closing ??= new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        // server.close() alone waits for keep-alive connections to end.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Splits and decodes the request target; undefined when it is malformed or tries to leave the site folder. */
function parseTarget(url: string): Target | undefined {
  if (!url.startsWith('/')) return undefined;
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : url.slice(queryAt);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  // Checked after decoding so '%2e%2e', '%2f' and '%00' are caught too; backslash is a separator on Windows.
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..')) return undefined;
  // '//x', '/./x' and '/x/.' are /x, as nginx has them (merge_slashes, and '.' resolved), so that no other spelling
  // of an address escapes the headers its own spelling gets, nor reaches _headers.
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  const canonical = kept.length ? `/${kept.join('/')}${/\/\.?$/.test(path) ? '/' : ''}` : '/';
  return canonical === path ? { path, rawPath, search } : { path: canonical, rawPath: canonical.split('/').map(encodeURIComponent).join('/'), search };
}

/** Opens `real`, reporting it under the name it was asked for. Only a regular file is opened: a FIFO would block
 *  the opening thread until a writer came (four such requests stop libuv's thread pool, and every request with
 *  it), and a socket or a device is no part of a site either. */
async function openPath(real: string, path: string): Promise<Opened> {
  let handle: FileHandle;
  try {
    const found = await stat(real);
    if (!found.isFile()) return found.isDirectory() ? { kind: 'dir' } : { kind: 'missing' };
    handle = await openRegular(real);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EISDIR') return { kind: 'dir' };
    if (code && MISSING.has(code)) return { kind: 'missing' };
    throw error;
  }
  try {
    // Stats from the open handle, so headers describe exactly the bytes read from it.
    const stats = await handle.stat();
    if (stats.isFile()) return { kind: 'file', path, handle, stats };
    await handle.close();
    return stats.isDirectory() ? { kind: 'dir' } : { kind: 'missing' };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** Opens a file found to be a regular one. Non-blocking as well, in case it was swapped for a FIFO since: the
 *  flag changes nothing for a regular file's reads. */
const openRegular = (path: string) => open(path, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0) | (fsConstants.O_NOCTTY ?? 0));

async function isFile(path: string) {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (MISSING.has(errorCode(error) ?? '')) return false;
    throw error;
  }
}

async function isCompressedSibling(path: string) {
  const suffix = Object.values(SUFFIX).find((s) => path.endsWith(s));
  return suffix !== undefined && (await isFile(path.slice(0, -suffix.length)));
}

/** The site's `_headers` rules: `last` while the file is as it was (one stat a request), else read again. */
async function hostingRules(root: string, last: { stamp: string; rules: HeaderRule[] }): Promise<{ stamp: string; rules: HeaderRule[] }> {
  const path = join(root, '_headers');
  const stats = await stat(path).catch(() => undefined);
  const stamp = stats?.isFile() ? `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}` : 'none';
  if (stamp === last.stamp) return last;
  const file = stats?.isFile() ? await openRegular(path).catch(() => undefined) : undefined;
  if (!file) return { stamp, rules: [] };
  try {
    return { stamp, rules: parseHeadersFile(await file.readFile('utf8')) };
  } finally {
    await file.close();
  }
}

function isWithin(path: string, folder: string) {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  const body = Buffer.from(`${text}\n`, 'utf8');
  res.writeHead(status, {
    ...extra,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
    'x-content-type-options': 'nosniff',
    // Error answers and redirects must not stick in the browser cache while the site is being rebuilt.
    'cache-control': REVALIDATE,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Why the server could not listen, as the maintainer's mistake when it is one (a busy port, a wrong --host). */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const reasons: Record<string, string> = {
    EADDRINUSE: `Port ${port} on ${host} is in use; pass --port with another number.`,
    EADDRNOTAVAIL: `This machine has no address ${host}; pass --host with one of its addresses, such as 127.0.0.1.`,
    ENOTFOUND: `There is no host named ${host}; pass --host with an address such as 127.0.0.1.`,
    EACCES: `Listening on port ${port} needs more permissions; pass --port with a number above 1023.`,
  };
  const reason = error.code && reasons[error.code];
  return reason ? new UserError(reason, { cause: error }) : error;
}
