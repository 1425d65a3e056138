// The byte budgets of scripts/bench/budgets.ts, checked on every test run because bytes, unlike
// timings, do not vary: what the home, service, category and search pages make a browser fetch to hydrate
// once the first intent starts the client, read from their HTML, the client loader's module list and the
// static imports of the scripts, compressed as the build does (brotli 11). `npm run bench` measures the same in Chromium, lazily loaded files included.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../scripts/bench/budgets.ts';
import { buildSite } from '../../src/pipeline.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-bytes-test-'));
const out = join(work, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const brotli = (path: string) => brotliCompressSync(readFileSync(join(out, path)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
const attributes = (html: string, tag: string, rel: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((m) => m[0]).filter((t) => t.includes(rel)).map((t) => new RegExp(`\\b${attribute}="([^"]+)"`).exec(t)?.[1] ?? '');

/**
 * The scripts a cold load of the page fetches: the client loader its boot element names, the entry and the
 * modules the loader preloads for the page's kind (its config is the JSON at the loader's start), and
 * everything they import statically.
 */
function scriptsOf(html: string): Set<string> {
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    const code = readFileSync(join(out, url), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`/assets/${m[1]}`);
  };
  const boot = /<script type="application\/json" id="storefront-boot" data-loader="([^"]+)">([^<]*)<\/script>/.exec(html);
  if (!boot) throw new Error('The page has no boot element naming its client loader');
  const loader = readFileSync(join(out, boot[1]!), 'utf8');
  const config = JSON.parse(loader.slice('var c='.length, loader.indexOf(',q=c.common'))) as { entry: string; common: string[]; preload: Record<string, string[]> };
  const { kind } = JSON.parse(boot[2]!) as { kind: string };
  [boot[1]!, config.entry, ...config.common, ...(config.preload[kind] ?? [])].forEach(visit);
  return found;
}

describe('byte budgets on a cold load of the example catalogue', () => {
  let home = '';
  let service = '';
  let category = '';
  let search = '';

  beforeAll(async () => {
    const quiet = { out: () => {}, err: () => {} };
    expect((await buildSite({ catalogueDir: join(root, 'examples/agency/catalogue'), outDir: out, deployDir: join(work, 'deploy') }, quiet)).ok).toBe(true);
    home = readFileSync(join(out, 'index.html'), 'utf8');
    const route = /<loc>[^<]*?(\/service\/[^<]+)<\/loc>/.exec(readFileSync(join(out, 'sitemap.xml'), 'utf8'))![1]!;
    service = readFileSync(join(out, route, 'index.html'), 'utf8');
    const categoryRoute = /<loc>[^<]*?(\/category\/[^<]+)<\/loc>/.exec(readFileSync(join(out, 'sitemap.xml'), 'utf8'))![1]!;
    category = readFileSync(join(out, categoryRoute, 'index.html'), 'utf8');
    search = readFileSync(join(out, 'search', 'index.html'), 'utf8');
  }, 60_000);

  const sum = (urls: Iterable<string>) => [...urls].reduce((n, url) => n + brotli(url), 0);

  /** The JavaScript each page kind loads once the first intent starts the client, brotli. */
  const afterIntent = () => Object.fromEntries(Object.entries({ home, service, category, search }).map(([kind, html]) => [kind, sum(scriptsOf(html))]));

  it('JavaScript after the first intent: home, service, category and search page within the budget', () => {
    // The loader, the entry, React DOM, the app and the page kind's chunk: more than a handful of files.
    expect(scriptsOf(home).size).toBeGreaterThan(5);
    const figures = afterIntent();
    expect(Object.keys(figures)).toEqual(BUDGETS.bytes.afterIntentKinds);
    for (const [kind, bytes] of Object.entries(figures)) expect(bytes, kind).toBeLessThanOrEqual(BUDGETS.bytes.afterIntentJsBrotli);
  });

  it('the footer, the skip links, the figures and the search page’s category list are markup, not code the page loads', () => {
    const code = [...scriptsOf(home), ...scriptsOf(search)].map((url) => readFileSync(join(out, url), 'utf8')).join('\n');
    for (const text of ['Prices are in US dollars', 'Skip to footer', 'Results for our clients', 'Back to figure', 'Browse by category']) {
      expect(home + search, text).toContain(text);
      expect(code, text).not.toContain(text);
    }
  });

  it('CSS within its brotli budget, and the home HTML within its own', () => {
    for (const html of [home, service]) expect(sum(attributes(html, 'link', 'rel="stylesheet"', 'href'))).toBeLessThanOrEqual(BUDGETS.bytes.cssBrotli);
    expect(brotli('index.html')).toBeLessThanOrEqual(BUDGETS.bytes.homeHtmlBrotli);
  });

  it('fonts: one latin subset of Inter, turned on by the head script, and no other font file in the site', () => {
    for (const html of [home, service]) {
      expect(html).not.toMatch(/rel="preload"[^>]*as="font"/);
      const fonts = [...html.matchAll(/<script data-font-file="([^"]+)">/g)].map((m) => m[1]!);
      expect(fonts).toHaveLength(BUDGETS.bytes.fontFiles);
      expect(fonts[0]).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    }
    const css = readFileSync(join(out, attributes(home, 'link', 'rel="stylesheet"', 'href')[0]!), 'utf8');
    expect(css.match(/\.woff2/g)).toHaveLength(1);
  });
});
