// Adding a page kind is one new module: a build given one more folder of page kinds (holding only faq.tsx)
// prerenders the new page, lists it in the sitemap, gives the browser its chunk and route, and links check.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KINDS_DIR } from '../../src/build/bundle.ts';
import { buildSite } from '../../src/pipeline.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;
const pageKinds = (name: string) => new URL(`../page-kinds/${name}/`, import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-page-kind-'));
const out = join(work, 'dist');
const log: string[] = [];

beforeAll(async () => {
  const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };
  const result = await buildSite({ catalogueDir: fixture('valid'), outDir: out, pageKindDirs: [PAGE_KINDS_DIR, pageKinds('complete')], precompress: false }, io);
  expect(result.ok, log.join('\n')).toBe(true);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a page kind in one new file', () => {
  it('is prerendered at its route with its head and the site layout', () => {
    const html = readFileSync(join(out, 'faq/index.html'), 'utf8');
    expect(html).toContain('<title>Questions and answers | ');
    expect(html).toContain('<h1 class="page-title">Questions and answers</h1>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/faq/">');
    expect(html).toContain('class="site-footer"');
    expect(html).toMatch(/"kind":"faq"/);
  });

  it('is in sitemap.xml', () => {
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://www.example.com/faq/</loc>');
  });

  it('has a browser chunk, preloaded for its pages, and a route in the client manifest', () => {
    const assets = readdirSync(join(out, 'assets'));
    const chunk = assets.find((f) => /^page-faq-[A-Z0-9]+\.js$/.test(f));
    expect(chunk).toBeDefined();
    const loader = readFileSync(join(out, 'assets', assets.find((f) => f.startsWith('loader-'))!), 'utf8');
    expect(loader).toContain(`"faq":"/assets/${chunk}"`);
    expect(loader).toContain('"faq":{"paths":["/faq"]}');
    expect(loader).toMatch(new RegExp(`"faq":\\[[^\\]]*/assets/${chunk}`));
  });

  it('leaves the other kinds as they were', () => {
    for (const file of ['index.html', 'thread/index.html', 'sitemap/index.html', '404.html']) expect(existsSync(join(out, file)), file).toBe(true);
  });
});

describe('a page kind module without an export it needs', () => {
  it('fails the build, naming the file and what is missing', async () => {
    const lines: string[] = [];
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
    const build = buildSite({ catalogueDir: fixture('valid'), outDir: join(work, 'broken'), pageKindDirs: [PAGE_KINDS_DIR, pageKinds('incomplete')], precompress: false }, io);
    await expect(build).rejects.toThrow(/incomplete\/pricing\.tsx: it must export `paths`.*a function `head`/);
    expect(existsSync(join(work, 'broken'))).toBe(false);
  }, 60_000);
});
