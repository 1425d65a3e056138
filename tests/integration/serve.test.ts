import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve.ts';

// The real compressors, counted: a repeated request must reuse a compressed body, not make it again.
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, brotliCompress: vi.fn(actual.brotliCompress), gzip: vi.fn(actual.gzip) };
});
const compressions = () => vi.mocked(brotliCompress).mock.calls.length + vi.mocked(gzip).mock.calls.length;

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// node:http instead of fetch: fetch normalises '..' away and decompresses bodies, both of which these tests inspect.
function get(server: RunningServer, path: string, options: { method?: string; headers?: Record<string, string>; agent?: Agent } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const INDEX = '<!doctype html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>';
const THREAD = '<!doctype html><html><body><h1>Thread</h1></body></html>';
const NOT_FOUND = '<!doctype html><html><body><h1>404 Not Found</h1></body></html>';
const APP = 'export const greeting = "hello from the storefront bundle";\n'.repeat(60);
const DATA = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Item ${i}` })) });
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const CSS = 'body { color: black; }\n'.repeat(20);
const SECRET = 'top secret, outside the site';
const INJECTED = '<script>/* reload */</script>';

let base: string;
let site: string;
let server: RunningServer;
// Quality 11, so the bytes differ from what the server would make on the fly (quality 5).
const APP_BR = brotliCompressSync(Buffer.from(APP), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
const INDEX_BR = brotliCompressSync(Buffer.from(INDEX), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
const FONT = randomBytes(2048);
const ARCHIVE = randomBytes(64);

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'storefront-serve-'));
  site = join(base, 'site');
  await mkdir(join(site, 'thread'), { recursive: true });
  await mkdir(join(site, 'assets'), { recursive: true });
  await mkdir(join(site, 'empty'), { recursive: true });
  await writeFile(join(base, 'secret.txt'), SECRET);
  await writeFile(join(site, 'index.html'), INDEX);
  await writeFile(join(site, 'index.html.br'), INDEX_BR);
  await writeFile(join(site, 'thread', 'index.html'), THREAD);
  await writeFile(join(site, '404.html'), NOT_FOUND);
  await writeFile(join(site, 'assets', 'app-ABC123.js'), APP);
  await writeFile(join(site, 'assets', 'app-ABC123.js.br'), APP_BR);
  await writeFile(join(site, 'assets', 'style-XYZ.css'), CSS);
  await writeFile(join(site, 'assets', 'inter-DEF456.woff2'), FONT);
  await writeFile(join(site, 'data.json'), DATA);
  await writeFile(join(site, 'logo.svg'), SVG);
  await writeFile(join(site, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(site, 'sitemap.xml'), '<?xml version="1.0"?><urlset/>');
  await writeFile(join(site, 'archive.bin'), ARCHIVE);
  // Symlinks: one inside the site (fine), and three leading out of it, to a file, a folder and a compressed file.
  await symlink(join(site, 'data.json'), join(site, 'alias.json'));
  await symlink(join(base, 'secret.txt'), join(site, 'secret.txt'));
  await symlink(base, join(site, 'outside'));
  await symlink(join(site, 'loop'), join(site, 'loop'));
  await writeFile(join(site, 'leak.txt'), 'an ordinary text file\n');
  await writeFile(join(base, 'secret.txt.gz'), gzipSync(SECRET));
  await symlink(join(base, 'secret.txt.gz'), join(site, 'leak.txt.gz'));
  // Newer than leak.txt, so only the symlink check keeps it from being sent as leak.txt's gzip body.
  await utimes(join(base, 'secret.txt.gz'), new Date(), new Date(Date.now() + 60_000));
  server = await startServer({ dir: site, port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(base, { recursive: true, force: true });
});

describe('startServer', () => {
  it('listens on a free port when given 0 and reports its url', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('serves index.html for / and for paths ending in a slash', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await home.text()).toBe(INDEX);

    const thread = await fetch(`${server.url}/thread/?page=2`);
    expect(thread.status).toBe(200);
    expect(await thread.text()).toBe(THREAD);
  });

  it('redirects a directory without its trailing slash, keeping the query string', async () => {
    const plain = await fetch(`${server.url}/thread`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('/thread/');

    const query = await fetch(`${server.url}/thread?sort=price&page=2`, { redirect: 'manual' });
    expect(query.status).toBe(301);
    expect(query.headers.get('location')).toBe('/thread/?sort=price&page=2');
  });

  it('never redirects to another host', async () => {
    const reply = await get(server, '//thread');
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe('/thread/');
  });

  it('answers unknown paths with 404.html and status 404, never cached as immutable', async () => {
    for (const path of ['/no-such-page/', '/no-such-page', '/assets/gone-000000.js', '/empty/', '/empty', '/data.json/']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await response.text()).toBe(NOT_FOUND);
    }
  });

  it('answers a plain-text 404 when the site has no 404.html', async () => {
    const bare = join(base, 'bare');
    await mkdir(bare);
    await writeFile(join(bare, 'index.html'), INDEX);
    const other = await startServer({ dir: bare, port: 0 });
    try {
      const response = await fetch(`${other.url}/missing`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toMatch(/404 Not Found/);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/assets/app-ABC123.js', 'text/javascript; charset=utf-8'],
    ['/assets/style-XYZ.css', 'text/css; charset=utf-8'],
    ['/data.json', 'application/json; charset=utf-8'],
    ['/logo.svg', 'image/svg+xml'],
    ['/assets/inter-DEF456.woff2', 'font/woff2'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/archive.bin', 'application/octet-stream'],
  ])('sends %s as %s, with nosniff', async (path, type) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(type);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('prefers brotli over gzip, compressing on the fly', async () => {
    const reply = await get(server, '/data.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(brotliDecompressSync(reply.body).toString()).toBe(DATA);

    // Served again from the in-memory cache: same bytes.
    const again = await get(server, '/data.json', { headers: { 'accept-encoding': 'br' } });
    expect(again.body.equals(reply.body)).toBe(true);
  });

  it('uses gzip when only gzip is accepted, or brotli is refused with q=0', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const reply = await get(server, '/data.json', { headers: { 'accept-encoding': acceptEncoding } });
      expect(reply.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      expect(gunzipSync(reply.body).toString()).toBe(DATA);
    }
  });

  it('sends identity when no encoding is acceptable', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': '*;q=0' }]) {
      const reply = await get(server, '/data.json', { headers });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(reply.body.toString()).toBe(DATA);
      expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(DATA));
    }
  });

  it('serves a precompressed sibling as is', async () => {
    const onTheFly = brotliCompressSync(Buffer.from(APP), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    expect(onTheFly.equals(APP_BR)).toBe(false);
    const reply = await get(server, '/assets/app-ABC123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.body.equals(APP_BR)).toBe(true);
    expect(Number(reply.headers['content-length'])).toBe(APP_BR.length);

    // No .gz sibling: gzip is made on the fly.
    const gz = await get(server, '/assets/app-ABC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP);
  });

  it('hides precompressed siblings behind their original (404 when asked for directly)', async () => {
    const reply = await get(server, '/assets/app-ABC123.js.br');
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).toBe(NOT_FOUND);
  });

  it('does not compress fonts or images', async () => {
    const reply = await get(server, '/assets/inter-DEF456.woff2', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBeUndefined();
    expect(reply.body.equals(FONT)).toBe(true);
  });

  it('caches /assets/ for a year and revalidates everything else', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    const revalidate = 'public, max-age=0, must-revalidate';
    expect((await get(server, '/assets/app-ABC123.js')).headers['cache-control']).toBe(immutable);
    expect((await get(server, '/assets/inter-DEF456.woff2')).headers['cache-control']).toBe(immutable);
    for (const path of ['/', '/thread/', '/data.json', '/sitemap.xml', '/robots.txt', '/logo.svg']) {
      expect((await get(server, path)).headers['cache-control'], path).toBe(revalidate);
    }
  });

  it('sends a weak ETag and Last-Modified, and answers If-None-Match with 304', async () => {
    const first = await get(server, '/data.json');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(Date.parse(first.headers['last-modified'] ?? '')).not.toBeNaN();

    const revalidated = await get(server, '/data.json', { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);

    const listed = await get(server, '/data.json', { headers: { 'if-none-match': `"other", ${(etag ?? '').replace(/^W\//, '')}` } });
    expect(listed.status).toBe(304);

    const changed = await get(server, '/data.json', { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe(DATA);

    const since = await get(server, '/data.json', { headers: { 'if-modified-since': first.headers['last-modified'] ?? '' } });
    expect(since.status).toBe(304);
  });

  it('sends headers only for HEAD, with the length GET would send', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }]) {
      for (const path of ['/', '/data.json', '/assets/app-ABC123.js', '/no-such-page']) {
        const full = await get(server, path, { headers });
        const head = await get(server, path, { method: 'HEAD', headers });
        expect(head.status).toBe(full.status);
        expect(head.body.length).toBe(0);
        expect(head.headers['content-length']).toBe(String(full.body.length));
        expect(head.headers['content-encoding']).toBe(full.headers['content-encoding']);
      }
    }
  });

  it('refuses path traversal and never serves outside the folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/index.html%00.txt',
      '/%E0%A4%A',
    ]) {
      const reply = await get(server, path);
      expect([400, 404], path).toContain(reply.status);
      expect(reply.body.toString()).not.toContain(SECRET);
    }
  });

  it('answers other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await fetch(`${server.url}/`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('transforms HTML (including 404.html), ignoring precompressed HTML siblings', async () => {
    const dev = await startServer({ dir: site, port: 0, transformHtml: (html) => html.replace('</body>', `${INJECTED}</body>`) });
    try {
      const plain = await get(dev, '/');
      expect(plain.body.toString()).toBe(INDEX.replace('</body>', `${INJECTED}</body>`));
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

      const br = await get(dev, '/', { headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toContain(INJECTED);

      const missing = await get(dev, '/no-such-page/', { headers: { 'accept-encoding': 'gzip' } });
      expect(missing.status).toBe(404);
      expect(gunzipSync(missing.body).toString()).toContain(INJECTED);

      // Non-HTML is untouched.
      expect((await get(dev, '/data.json')).body.toString()).toBe(DATA);
    } finally {
      await dev.close();
    }
    // Without a transform, the precompressed index.html.br is sent as is.
    const original = await get(server, '/', { headers: { 'accept-encoding': 'br' } });
    expect(original.body.equals(INDEX_BR)).toBe(true);
  });

  it('tries the before hook first', async () => {
    const dev = await startServer({
      dir: site,
      port: 0,
      before: (req, res) => {
        if (req.url !== '/__hook') return false;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('hooked');
        return true;
      },
    });
    try {
      expect(await (await fetch(`${dev.url}/__hook`, { method: 'POST' })).text()).toBe('hooked');
      expect(await (await fetch(`${dev.url}/`)).text()).toBe(INDEX);
    } finally {
      await dev.close();
    }
  });

  it('answers 500 on an error while serving and keeps running', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = await startServer({
      dir: site,
      port: 0,
      transformHtml: () => {
        throw new Error('transform exploded');
      },
    });
    try {
      const reply = await get(broken, '/');
      expect(reply.status).toBe(500);
      expect(reply.body.toString()).toMatch(/500 Internal Server Error/);
      expect(reply.body.toString()).not.toContain('exploded');
      expect(logged).toHaveBeenCalled();
      expect((await get(broken, '/data.json')).status).toBe(200);
    } finally {
      await broken.close();
      logged.mockRestore();
    }
  });

  it('rejects with a helpful message when the port is in use', async () => {
    await expect(startServer({ dir: site, port: server.port })).rejects.toThrow(
      `Port ${server.port} on 127.0.0.1 is in use; pass --port with another number.`,
    );
  });

  it('closes idle keep-alive connections on close()', async () => {
    const other = await startServer({ dir: site, port: 0 });
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await get(other, '/', { agent })).status).toBe(200);
      // Would hang until the keep-alive timeout if idle connections were left open.
      await other.close();
      await expect(get(other, '/')).rejects.toThrow();
    } finally {
      agent.destroy();
    }
  });

  it('serves files changed after a first request with fresh content', async () => {
    const path = join(site, 'fresh.json');
    await writeFile(path, '{"version":1}');
    const first = await get(server, '/fresh.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(first.body).toString()).toBe('{"version":1}');
    await writeFile(path, '{"version":22}');
    const second = await get(server, '/fresh.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(second.body).toString()).toBe('{"version":22}');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await unlink(path);
  });
});

describe('compressed bodies', () => {
  it('compresses a large page once, however many requests ask for it at the same time or later', async () => {
    // Base64 compresses poorly, so the brotli body (about 18 MB) is larger than the old per-body cache limit.
    const page = `<!doctype html><html><body><pre>${randomBytes(18_000_000).toString('base64')}</pre></body></html>`;
    await writeFile(join(site, 'large.html'), page);
    try {
      vi.mocked(brotliCompress).mockClear();
      vi.mocked(gzip).mockClear();
      const br = { headers: { 'accept-encoding': 'br' } };
      const together = await Promise.all(Array.from({ length: 4 }, () => get(server, '/large.html', br)));
      const later = [await get(server, '/large.html', br), await get(server, '/large.html', { ...br, method: 'HEAD' }), await get(server, '/large.html', br)];
      expect(compressions()).toBe(1);
      for (const reply of [...together, ...later]) {
        expect(reply.status).toBe(200);
        expect(reply.headers['content-encoding']).toBe('br');
        expect(reply.headers['content-length']).toBe(String(together[0]!.body.length));
      }
      expect(brotliDecompressSync(later[2]!.body).toString()).toBe(page);
    } finally {
      await unlink(join(site, 'large.html'));
    }
  });

  it('compresses again after the file changes, and for each encoding', async () => {
    const path = join(site, 'changing.txt');
    await writeFile(path, 'first version\n'.repeat(100));
    try {
      vi.mocked(brotliCompress).mockClear();
      vi.mocked(gzip).mockClear();
      await get(server, '/changing.txt', { headers: { 'accept-encoding': 'br' } });
      await get(server, '/changing.txt', { headers: { 'accept-encoding': 'br' } });
      await get(server, '/changing.txt', { headers: { 'accept-encoding': 'gzip' } });
      expect(compressions()).toBe(2);
      await writeFile(path, 'second version\n'.repeat(100));
      const reply = await get(server, '/changing.txt', { headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(reply.body).toString()).toBe('second version\n'.repeat(100));
      expect(compressions()).toBe(3);
    } finally {
      await unlink(path);
    }
  });
});

describe('byte ranges', () => {
  const range = (path: string, value: string, headers: Record<string, string> = {}) => get(server, path, { headers: { range: value, ...headers } });

  it('answers a single byte range with 206 and Content-Range', async () => {
    for (const [value, start, end] of [
      ['bytes=10-19', 10, 19],
      ['bytes=0-0', 0, 0],
      ['bytes=60-', 60, 63],
      ['bytes=50-1000', 50, 63],
      ['bytes=-5', 59, 63],
      ['bytes=-1000', 0, 63],
    ] as const) {
      const reply = await range('/archive.bin', value);
      expect(reply.status, value).toBe(206);
      expect(reply.headers['content-range'], value).toBe(`bytes ${start}-${end}/64`);
      expect(reply.headers['content-length'], value).toBe(String(end - start + 1));
      expect(reply.headers['accept-ranges']).toBe('bytes');
      expect(reply.headers['content-type']).toBe('application/octet-stream');
      expect(reply.body.equals(ARCHIVE.subarray(start, end + 1)), value).toBe(true);
    }
  });

  it('says it accepts ranges on whole uncompressed answers', async () => {
    expect((await get(server, '/archive.bin')).headers['accept-ranges']).toBe('bytes');
    expect((await get(server, '/data.json')).headers['accept-ranges']).toBe('bytes');
    expect((await get(server, '/archive.bin', { method: 'HEAD' })).headers['accept-ranges']).toBe('bytes');
  });

  it('answers 416 with the size when the range starts past the end', async () => {
    for (const value of ['bytes=64-', 'bytes=100-200', 'bytes=-0']) {
      const reply = await range('/archive.bin', value);
      expect(reply.status, value).toBe(416);
      expect(reply.headers['content-range'], value).toBe('bytes */64');
      expect(reply.body.toString()).not.toContain(ARCHIVE.toString('latin1'));
    }
  });

  it('sends the whole file for a range it does not take (malformed, another unit, several ranges, HEAD)', async () => {
    for (const value of ['bytes=5-2', 'items=0-1', 'bytes=0-1,4-5', 'bytes=x-y', 'bytes=-']) {
      const reply = await range('/archive.bin', value);
      expect(reply.status, value).toBe(200);
      expect(reply.body.equals(ARCHIVE), value).toBe(true);
    }
    const head = await get(server, '/archive.bin', { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('64');
  });

  it('sends a compressed body whole, without Accept-Ranges, and the identity body in ranges', async () => {
    const compressed = await range('/data.json', 'bytes=0-9', { 'accept-encoding': 'br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['accept-ranges']).toBeUndefined();
    expect(brotliDecompressSync(compressed.body).toString()).toBe(DATA);

    const identity = await range('/data.json', 'bytes=0-9');
    expect(identity.status).toBe(206);
    expect(identity.body.toString()).toBe(DATA.slice(0, 10));
  });

  it('applies If-Range: only the Last-Modified date matches, since the ETags are weak', async () => {
    const { headers } = await get(server, '/archive.bin');
    expect((await range('/archive.bin', 'bytes=0-9', { 'if-range': headers['last-modified']! })).status).toBe(206);
    expect((await range('/archive.bin', 'bytes=0-9', { 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    const weak = await range('/archive.bin', 'bytes=0-9', { 'if-range': headers.etag! });
    expect(weak.status).toBe(200);
    expect(weak.body.equals(ARCHIVE)).toBe(true);
  });

  it('never sends a range of the not-found page', async () => {
    const reply = await range('/no-such-file.bin', 'bytes=0-3');
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).toBe(NOT_FOUND);
  });
});

describe('symlinks', () => {
  it('refuses a symlink that leads out of the site folder, as if it were not there', async () => {
    for (const path of ['/secret.txt', '/outside/secret.txt', '/outside/', '/outside', '/loop']) {
      for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const reply = await get(server, path, { headers });
        expect(reply.status, path).toBe(404);
        expect(reply.body.toString(), path).not.toContain(SECRET);
      }
    }
  });

  it('never sends a precompressed sibling that leads out of the site folder', async () => {
    const reply = await get(server, '/leak.txt', { headers: { 'accept-encoding': 'gzip' } });
    expect(reply.status).toBe(200);
    expect(gunzipSync(reply.body).toString()).toBe('an ordinary text file\n');
  });

  it('serves a symlink that stays inside the site folder', async () => {
    const reply = await get(server, '/alias.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.body.toString()).toBe(DATA);
  });

  it('serves a site folder that is itself a symlink (dist -> a versioned build)', async () => {
    const current = join(base, 'current');
    await symlink(site, current);
    const linked = await startServer({ dir: current, port: 0 });
    try {
      expect((await get(linked, '/')).body.toString()).toBe(INDEX);
      expect((await get(linked, '/thread/')).body.toString()).toBe(THREAD);
      expect((await get(linked, '/alias.json')).body.toString()).toBe(DATA);
      expect((await get(linked, '/secret.txt')).status).toBe(404);
      expect((await get(linked, '/outside/secret.txt')).status).toBe(404);
    } finally {
      await linked.close();
      await unlink(current);
    }
  });

  it('serves a site folder created after the server started (dev builds into it after listening)', async () => {
    const later = join(base, 'later');
    const early = await startServer({ dir: later, port: 0 });
    try {
      expect((await get(early, '/')).status).toBe(404);
      await mkdir(later);
      await writeFile(join(later, 'index.html'), INDEX);
      expect((await get(early, '/')).body.toString()).toBe(INDEX);
    } finally {
      await early.close();
      await rm(later, { recursive: true, force: true });
    }
  });
});

describe("the site's _headers", () => {
  it('applies an /img/* rule to every answer for an image: whole, ranged, compressed and revalidated', async () => {
    const hosted = join(base, 'hosted');
    const csp = "script-src 'none'; sandbox";
    await mkdir(join(hosted, 'img'), { recursive: true });
    await writeFile(join(hosted, 'index.html'), INDEX);
    await writeFile(join(hosted, '_headers'), `/*\n  X-Frame-Options: DENY\n\n/img/*\n  Content-Security-Policy: ${csp}\n  Cache-Control: public, max-age=86400\n`);
    await writeFile(join(hosted, 'img', 'photo.png'), FONT);
    await writeFile(join(hosted, 'img', 'logo.svg'), SVG);
    const other = await startServer({ dir: hosted, port: 0 });
    try {
      const whole = await get(other, '/img/photo.png');
      const ranged = await get(other, '/img/photo.png', { headers: { range: 'bytes=0-99' } });
      const svg = await get(other, '/img/logo.svg', { headers: { 'accept-encoding': 'br' } });
      const revalidated = await get(other, '/img/photo.png', { headers: { 'if-none-match': whole.headers.etag! } });
      const head = await get(other, '/img/logo.svg', { method: 'HEAD' });
      expect([whole.status, ranged.status, svg.status, revalidated.status, head.status]).toEqual([200, 206, 200, 304, 200]);
      for (const reply of [whole, ranged, svg, revalidated, head]) {
        expect(reply.headers['content-security-policy']).toBe(csp);
        expect(reply.headers['cache-control']).toBe('public, max-age=86400');
        expect(reply.headers['x-frame-options']).toBe('DENY');
      }
      expect((await get(other, '/')).headers['content-security-policy']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('applies to every spelling of an address (//img/x, /./img/x), and _headers is never served', async () => {
    const hosted = join(base, 'hosted');
    const other = await startServer({ dir: hosted, port: 0 });
    try {
      for (const path of ['//img/photo.png', '/./img/photo.png', '/img//photo.png', '/img/./photo.png']) {
        const reply = await get(other, path);
        expect(reply.status, path).toBe(200);
        expect(reply.headers['content-security-policy'], path).toBe("script-src 'none'; sandbox");
      }
      for (const path of ['/_headers', '//_headers', '/./_headers', '/%2e/_headers']) expect((await get(other, path)).status, path).toBe(404);
      expect((await get(other, '//')).body.toString()).toBe(INDEX);
    } finally {
      await other.close();
    }
  });

  it('is read again when a build replaces it while the server runs', async () => {
    const hosted = join(base, 'rebuilt');
    await mkdir(hosted, { recursive: true });
    await writeFile(join(hosted, 'index.html'), INDEX);
    await writeFile(join(hosted, '_headers'), "/*\n  Content-Security-Policy: script-src 'sha256-old'\n");
    const other = await startServer({ dir: hosted, port: 0 });
    try {
      expect((await get(other, '/')).headers['content-security-policy']).toBe("script-src 'sha256-old'");
      await writeFile(join(hosted, '_headers.new'), "/*\n  Content-Security-Policy: script-src 'sha256-old' 'sha256-new'\n");
      await rename(join(hosted, '_headers.new'), join(hosted, '_headers'));
      expect((await get(other, '/')).headers['content-security-policy']).toBe("script-src 'sha256-old' 'sha256-new'");
    } finally {
      await other.close();
    }
  });
});

// A FIFO blocks whoever opens it until a writer comes, and a socket cannot be opened at all: neither is a file of
// the site. Each request has a hang guard; a server that opened the FIFO would never answer.
describe('special files', () => {
  const guarded = <T>(work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 30 s: the server blocked')), 30_000).unref())]);

  it.runIf(process.platform !== 'win32')('answers 404 for a FIFO or a socket, never opening it, and keeps serving', async () => {
    const special = join(base, 'special');
    await mkdir(join(special, 'pipe-folder'), { recursive: true });
    await writeFile(join(special, 'index.html'), INDEX);
    await writeFile(join(special, '404.html'), NOT_FOUND);
    expect(spawnSync('mkfifo', [join(special, 'pipe'), join(special, 'pipe-folder', 'index.html'), join(special, '_headers')]).status).toBe(0);
    const socket = createNetServer();
    await new Promise<void>((done) => socket.listen(join(special, 'socket'), done));
    const other = await guarded(startServer({ dir: special, port: 0 }));
    try {
      // More requests at once than libuv has threads (4), each of which a blocking open would hold for good.
      const replies = await guarded(Promise.all(['/pipe', '/pipe', '/pipe', '/pipe', '/pipe-folder/', '/socket'].map((path) => get(other, path))));
      expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(replies[0]!.body.toString()).toBe(NOT_FOUND);
      expect((await guarded(get(other, '/'))).body.toString()).toBe(INDEX);
    } finally {
      await other.close();
      await new Promise((done) => socket.close(done));
    }
  }, 60_000);
});
