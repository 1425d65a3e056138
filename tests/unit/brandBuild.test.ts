// A maintainer's own brand without code: the example catalogue with another accent, logo and font in its
// site.yaml builds a site whose stylesheet, header, footer and icons are those, and nothing of the example's.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/pipeline.ts';

const example = new URL('../../examples/agency/catalogue/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-brand-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><rect width="64" height="32" rx="6" fill="#0b5c2e"/></svg>\n';
const LOGO_DARK = LOGO.replace('#0b5c2e', '#7ee2a8');

describe('the example catalogue with a brand of its own', () => {
  const catalogue = join(work, 'catalogue');
  const out = join(work, 'dist');
  const read = (path: string) => readFileSync(join(out, path), 'utf8');
  let home: string;

  beforeAll(async () => {
    cpSync(example, catalogue, { recursive: true, filter: (path) => !path.includes('.schema') });
    const site = readFileSync(join(catalogue, 'site.yaml'), 'utf8');
    const theme = /^theme:\n(?: {2}.*\n)+/m;
    expect(site).toMatch(theme);
    writeFileSync(
      join(catalogue, 'site.yaml'),
      site.replace(theme, "theme:\n  logo: leaf.svg\n  logoDark: leaf-dark.svg\n  accent: '#0b5c2e'\n  font: system\n"),
    );
    mkdirSync(join(catalogue, 'img/brand'));
    writeFileSync(join(catalogue, 'img/brand/leaf.svg'), LOGO);
    writeFileSync(join(catalogue, 'img/brand/leaf-dark.svg'), LOGO_DARK);
    const lines: string[] = [];
    const result = await buildSite({ catalogueDir: catalogue, outDir: out, precompress: false }, { out: (t) => lines.push(t), err: (t) => lines.push(t) });
    expect(result.ok, lines.join('\n')).toBe(true);
    home = read('index.html');
  }, 120_000);

  const linked = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))].map((m) => m[1]!);

  it('links the theme stylesheet after the bundle\'s, with the accent of site.yaml in both modes', () => {
    const styles = linked(home, 'stylesheet');
    expect(styles).toHaveLength(2);
    expect(styles[1]).toMatch(/^\/assets\/theme-[A-Z0-9]{8}\.css$/);
    const css = read(styles[1]!.slice(1));
    expect(css).toMatch(/:root \{[^}]*--accent: #0b5c2e;/);
    expect(css).toMatch(/\[data-theme='dark'\] \{[^}]*--accent: #[0-9a-f]{6};/);
    expect(css).not.toMatch(/6425d0|b69cff/);
    // The bundle's stylesheet has no accent of its own left to win over it.
    expect(read(styles[0]!.slice(1))).not.toMatch(/--accent:/);
  });

  it('uses the system font: no Inter turned on', () => {
    expect(read(linked(home, 'stylesheet')[1]!.slice(1))).toMatch(/--font: system-ui/);
    expect(home).not.toMatch(/data-font-file=/);
  });

  it('shows the logo in the header and footer, the dark one in dark mode, instead of the example\'s rocket', () => {
    const header = /<header[\s\S]*?<\/header>/.exec(home)![0];
    expect(header).toContain('<img class="brand-logo brand-logo-light" src="/img/brand/leaf.svg" width="64" height="32" alt="" loading="lazy"/>');
    expect(header).toContain('<img class="brand-logo brand-logo-dark" src="/img/brand/leaf-dark.svg" width="64" height="32" alt="" loading="lazy"/>');
    expect(header).toContain('<span class="brand-name">Astrolift Media</span>');
    expect(header).not.toContain('emoji-1f680');
    const footer = /<footer[\s\S]*?<\/footer>/.exec(home)![0];
    expect(footer).toMatch(/<p class="brand-name brand-lockup"><img class="brand-logo brand-logo-light" src="\/img\/brand\/leaf\.svg"/);
    expect(read('img/brand/leaf.svg')).toBe(LOGO);
  });

  it('makes the favicon of the logo and a 180 px home-screen icon, on every page', () => {
    const [favicon] = linked(home, 'icon');
    expect(home).toContain(`<link rel="icon" href="${favicon}" type="image/svg+xml">`);
    expect(read(favicon!.slice(1))).toBe(LOGO);
    const [touch] = linked(home, 'apple-touch-icon');
    expect(touch).toMatch(/^\/assets\/touch-icon-[A-Z0-9]{8}\.png$/);
    const png = readFileSync(join(out, touch!.slice(1)));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]); // the IHDR's width and height
    for (const page of ['sitemap/index.html', '404.html']) expect(linked(read(page), 'icon')).toEqual([favicon]);
  });
});
