// Bytes per page kind on a cold load: Chromium (a phone-sized viewport, empty cache) opens the page from the
// bench's nginx (the shipped server block), and every response it receives is counted by kind. Sizes are of the decoded bodies,
// compressed here with gzip level 9 and brotli quality 11 (what the build precompresses assets with), so the
// figures do not depend on how the server compresses them on the fly.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Response } from 'playwright-core';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const KINDS = ['html', 'js', 'css', 'font', 'image', 'other'] as const;
export type ResourceKind = (typeof KINDS)[number];

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
  requests: number;
}

export interface PageBytes {
  kind: string;
  path: string;
  byKind: Record<ResourceKind, Sizes>;
  total: Sizes;
  /** Font files fetched, by path. */
  fonts: string[];
  /** Font files the HTML names for its head script to turn on (<script data-font-file>: src/client/fontLoader.ts). */
  namedFonts: string[];
  /** The same load once the visitor's first intent (a mouse move) has started the client and it has hydrated. */
  afterIntent: { js: Sizes; total: Sizes };
}

export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function kindOf(response: Response): ResourceKind {
  const path = new URL(response.url()).pathname;
  const type = response.request().resourceType();
  if (type === 'document') return 'html';
  if (/\.m?js$/.test(path) || type === 'script') return 'js';
  if (/\.css$/.test(path) || type === 'stylesheet') return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(path) || type === 'font') return 'font';
  if (/\.(svg|png|jpe?g|webp|avif|gif|ico)$/.test(path) || type === 'image') return 'image';
  return 'other';
}

const empty = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0, requests: 0 });

export async function compressedSizes(body: Uint8Array): Promise<Omit<Sizes, 'requests'>> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { raw: body.byteLength, gzip: gz.byteLength, brotli: br.byteLength };
}

/** The largest brotli size of the service pages of a built site, sampled: every 500th in the order of their
 *  paths (service/{slug}/{id}/index.html), and the first. */
export async function largestServicePage(siteDir: string): Promise<number> {
  const pages = (await readdir(join(siteDir, 'service'), { recursive: true })).filter((path) => path.endsWith('index.html')).sort();
  if (pages.length === 0) throw new Error(`${siteDir} has no service pages`);
  const sampled = pages.filter((_, i) => i % 500 === 0);
  const sizes = await Promise.all(sampled.map(async (path) => (await compressedSizes(await readFile(join(siteDir, 'service', path)))).brotli));
  return Math.max(...sizes);
}

async function measurePage(browser: Browser, siteUrl: string, kind: string, path: string): Promise<PageBytes> {
  // Lighthouse's mobile device: a 412 px wide phone screen.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const responses: Response[] = [];
  let lastResponse = performance.now();
  page.on('response', (response) => {
    lastResponse = performance.now();
    if (response.status() < 300 || response.status() >= 400) responses.push(response);
  });
  // Nobody touches the page: the client waits for a first intent (src/client/clientLoader.ts), so this is
  // what a visitor who only reads fetches.
  await page.goto(new URL(path, siteUrl).href, { waitUntil: 'networkidle' });
  const cold = await tally(responses);
  // Then a mouse move starts the client; the network is idle again once it has hydrated.
  await page.mouse.move(200, 300);
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 10_000 });
  while (performance.now() - lastResponse < 500) await new Promise((resolve) => setTimeout(resolve, 100));
  const all = await tally(responses);
  await context.close();
  const namedFonts = [...cold.html.matchAll(/<script data-font-file="([^"]+)">/g)].map((m) => m[1]!);
  return { kind, path, byKind: cold.byKind, total: cold.total, fonts: cold.fonts, namedFonts, afterIntent: { js: all.byKind.js, total: all.total } };
}

/** The responses' sizes by kind, the fonts among them and the first document's text. */
async function tally(responses: readonly Response[]) {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, empty()])) as Record<ResourceKind, Sizes>;
  const fonts: string[] = [];
  let html = '';
  for (const response of responses) {
    const kind = kindOf(response);
    const body = await response.body();
    const sizes = await compressedSizes(body);
    const into = byKind[kind];
    into.raw += sizes.raw;
    into.gzip += sizes.gzip;
    into.brotli += sizes.brotli;
    into.requests += 1;
    if (kind === 'font') fonts.push(new URL(response.url()).pathname);
    if (kind === 'html' && !html) html = body.toString('utf8');
  }
  const total = KINDS.reduce((sum, k) => ({ raw: sum.raw + byKind[k].raw, gzip: sum.gzip + byKind[k].gzip, brotli: sum.brotli + byKind[k].brotli, requests: sum.requests + byKind[k].requests }), empty());
  return { byKind, total, fonts, html };
}

/** Cold-load bytes of each page, one fresh browser context each. */
export async function measureBytes(chromiumPath: string, siteUrl: string, pages: readonly { kind: string; path: string }[]): Promise<PageBytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const results: PageBytes[] = [];
    for (const { kind, path } of pages) results.push(await measurePage(browser, siteUrl, kind, path));
    return results;
  } finally {
    await browser.close();
  }
}
