import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve.ts';

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
  await writeFile(join(site, 'archive.bin'), randomBytes(64));
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
