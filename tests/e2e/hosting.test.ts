// The built site on a real nginx with the server block the build wrote (deploy/nginx.conf): every route, the
// not-found page, headers by file type, precompressed bodies, and the site under its own CSP in Chromium.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startNginx, type RunningNginx } from '../../scripts/nginx.ts';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, hydrated, openPage, useBrowser } from './browser.ts';

let nginx: RunningNginx;
const browser = useBrowser();

beforeAll(async () => {
  nginx = await startNginx({ siteDir: inject('siteDir'), serverBlock: inject('serverBlock'), workDir: join(inject('workDir'), 'nginx') });
});
afterAll(async () => {
  await nginx?.stop();
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP GET: no redirect following, no decompression, so what nginx sent is what we see. */
function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${nginx.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const siteDir = () => inject('siteDir');
const sitemapPaths = () => [...readFileSync(join(siteDir(), 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const asset = (pattern: RegExp) => `/assets/${readdirSync(join(siteDir(), 'assets')).find((name) => pattern.test(name))!}`;
const SERVICE = () => sitemapPaths().find((p) => p.startsWith('/service/'))!;
/** The body as sent before any Content-Encoding. */
const decoded = ({ headers, body }: Reply) => ({ gzip: gunzipSync, br: brotliDecompressSync })[String(headers['content-encoding']) as 'gzip' | 'br']?.(body) ?? body;
/** The not-found answer: status 404, the site's 404 page, revalidated. */
const expectNotFound = (reply: Reply, path: string) => {
  expect(reply.status, path).toBe(404);
  expect(decoded(reply).toString(), path).toContain('404 Not Found');
  expect(reply.headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
};
/** Whether some policy of a Content-Security-Policy header runs no script and sandboxes the document without allowing any. */
const sandboxedWithoutScript = (csp: unknown) =>
  String(csp)
    .split(',')
    .map((policy) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...sources]) => [name!, sources])))
    .some((p) => (p.get('script-src') ?? p.get('default-src'))?.join(' ') === "'none'" && p.has('sandbox') && !p.get('sandbox')!.includes('allow-scripts'));

describe('nginx with deploy/nginx.conf', () => {
  it('answers 200 for every route in sitemap.xml', async () => {
    const paths = sitemapPaths();
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) expect((await get(path)).status, path).toBe(200);
  });

  it('answers unknown paths with 404 and the not-found page', async () => {
    for (const path of ['/no-such-page/', '/service/nope/listing-999/', '/assets/entry-GONE0000.js']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.toString(), path).toContain('404 Not Found');
      expect(reply.headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('answers a folder without an index.html with 404 and the not-found page, as `storefront serve` does', async () => {
    for (const path of ['/service/', '/alternatives/', '/service', '/alternatives', '/img/', '/img/services/', '/img', '/assets/']) expectNotFound(await get(path), path);
  });

  it('answers 404 for the _headers file and the .br/.gz siblings, which are sent only for the original address', async () => {
    const script = asset(/^entry-.*\.js$/);
    const style = asset(/\.css$/);
    for (const path of ['/_headers', `${script}.br`, `${script}.gz`, `${style}.br`, `${style}.gz`]) {
      for (const encoding of ['', 'gzip, deflate, br']) expectNotFound(await get(path, encoding ? { 'accept-encoding': encoding } : {}), `${path} (${encoding || 'identity'})`);
    }
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const reply = await get(style, { 'accept-encoding': encoding });
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.body.equals(readFileSync(join(siteDir(), `${style}${suffix}`)))).toBe(true);
    }
  });

  it('sends sitemap.xml as application/xml and robots.txt as text/plain, both UTF-8 and compressed', async () => {
    for (const [path, type] of [['/sitemap.xml', 'application/xml; charset=utf-8'], ['/robots.txt', 'text/plain; charset=utf-8']]) {
      const reply = await get(path!, { 'accept-encoding': 'gzip, deflate, br' });
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type'], path).toBe(type);
      expect(reply.headers['content-encoding'], path).toBe('gzip');
      expect(String(reply.headers.vary), path).toContain('Accept-Encoding');
      expect(decoded(reply).equals(readFileSync(join(siteDir(), path!))), path).toBe(true);
    }
  });

  it('sends catalogue images under a policy that runs no script and sandboxes them', async () => {
    const images = ['/img/icons/listing.svg', ...readdirSync(join(siteDir(), 'img', 'services')).slice(0, 3).map((name) => `/img/services/${name}`)];
    for (const path of images) {
      const { status, headers } = await get(path);
      expect(status, path).toBe(200);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(sandboxedWithoutScript(headers['content-security-policy']), path).toBe(true);
    }
    for (const path of ['/', SERVICE(), '/404/']) expect((await get(path)).headers['content-security-policy'], path).not.toContain('sandbox');
  });

  it('redirects a route without its trailing slash, keeping the visitor on the same host', async () => {
    const reply = await get(SERVICE().slice(0, -1));
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe(SERVICE());
  });

  it('sends cache headers by file type', async () => {
    const cases: [string, RegExp, string][] = [
      ['/', /^text\/html/, 'public, max-age=0, must-revalidate'],
      [SERVICE(), /^text\/html/, 'public, max-age=0, must-revalidate'],
      ['/sitemap.xml', /xml/, 'public, max-age=0, must-revalidate'],
      ['/robots.txt', /^text\/plain/, 'public, max-age=0, must-revalidate'],
      [asset(/^entry-.*\.js$/), /javascript/, 'public, max-age=31536000, immutable'],
      [asset(/\.css$/), /^text\/css/, 'public, max-age=31536000, immutable'],
      [asset(/\.woff2$/), /^font\/woff2/, 'public, max-age=31536000, immutable'],
      ['/img/icons/listing.svg', /^image\/svg\+xml/, 'public, max-age=86400'],
    ];
    for (const [path, type, cache] of cases) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type'], path).toMatch(type);
      expect(reply.headers['cache-control'], path).toBe(cache);
    }
  });

  it('sends the security headers, a CSP without unsafe-inline scripts, and forbids framing except for /thread/', async () => {
    for (const path of ['/', SERVICE(), '/sitemap/', '/404/', '/thread/', asset(/^entry-.*\.js$/)]) {
      const { headers } = await get(path);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      const csp = String(headers['content-security-policy']);
      const scriptSrc = /script-src ([^;,]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      expect(csp, path).not.toContain('unsafe-inline');
    }
    for (const path of ['/', SERVICE(), '/sitemap/', '/404/']) {
      const { headers } = await get(path);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
    const thread = await get('/thread/');
    expect(thread.headers['x-frame-options']).toBeUndefined();
    expect(thread.headers['content-security-policy']).not.toContain('frame-ancestors');
  });

  it('sends the precompressed brotli or gzip file when the browser accepts it', async () => {
    const script = asset(/^entry-.*\.js$/);
    const plain = readFileSync(join(siteDir(), script));
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(join(siteDir(), `${script}.br`)))).toBe(true);
    const gz = await get(script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(siteDir(), `${script}.gz`)))).toBe(true);
    const none = await get(script);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
    const page = await get('/', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(String(page.headers.vary)).toContain('Accept-Encoding');
  });
});

describe('the site under its own Content-Security-Policy, from nginx', () => {
  const pageKinds = () => ['/', SERVICE(), '/thread/', '/sitemap/', '/alternatives/alternative-to-icoda/', '/404/', '/no-such-page/'];

  it('shows catalogue SVGs on the pages', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(`${nginx.url}${SERVICE()}`);
    const image = page.locator('img.service-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(/^\/img\/.+\.svg$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('runs no script in an SVG under /img/ opened on its own, not even one from the site itself', async () => {
    // A maintainer's SVG that loads a same-origin script: the site's own policy allows 'self', the image policy must not.
    const name = `e2e-script-${process.pid}`;
    const dir = join(siteDir(), 'img');
    writeFileSync(join(dir, `${name}.js`), "document.documentElement.setAttribute('data-ran', '');\n");
    writeFileSync(join(dir, `${name}.svg`), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script href="/img/${name}.js"/><script>document.documentElement.setAttribute('data-ran', '')</script><rect width="10" height="10"/></svg>\n`);
    const { page, close } = await openPage(browser());
    try {
      const reply = await page.goto(`${nginx.url}/img/${name}.svg`);
      expect(reply?.status()).toBe(200);
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ran'))).toBe(false);
      expect(await page.evaluate(() => window.origin)).toBe('null'); // sandboxed: an origin of its own
    } finally {
      await close();
      for (const ext of ['js', 'svg']) rmSync(join(dir, `${name}.${ext}`), { force: true });
    }
  });

  it('runs on every page kind with no CSP violation', async () => {
    for (const path of pageKinds()) {
      const { page, errors, close } = await openPage(browser());
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
      });
      await page.goto(`${nginx.url}${path}`);
      await hydrated(page);
      // Open the Categories panel too: an interaction must not need anything the policy forbids.
      if (await page.locator('.main-nav .disclosure-button').count()) {
        await page.locator('.main-nav .disclosure-button').click();
        await page.locator('.main-nav .disclosure-panel').waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe('light');
      // An unknown path is a 404 response by design; that is its only console error.
      expect(errors.filter((e) => !/status of 404/.test(e)), path).toEqual([]);
      await close();
    }
  });
});

describe('nginx over HTTPS, as the benchmark serves the site', () => {
  it("has a certificate Chromium accepts by its key's hash, and then caches as for a deployed site", async () => {
    const secure = await startNginx({ siteDir: siteDir(), serverBlock: inject('serverBlock'), workDir: join(inject('workDir'), 'nginx-https'), https: true });
    const trusting = await chromium.launch({ executablePath: inject('chromium'), args: [...CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${secure.publicKeyHash}`] });
    try {
      const context = await trusting.newContext();
      const first = await context.newPage();
      expect((await first.goto(`${secure.url}/`))?.status()).toBe(200);
      // A second visit takes the stylesheet from the HTTP cache: Chromium caches no response with a certificate error.
      const second = await context.newPage();
      await second.goto(`${secure.url}/`);
      const transferred = await second.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.css')).map((e) => (e as PerformanceResourceTiming).transferSize));
      expect(transferred.length).toBeGreaterThan(0);
      expect(transferred.every((size) => size === 0)).toBe(true);
    } finally {
      await trusting.close();
      await secure.stop();
    }
  });
});
