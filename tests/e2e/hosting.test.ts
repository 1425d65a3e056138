// The built site on a real nginx with the server block the build wrote (deploy/nginx.conf): every route, the
// not-found page, headers by file type, precompressed bodies, and the site under its own CSP in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startNginx, type RunningNginx } from '../../scripts/nginx.ts';
import { hydrated, openPage, useBrowser } from './browser.ts';

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
  const pageKinds = () => ['/', SERVICE(), '/thread/', '/sitemap/', '/alternatives/alternative-to-icoda/', '/404/', '/alternatives/alternative-to-a-new-agency/'];

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
      // A not-prerendered alternatives page is a 404 response by design; that is its only console error.
      expect(errors.filter((e) => !/status of 404/.test(e)), path).toEqual([]);
      await close();
    }
  });
});
