// The HTTP rules the static server (serve.ts) follows for a file's body: conditional requests, byte ranges,
// content negotiation and compression, with the compressed bodies it keeps between requests.
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * Compressed bodies by key (serve.ts keys them by encoding, path, mtime and size, so an edited file is compressed
 * afresh), least recently used first, up to a bound in bytes. An entry holds the promise from the first request
 * on, so requests arriving while a large page is being compressed wait for that one compression instead of each
 * starting their own; and any body up to the whole bound is kept (a 42 MB page compresses to about 10 MB), so
 * later requests do not compress it again.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  private bytes = 0;
  private readonly limit: number;

  constructor(limitBytes: number) {
    this.limit = limitBytes;
  }

  body(key: string, encoding: Encoding, source: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      // Maps iterate in insertion order: re-inserting keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const entry = { body: source().then((bytes) => compress(encoding, bytes)), bytes: 0 };
    this.entries.set(key, entry);
    entry.body.then(
      (body) => this.keep(key, entry, body),
      // The requests waiting for it get the error; the next one tries again.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return entry.body;
  }

  /** Counts a finished body in, dropping the least recently used ones beyond the bound. */
  private keep(key: string, entry: { bytes: number }, body: Buffer) {
    if (this.entries.get(key) !== entry) return;
    // Larger than the whole bound: not kept, rather than flushing everything else for it.
    if (body.length > this.limit) {
      this.entries.delete(key);
      return;
    }
    entry.bytes = body.length;
    this.bytes += body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes;
    }
  }
}

/** Weak because compressed and transformed bodies share it; microsecond mtime catches quick same-size rewrites. */
export function weakEtag(stats: Stats) {
  return `W/"${stats.size.toString(16)}-${Math.round(stats.mtimeMs * 1000).toString(16)}"`;
}

export function notModified(req: IncomingMessage, etag: string, stats: Stats) {
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
export function ifRangeHolds(req: IncomingMessage, stats: Stats) {
  const ifRange = req.headers['if-range'];
  if (typeof ifRange !== 'string') return ifRange === undefined;
  return !ifRange.includes('"') && Date.parse(ifRange) === Math.floor(stats.mtimeMs / 1000) * 1000;
}

/**
 * A single `bytes=` range as first and last offset, clipped to the file; 'unsatisfiable' when it starts past the
 * end; undefined to ignore the header and send the whole file, which a server may always do (RFC 9110 §14.2): a
 * malformed range, another unit, or several ranges.
 */
export function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | undefined {
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
export async function readSlice(handle: FileHandle, start: number, length: number) {
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
export function negotiate(header: string | undefined): Encoding | undefined {
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
