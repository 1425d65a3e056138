// The build as a whole: steps printed with times, all routes written, and the previous site untouched
// whenever a build fails.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { snapshot } from '../support/cliRun.ts';
import type { ClientBundle } from '../../src/build/bundle.ts';
import { BuildCacheDir } from '../../src/build/cache.ts';
import { emitSite } from '../../src/build/emit.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { validate } from '../support/site.ts';
import { buildModel } from '../../src/model/model.ts';
import { buildSite } from '../../src/pipeline.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-build-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}


describe('storefront build', () => {
  const out = join(work, 'dist');
  let log: string[];

  beforeAll(async () => {
    const { lines, io } = capture();
    const result = await buildSite({ catalogueDir: fixture('valid'), outDir: out }, io);
    expect(result.ok).toBe(true);
    log = lines;
  }, 60_000);

  it('prints each stage once with its time, as it finishes: after the stages it needs', () => {
    const steps = log.map((l) => /^ {2}(\w+)\s+(\d+) ms/.exec(l)?.[1]).filter((s) => s !== undefined);
    expect([...steps].sort()).toEqual(['brand', 'bundle', 'compress', 'emit', 'emoji', 'images', 'load', 'markdown', 'model', 'render', 'search', 'social', 'templates', 'validate']);
    const order = (...names: string[]) => expect(names.map((n) => steps.indexOf(n))).toEqual(names.map((n) => steps.indexOf(n)).sort((a, b) => a - b));
    order('load', 'validate', 'model', 'render', 'emit');
    order('templates', 'validate');
    order('markdown', 'validate');
    order('bundle', 'render');
    expect(log.at(-1)).toMatch(/^Built 13 pages into .* in \d+\.\d\d s\.$/);
  });

  it('writes every route as a directory index, plus 404.html, sitemap.xml and robots.txt', () => {
    for (const file of [
      'index.html', 'thread/index.html', 'sitemap/index.html', '404/index.html', '404.html',
      'service/fast-track-listing-premium-and-more/alpha-1/index.html', 'alternatives/alternative-to-icoda/index.html',
      'sitemap.xml', 'robots.txt', 'img/services/alpha-1.svg',
    ]) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it("puts the catalogue's images in the site as hard links where the file system allows, else as copies", () => {
    const source = join(fixture('valid'), 'img/services/alpha-1.svg');
    const built = join(out, 'img/services/alpha-1.svg');
    expect(readFileSync(built)).toEqual(readFileSync(source));
    const sameFileSystem = statSync(source).dev === statSync(out).dev;
    if (sameFileSystem) expect(statSync(built).ino).toBe(statSync(source).ino);
    else expect(statSync(built).ino).not.toBe(statSync(source).ino);
  });

  it('lists absolute, trailing-slash URLs in sitemap.xml, without the 404 page', () => {
    const xml = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(urls).toContain('https://www.example.com/');
    expect(urls).toContain('https://www.example.com/service/free-launch-slot/alpha-2/');
    expect(urls.every((u) => u.startsWith('https://www.example.com/') && u.endsWith('/'))).toBe(true);
    expect(urls.some((u) => u.includes('404'))).toBe(false);
  });

  // /thread/ (for embedding and screenshots) is the home page's hero, figures and clients under another address,
  // with its title and description: it was listed and indexable, duplicate content to a search engine.
  it('keeps /thread/ out of sitemap.xml and out of search engines, without a canonical address', () => {
    const urls = [...readFileSync(join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(urls.some((u) => u.includes('/thread/'))).toBe(false);
    const html = readFileSync(join(out, 'thread/index.html'), 'utf8');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).not.toMatch(/rel="canonical"/);
  });

  it('hashes the names of scripts, styles, fonts, emoji and icons', () => {
    const assets = readdirSync(join(out, 'assets'));
    expect(assets.length).toBeGreaterThan(5);
    expect(assets.every((name) => /-[A-Z0-9]{8}\.(js|css|woff2|json|svg|png)(\.br|\.gz)?$/.test(name))).toBe(true);
    expect(assets).toContainEqual(expect.stringMatching(/^emoji-1f680-[A-Z0-9]{8}\.svg$/));
  });

  /** The loader a page names, and the configuration it carries (src/client/clientLoader.ts). */
  const loaderOf = (html: string) => {
    const url = /id="storefront-boot" data-loader="(\/assets\/loader-[A-Z0-9]{8}\.js)"/.exec(html)![1]!;
    const script = readFileSync(join(out, url), 'utf8');
    const config = JSON.parse(/^var c=(\{.*?\}),q=/.exec(script)![1]!) as { entry: string; common: string[]; preload: Record<string, string[]>; fetches: string[]; manifest: { chunks: Record<string, string>; site: string } };
    return { url, script, config };
  };

  it('starts the client only after the page has loaded and painted and the visitor shows an intent, through one loader file every page names', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script type="module"/);
    const { url, script, config } = loaderOf(html);
    expect(config.entry).toMatch(/^\/assets\/entry-\w+\.js$/);
    expect(config.preload.home!.some((m) => /\/page-home-/.test(m))).toBe(true);
    expect(config.preload.service!.some((m) => /\/page-service-/.test(m))).toBe(true);
    expect(config.common.length).toBeGreaterThan(3);
    for (const m of [config.entry, ...config.common, ...Object.values(config.preload).flat(), ...Object.values(config.manifest.chunks)]) expect(existsSync(join(out, m)), m).toBe(true);
    const start = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).find((s) => s.includes('storefront-boot'))!;
    expect(start).toContain("A('load'");
    expect(start).toContain("getEntriesByName('first-contentful-paint')");
    expect(start).toContain('.dataset.loader');
    expect(start).toContain('"pointerdown"');
    expect(script).toContain('import(c.entry)');
    for (const page of readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith('index.html'))) {
      expect(loaderOf(readFileSync(join(out, String(page)), 'utf8')).url, String(page)).toBe(url);
    }
  });

  it('keeps the site shell in one hashed file that the loader fetches, not in each page', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const boot = JSON.parse(/id="storefront-boot"[^>]*>([^<]*)</.exec(html)![1]!) as Record<string, unknown>;
    expect(boot).toEqual({ kind: 'home' });
    const { config } = loaderOf(html);
    expect(config.manifest.site).toMatch(/^\/assets\/site-[A-Z0-9]{8}\.json$/);
    expect(config.fetches).toEqual([config.manifest.site]);
    const shell = JSON.parse(readFileSync(join(out, config.manifest.site), 'utf8')) as { brand: string; categories: unknown[] };
    expect(shell.brand).toBeTruthy();
    expect(shell.categories.length).toBeGreaterThan(0);
  });

  it("ships no copy of a page's data: the client adopts the prerendered parts, marked in the HTML", () => {
    const route = readdirSync(join(out, 'service'), { recursive: true, withFileTypes: true }).find((e) => e.name === 'index.html')!.parentPath;
    for (const [file, part] of [[join(route, 'index.html'), 'service'], [join(out, 'index.html'), 'catalogue'], [join(out, 'sitemap/index.html'), 'sitemap']] as const) {
      const html = readFileSync(file, 'utf8');
      const boot = JSON.parse(/id="storefront-boot"[^>]*>([^<]*)</.exec(html)![1]!) as Record<string, unknown>;
      expect(Object.keys(boot), file).toEqual(['kind']);
      expect(html.match(new RegExp(`data-prerendered="${part}"`, 'g')), file).toHaveLength(1);
    }
    expect(readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith('data.json'))).toEqual([]);
  });

  it('writes the hosting headers: _headers in the site, nginx.conf in deploy/ next to it', () => {
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    expect(headers).toMatch(/^\/assets\/\*\n  Cache-Control: public, max-age=31536000, immutable$/m);
    expect(readFileSync(join(work, 'deploy', 'nginx.conf'), 'utf8')).toMatch(/location \/assets\/ \{/);
  });

  it('writes brotli and gzip siblings for scripts and styles, not for fonts', () => {
    const assets = readdirSync(join(out, 'assets'));
    const text = assets.filter((name) => /\.(js|css)$/.test(name));
    for (const name of text) {
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
    expect(assets.some((name) => name.endsWith('.woff2.br'))).toBe(false);
  });

  it('overrides the base URL with --base-url', async () => {
    const staging = join(work, 'staging');
    const { io } = capture();
    await buildSite({ catalogueDir: fixture('valid'), outDir: staging, baseUrl: 'https://staging.example.org/' }, io);
    expect(readFileSync(join(staging, 'index.html'), 'utf8')).toContain('<link rel="canonical" href="https://staging.example.org/">');
  }, 60_000);

  it("says the site is ready once it is in place, before the cache folder's housekeeping (dev reloads then)", async () => {
    const [outDir, cacheDir] = [join(work, 'ready'), join(work, 'ready-cache')];
    const seen: { site: boolean; housekeeping: boolean }[] = [];
    const siteReady = () => seen.push({ site: existsSync(join(outDir, 'index.html')), housekeeping: existsSync(join(cacheDir, 'builds')) });
    const result = await buildSite({ catalogueDir: fixture('valid'), outDir, cacheDir, precompress: false, siteReady }, capture().io);
    expect(result.ok).toBe(true);
    expect(seen).toEqual([{ site: true, housekeeping: false }]);
    expect(readdirSync(join(cacheDir, 'builds'))).toHaveLength(1);
  }, 60_000);

  it("lets what siteReady wrote leave before it writes the cache's records (Node sends a response's chunk after the task)", async () => {
    const [outDir, cacheDir] = [join(work, 'ready-turn'), join(work, 'ready-turn-cache')];
    const order: string[] = [];
    const original = BuildCacheDir.prototype.writeRecordsInTurn;
    const spy = vi.spyOn(BuildCacheDir.prototype, 'writeRecordsInTurn').mockImplementation(function (this: BuildCacheDir, records) {
      if (records.some(([name]) => name.startsWith('descriptions-')) && !order.includes('descriptions record')) order.push('descriptions record');
      original.call(this, records);
    });
    const siteReady = () => {
      order.push('site ready');
      setImmediate(() => order.push('next task'));
    };
    try {
      const result = await buildSite({ catalogueDir: fixture('valid'), outDir, cacheDir, precompress: false, siteReady }, capture().io);
      expect(result.ok).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(order).toEqual(['site ready', 'next task', 'descriptions record']);
  }, 60_000);

  it('leaves the previous site untouched when the catalogue has errors', async () => {
    const before = snapshot(out);
    const { lines, io } = capture();
    const result = await buildSite({ catalogueDir: fixture('several-problems'), outDir: out }, io);
    expect(result.ok).toBe(false);
    expect(lines.join('\n')).toMatch(/Nothing was written: the previous site is unchanged/);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(work).filter((n) => n.includes('building'))).toEqual([]);
  }, 60_000);

  it('fails, naming the description, its line and the page, when a link in it names no section of a built page', async () => {
    // The validator knows pages but not the ids inside them; the built-site check catches the rest, and a link
    // that a catalogue text holds is reported there.
    const before = snapshot(out);
    const { lines, io } = capture();
    const result = await buildSite({ catalogueDir: fixture('broken-built-link'), outDir: out }, io);
    expect(result.ok).toBe(false);
    const report = lines.join('\n');
    // Named by its field, as validation names a link: "link /sitemap/#nowhere".
    expect(report).toMatch(/broken-built-link\/descriptions\/alpha-1\.md\n  8:33 +error +link \/sitemap\/#nowhere: There is no section "#nowhere" on \/sitemap\/: that page has no element with this id \(the link is on \/service\/fast-track-listing-premium-and-more\/alpha-1\/\)\./);
    expect(report).toMatch(/Nothing was written: the previous site is unchanged/);
    expect(report).not.toMatch(/Built \d+ pages/);
    expect(snapshot(out)).toEqual(before);
    // Its pages were written as they rendered, into a staging folder that is gone again.
    expect(readdirSync(work).filter((n) => n.includes('building'))).toEqual([]);
  }, 60_000);

  it('leaves the previous site untouched when writing the new one fails part-way', async () => {
    const before = snapshot(out);
    const { catalogue } = await validate(await loadCatalogue(fixture('valid')));
    const site = buildModel(catalogue!);
    const pages = [
      { page: { route: '/', kind: 'home' as const, indexed: true }, html: '<!doctype html>' },
      { page: { route: '/../escape/', kind: 'thread' as const, indexed: true }, html: 'never written' },
    ];
    const bundle = { files: new Map(), chunks: { home: '/assets/page-home-H.js' }, assetsFor: () => ({ styles: [], entry: '/assets/entry-E.js', modulePreloads: [], fonts: [] }) } as unknown as ClientBundle;
    await expect(emitSite({ site, pages, kinds: {}, bundle, catalogueDir: fixture('valid'), images: [], outDir: out, clientFiles: new Map() })).rejects.toThrow(/Not a site route/);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(work).filter((n) => n.includes('building'))).toEqual([]);
  });
});

describe('every prerendered page', () => {
  it('holds its content, an alternatives page without content of its own too (not an empty root)', async () => {
    const out = join(work, 'dist-alternatives');
    expect((await buildSite({ catalogueDir: fixture('alternatives-without-content'), outDir: out }, capture().io)).ok).toBe(true);
    const pages = (readdirSync(out, { recursive: true }) as string[]).filter((file) => file.endsWith('index.html'));
    expect(pages).toContain(join('alternatives', 'alternative-to-icoda', 'index.html'));
    for (const page of pages) {
      const html = readFileSync(join(out, page), 'utf8');
      // React's preload links for the page's leading images may come first.
      expect(html, page).toMatch(/<div id="root">(<link [^>]*\/>)*<!--\$-->.*<h1/s);
    }
    expect(readFileSync(join(out, 'alternatives/alternative-to-icoda/index.html'), 'utf8')).toContain('Your alternative to ICODA');
  }, 60_000);
});
