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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants as fsConstants, type Stats } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { contentTypeOf, headersFor, parseHeadersFile, type HeaderRule } from './build/headers.ts';
import { UserError } from './errors.ts';

export interface ServeOptions {
  /** The built site folder. */
  dir: string;
  /** Default 4173; 0 picks any free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Optional hook for dev mode: extra handler tried first (return true if it handled the request). */
  before?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
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

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const ALLOW = 'GET, HEAD';
// Compressed bodies are kept across requests; bounded so a long dev session with many rebuilds cannot grow forever.
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;
// Errors meaning "no such file here", answered with 404 rather than 500 (ELOOP: a symlink cycle).
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EINVAL', 'ELOOP']);

type Opened = { kind: 'file'; path: string; handle: FileHandle; stats: Stats } | { kind: 'dir' } | { kind: 'missing' };

interface Target {
  /** Decoded path, always starting with '/'. */
  path: string;
  /** Path as sent (still percent-encoded), for redirects. */
  rawPath: string;
  /** '' or '?…'. */
  search: string;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const root = resolve(options.dir);
  const port = options.port ?? 4173;
  const host = options.host ?? '127.0.0.1';
  // Compressed bodies by encoding, path, mtime and size (so an edited file is compressed afresh), least recently
  // used first. An entry holds the promise from the first request on, so requests arriving while a large page is
  // being compressed wait for that one compression instead of each starting their own; and any body up to the
  // whole byte bound is kept (a 42 MB page compresses to about 10 MB), so later requests do not compress it again.
  const compressedCache = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  let cachedBytes = 0;
  const hostingRules: HeaderRule[] = options.hostingHeaders === false ? [] : await readHostingRules(root);

  const compressedBody = (key: string, encoding: Encoding, source: () => Promise<Buffer>): Promise<Buffer> => {
    const hit = compressedCache.get(key);
    if (hit) {
      // Maps iterate in insertion order: re-inserting keeps the least recently used first.
      compressedCache.delete(key);
      compressedCache.set(key, hit);
      return hit.body;
    }
    const entry = { body: source().then((bytes) => compress(encoding, bytes)), bytes: 0 };
    compressedCache.set(key, entry);
    entry.body.then(
      (body) => {
        if (compressedCache.get(key) !== entry) return;
        // Larger than the whole bound: not kept, rather than flushing everything else for it.
        if (body.length > CACHE_LIMIT_BYTES) {
          compressedCache.delete(key);
          return;
        }
        entry.bytes = body.length;
        cachedBytes += body.length;
        for (const [oldKey, old] of compressedCache) {
          if (cachedBytes <= CACHE_LIMIT_BYTES) break;
          compressedCache.delete(oldKey);
          cachedBytes -= old.bytes;
        }
      },
      // The requests waiting for it get the error; the next one tries again.
      () => compressedCache.get(key) === entry && compressedCache.delete(key),
    );
    return entry.body;
  };

  // The site folder's real path: a file is served only if its real path is inside. Resolved once, and again only
  // when a file seems to be outside, since the folder may not exist yet (dev starts serving before its first
  // build) or may be a symlink switched to a new build since.
  let realRoot = await realpath(root).catch(() => root);
  const insideSite = async (real: string) => {
    if (isWithin(real, realRoot)) return true;
    const now = await realpath(root).catch(() => realRoot);
    if (now === realRoot) return false;
    realRoot = now;
    return isWithin(real, realRoot);
  };

  /** Opens a file of the site; one whose real path is outside the site folder is missing. */
  const openInSite = async (path: string): Promise<Opened> => {
    let real: string;
    try {
      real = await realpath(path);
    } catch (error) {
      const code = errorCode(error);
      if (code && MISSING.has(code)) return { kind: 'missing' };
      throw error;
    }
    if (!(await insideSite(real))) return { kind: 'missing' };
    // The checked real path is opened; `path` (the name asked for) still gives the type and the siblings' names.
    return openPath(real, path);
  };

  /** A precompressed sibling, unless it is older than the original (a stale leftover would serve old content). */
  const openFresh = async (path: string, original: Stats) => {
    const opened = await openInSite(path);
    if (opened.kind !== 'file') return undefined;
    if (opened.stats.mtimeMs < original.mtimeMs) {
      await opened.handle.close();
      return undefined;
    }
    return opened;
  };

  const sendFile = async (req: IncomingMessage, res: ServerResponse, file: Extract<Opened, { kind: 'file' }>, urlPath: string, status: 200 | 404) => {
    const { stats, handle } = file;
    const ext = extname(file.path).slice(1).toLowerCase();
    const isHtml = ext === 'html' || ext === 'htm';
    const transform = isHtml ? options.transformHtml : undefined;
    const compressible = COMPRESSIBLE.has(ext);
    const headers: Record<string, string | number> = {
      'content-type': contentTypeOf(file.path),
      'x-content-type-options': 'nosniff',
      // A 404 is never immutable: the page may appear later under the same (hashed) name.
      'cache-control': status === 200 && urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    };
    // Matched against the address asked for, as hosts match `_headers` patterns ('/', not '/index.html').
    const asked = urlPath.endsWith('/index.html') ? urlPath.slice(0, -'index.html'.length) : urlPath;
    for (const [name, value] of Object.entries(headersFor(asked, hostingRules))) headers[name.toLowerCase()] = value;
    if (status === 404) headers['cache-control'] = REVALIDATE;
    if (compressible) headers['vary'] = 'Accept-Encoding';
    if (status === 200) {
      const etag = weakEtag(stats);
      headers['etag'] = etag;
      headers['last-modified'] = stats.mtime.toUTCString();
      if (notModified(req, etag, stats)) {
        delete headers['content-type'];
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }

    const head = req.method === 'HEAD';
    const encoding = compressible ? negotiate(req.headers['accept-encoding']) : undefined;
    // Byte ranges of the file as stored. A compressed or transformed body is another representation, always sent
    // whole (as nginx does), so it does not advertise ranges. Range is defined for GET only (RFC 9110 §14.2).
    const rangeable = status === 200 && !encoding && !transform;
    if (rangeable) headers['accept-ranges'] = 'bytes';
    const range = rangeable && !head && req.headers.range !== undefined && ifRangeHolds(req, stats) ? parseRange(req.headers.range, stats.size) : undefined;
    if (range === 'unsatisfiable') {
      const text = Buffer.from('416 Range Not Satisfiable\n', 'utf8');
      res.writeHead(416, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-range': `bytes */${stats.size}`, 'content-length': text.length });
      res.end(text);
      return;
    }
    if (range) {
      const [start, end] = range;
      const slice = await readSlice(handle, start, end - start + 1);
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${start + slice.length - 1}/${stats.size}`, 'content-length': slice.length });
      res.end(slice);
      return;
    }
    const readSource = async () => {
      const bytes = await handle.readFile();
      return transform ? Buffer.from(transform(bytes.toString('utf8')), 'utf8') : bytes;
    };
    let body: Buffer | undefined;
    let length = stats.size;
    if (encoding) {
      headers['content-encoding'] = encoding;
      // The transform changes the bytes, so a precompressed HTML sibling would drop it.
      const sibling = transform ? undefined : await openFresh(file.path + SUFFIX[encoding], stats);
      if (sibling) {
        try {
          length = sibling.stats.size;
          if (!head) {
            body = await sibling.handle.readFile();
            length = body.length;
          }
        } finally {
          await sibling.handle.close();
        }
      } else {
        const key = [encoding, transform ? 'transformed' : 'plain', file.path, stats.mtimeMs, stats.size].join('\0');
        body = await compressedBody(key, encoding, readSource);
        length = body.length;
      }
    } else if (transform || !head) {
      body = await readSource();
      length = body.length;
    }
    headers['content-length'] = length;
    res.writeHead(status, headers);
    res.end(head ? undefined : body);
  };

  const notFound = async (req: IncomingMessage, res: ServerResponse) => {
    const page = await openInSite(join(root, '404.html'));
    if (page.kind === 'file') {
      try {
        return await sendFile(req, res, page, '/404.html', 404);
      } finally {
        await page.handle.close();
      }
    }
    sendText(req, res, 404, '404 Not Found');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (options.before && (await options.before(req, res))) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(req, res, 405, '405 Method Not Allowed', { allow: ALLOW });
      return;
    }
    const target = parseTarget(req.url ?? '/');
    const fsPath = target && resolve(root, `.${target.path}`);
    // Belt and braces: parseTarget already refuses '..', this catches anything it missed.
    if (!target || !fsPath || (fsPath !== root && !fsPath.startsWith(root + sep))) {
      sendText(req, res, 400, '400 Bad Request');
      return;
    }

    if (target.path.endsWith('/')) {
      const index = await openInSite(join(fsPath, 'index.html'));
      if (index.kind !== 'file') return notFound(req, res);
      try {
        return await sendFile(req, res, index, `${target.path}index.html`, 200);
      } finally {
        await index.handle.close();
      }
    }

    // Configuration for the host, not part of the site (Netlify and Cloudflare do not serve it either).
    if (target.path === '/_headers' || (await isCompressedSibling(fsPath))) return notFound(req, res);
    const opened = await openInSite(fsPath);
    if (opened.kind === 'file') {
      try {
        return await sendFile(req, res, opened, target.path, 200);
      } finally {
        await opened.handle.close();
      }
    }
    if (opened.kind === 'dir' && (await isFile(join(fsPath, 'index.html')))) {
      // Collapse leading slashes so '//evil.example' cannot become a protocol-relative redirect.
      const location = `/${target.rawPath.replace(/^\/+/, '')}/${target.search}`;
      sendText(req, res, 301, `301 Moved Permanently: ${location}`, { location });
      return;
    }
    return notFound(req, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`storefront serve: ${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else sendText(req, res, 500, '500 Internal Server Error');
    });
  });

  await new Promise<void>((resolveListen, reject) => {
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
  // After listening, a server error must not crash the process (an unhandled 'error' event would).
  server.on('error', (error) => console.error('storefront serve:', error));

  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    close() {
      closing ??= new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        // server.close() alone waits for keep-alive and streaming (dev SSE) connections to end.
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
  if (path.split('/').some((segment) => segment === '..')) return undefined;
  return { path, rawPath, search };
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

async function readHostingRules(root: string): Promise<HeaderRule[]> {
  const path = join(root, '_headers');
  const file = (await isFile(path).catch(() => false)) ? await openRegular(path).catch(() => undefined) : undefined;
  if (!file) return [];
  try {
    return parseHeadersFile(await file.readFile('utf8'));
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

/** Weak because compressed and transformed bodies share it; microsecond mtime catches quick same-size rewrites. */
function weakEtag(stats: Stats) {
  return `W/"${stats.size.toString(16)}-${Math.round(stats.mtimeMs * 1000).toString(16)}"`;
}

function notModified(req: IncomingMessage, etag: string, stats: Stats) {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // Weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored.
    const bare = etag.replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

/** If-Range compares strongly (RFC 9110 §13.1.5) and these ETags are weak, so only the Last-Modified date matches. */
function ifRangeHolds(req: IncomingMessage, stats: Stats) {
  const ifRange = req.headers['if-range'];
  if (typeof ifRange !== 'string') return ifRange === undefined;
  return !ifRange.includes('"') && Date.parse(ifRange) === Math.floor(stats.mtimeMs / 1000) * 1000;
}

/**
 * A single `bytes=` range as first and last offset, clipped to the file; 'unsatisfiable' when it starts past the
 * end; undefined to ignore the header and send the whole file, which a server may always do (RFC 9110 §14.2): a
 * malformed range, another unit, or several ranges.
 */
function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return undefined;
    // A suffix: the last N bytes.
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  return start >= size ? 'unsatisfiable' : [start, Math.min(end, size - 1)];
}

/** `length` bytes of the file from `start`, fewer if it has shrunk since it was opened. */
async function readSlice(handle: FileHandle, start: number, length: number) {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Picks br or gzip from Accept-Encoding by q-value, br winning ties; undefined means identity. */
function negotiate(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const wildcard = weights.get('*') ?? 0;
  const br = weights.get('br') ?? wildcard;
  const gz = weights.get('gzip') ?? weights.get('x-gzip') ?? wildcard;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

function compress(encoding: Encoding, input: Buffer): Promise<Buffer> {
  return new Promise((resolveCompress, reject) => {
    const done = (error: Error | null, output: Buffer) => (error ? reject(error) : resolveCompress(output));
    if (encoding === 'br') {
      // Quality 5 is far faster than the default 11 and still beats gzip; prebuilt .br files carry the best ratio.
      brotliCompress(
        input,
        {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 5,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: input.length,
          },
        },
        done,
      );
    } else {
      gzip(input, { level: 6 }, done);
    }
  });
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
