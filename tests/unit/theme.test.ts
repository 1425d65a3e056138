// The theme from site.yaml: the accent tokens (src/catalogue/theme.ts), the stylesheet and icons the build makes
// of it (src/build/brand.ts), and templates that carry no brand of their own.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { brandAssets, letterIcon, svgSize, themeStylesheet, TOUCH_ICON_SIZE } from '../../src/build/brand.ts';
import { emojiAssets } from '../../src/build/emoji.ts';
import { contrastRatio, fromHsl, nearestPassing, toHex } from '../../src/catalogue/contrast.ts';
import { DEFAULT_ACCENT, themeSchema } from '../../src/catalogue/schema.ts';
import { accentTokens, BACKGROUNDS, distinctBackgrounds } from '../../src/catalogue/theme.ts';
import { contrastProblem } from '../../src/catalogue/themeChecks.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-theme-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The custom properties of the first rule with this selector in a stylesheet. */
function properties(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe('the templates', () => {
  const base = readFileSync(join(root, 'templates/styles/base.css'), 'utf8');

  it('set the backgrounds the contrast checks measure against, as src/catalogue/theme.ts repeats them', () => {
    for (const [mode, selector] of [['light', ':root'], ['dark', "[data-theme='dark']"]] as const) {
      const tokens = properties(base, selector);
      expect({ background: tokens.bg, surface: tokens.surface, 'raised surface': tokens['surface-raised'] }, mode).toEqual(BACKGROUNDS[mode]);
    }
  });

  it('carry no brand of their own: no accent colour, no logo, no brand module', () => {
    expect(Object.keys(properties(base, ':root'))).not.toContain('accent');
    const files = readdirSync(join(root, 'templates'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(tsx?|css)$/.test(f));
    expect(files).not.toContain('brand.ts');
    for (const file of files) {
      const text = readFileSync(join(root, 'templates', file), 'utf8');
      expect(text, file).not.toMatch(/🚀|#6425d0|#b69cff|Astrolift/i);
    }
  });
});

describe('the accent tokens', () => {
  // Accents of every hue at the lightness that just passes, and some that pass easily.
  const accents = Array.from({ length: 24 }, (_, i) => nearestPassing(toHex(fromHsl([i * 15, 0.8, 0.5])), distinctBackgrounds('light'), 4.5)!).concat(['#6425d0', '#000000', DEFAULT_ACCENT, '#0b5c2e', '#a78bfa']);
  const passing = accents.filter((accent) => !contrastProblem('accent', accent, 'light'));

  it('default to an accent that passes', () => expect(contrastProblem('accent', DEFAULT_ACCENT, 'light')).toBeUndefined());

  it('of an accent that passes, all read: text on the tint, button text on the accent, in both modes', () => {
    expect(passing.length).toBe(accents.length - 1);
    for (const accent of passing) {
      for (const mode of ['light', 'dark'] as const) {
        const t = accentTokens({ accent }, mode);
        for (const bg of distinctBackgrounds(mode)) {
          expect(contrastRatio(t.accent, bg), `${accent} ${mode} on ${bg}`).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(t['accent-strong'], bg), `${accent} ${mode} strong on ${bg}`).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrastRatio(t['accent-strong'], t['accent-soft']), `${accent} ${mode} strong on soft`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(t['on-accent'], t.accent), `${accent} ${mode} button text`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(t.focus, BACKGROUNDS[mode].background), `${accent} ${mode} focus ring`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("put the categories' icons on a light tint of the light accent in both modes, as they are drawn for a light ground", () => {
    const light = accentTokens({ accent: '#0f7b5f' }, 'light')['icon-ground'];
    expect(accentTokens({ accent: '#0f7b5f', accentDark: '#7fe0c0' }, 'dark')['icon-ground']).toBe(light);
    expect(contrastRatio(light, '#ffffff')).toBeLessThan(1.2);
    expect(light).not.toBe(accentTokens({ accent: '#6425d0' }, 'light')['icon-ground']);
  });

  it('use the dark-mode accent given, or else the light one lightened until it reads on dark', () => {
    expect(accentTokens({ accent: '#6425d0', accentDark: '#B69CFF' }, 'dark').accent).toBe('#b69cff');
    const derived = accentTokens({ accent: '#6425d0' }, 'dark').accent;
    expect(derived).not.toBe('#6425d0');
    expect(contrastProblem('accentDark', derived, 'dark')).toBeUndefined();
  });
});

describe('the theme stylesheet', () => {
  it('sets the tokens of both modes, and the font only when it is the system one', () => {
    const css = themeStylesheet({ accent: '#6425d0', accentDark: '#b69cff', font: 'inter' });
    expect(properties(css, ':root')).toEqual(accentTokens({ accent: '#6425d0' }, 'light'));
    expect(properties(css, "[data-theme='dark']")).toEqual(accentTokens({ accent: '#6425d0', accentDark: '#b69cff' }, 'dark'));
    expect(css).not.toContain('--font');
    expect(themeStylesheet({ accent: '#6425d0', font: 'system' })).toMatch(/--font: system-ui/);
  });
});

describe('the theme block', () => {
  it('is optional, with a default accent and Inter', () => {
    expect(themeSchema.parse({})).toEqual({ accent: DEFAULT_ACCENT, font: 'inter', logoShowsName: false });
  });

  it('takes one emoji or a file name as the logo, and a colour in hex', () => {
    expect(themeSchema.safeParse({ logo: '🚀' }).success).toBe(true);
    expect(themeSchema.safeParse({ logo: 'logo.svg' }).success).toBe(true);
    expect(themeSchema.safeParse({ logo: '🚀🚀' }).success).toBe(false);
    expect(themeSchema.safeParse({ logo: 'rocket' }).success).toBe(false);
    expect(themeSchema.safeParse({ accent: 'purple' }).success).toBe(false);
    expect(themeSchema.safeParse({ accent: null }).success).toBe(false); // `accent: #6425d0` unquoted: a comment
  });
});

describe('the icons and the logo', () => {
  const svgLogo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><rect width="64" height="32" fill="#0b5c2e"/></svg>';

  async function catalogueWith(files: Record<string, string | Uint8Array>) {
    const dir = mkdtempSync(join(work, 'catalogue-'));
    await mkdir(join(dir, 'img/brand'), { recursive: true });
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, 'img/brand', name), content);
    const svgs = new Map(Object.entries(files).flatMap(([name, c]) => (typeof c === 'string' ? [[`img/brand/${name}`, c] as [string, string]] : [])));
    return { catalogueDir: dir, svgs };
  }
  const theme = (more: object) => themeSchema.parse({ accent: '#0b5c2e', ...more });
  const png = async (bytes: Uint8Array) => sharp(bytes).metadata();

  it('reads an SVG\'s size from its width and height, or its viewBox', () => {
    expect(svgSize(svgLogo)).toEqual({ width: 64, height: 32 });
    expect(svgSize('<svg width="120px" height="40" viewBox="0 0 12 4">')).toEqual({ width: 120, height: 40 });
    expect(svgSize('<svg width="100%">')).toBeUndefined();
  });

  it('an emoji logo: the favicon is its drawing, the home-screen icon a 180 px PNG of it', async () => {
    const emoji = await emojiAssets(['🚀']);
    const brand = await brandAssets({ brand: 'Acme', theme: theme({ logo: '🚀' }), catalogueDir: work, svgs: new Map(), emoji });
    expect(brand.logo).toEqual({ light: { emoji: '🚀' }, showsName: false });
    expect(brand.icons[0]).toEqual({ rel: 'icon', href: emoji.urls['🚀'], type: 'image/svg+xml' });
    const touch = brand.icons.find((i) => i.rel === 'apple-touch-icon')!;
    expect(touch.href).toMatch(/^\/assets\/touch-icon-[A-Z0-9]{8}\.png$/);
    expect(await png(brand.files.get(touch.href.slice(1))!)).toMatchObject({ format: 'png', width: TOUCH_ICON_SIZE, height: TOUCH_ICON_SIZE });
    expect(brand.stylesheet).toMatch(/^\/assets\/theme-[A-Z0-9]{8}\.css$/);
    expect(new TextDecoder().decode(brand.files.get(brand.stylesheet.slice(1)))).toContain('--accent: #0b5c2e;');
  });

  it('an SVG logo: shown at its own proportions, and the favicon as it is', async () => {
    const files = await catalogueWith({ 'logo.svg': svgLogo, 'logo-dark.svg': svgLogo.replace('#0b5c2e', '#ffffff') });
    const brand = await brandAssets({ brand: 'Acme', theme: theme({ logo: 'logo.svg', logoDark: 'logo-dark.svg', logoShowsName: true }), ...files, emoji: { files: new Map(), urls: {} } });
    expect(brand.logo).toEqual({ light: { src: '/img/brand/logo.svg', width: 64, height: 32 }, dark: { src: '/img/brand/logo-dark.svg', width: 64, height: 32 }, showsName: true });
    const favicon = brand.icons[0]!;
    expect(favicon).toMatchObject({ rel: 'icon', type: 'image/svg+xml' });
    expect(new TextDecoder().decode(brand.files.get(favicon.href.slice(1)))).toBe(svgLogo);
  });

  it('a raster logo: its size read from the file, a 32 px PNG favicon, or the favicon and icon given', async () => {
    const raster = new Uint8Array(await sharp({ create: { width: 300, height: 100, channels: 4, background: '#0b5c2e' } }).png().toBuffer());
    const square = new Uint8Array(await sharp({ create: { width: 512, height: 512, channels: 3, background: '#ff0000' } }).png().toBuffer());
    const files = await catalogueWith({ 'logo.png': raster, 'icon.png': square, 'mark.svg': svgLogo });
    const emoji = { files: new Map(), urls: {} };
    const made = await brandAssets({ brand: 'Acme', theme: theme({ logo: 'logo.png' }), ...files, emoji });
    expect(made.logo?.light).toEqual({ src: '/img/brand/logo.png', width: 300, height: 100 });
    expect(made.icons[0]).toMatchObject({ rel: 'icon', type: 'image/png', sizes: '32x32' });
    expect(await png(made.files.get(made.icons[0]!.href.slice(1))!)).toMatchObject({ width: 32, height: 32 });

    const given = await brandAssets({ brand: 'Acme', theme: theme({ logo: 'logo.png', favicon: 'mark.svg', touchIcon: 'icon.png' }), ...files, emoji });
    expect(new TextDecoder().decode(given.files.get(given.icons[0]!.href.slice(1)))).toBe(svgLogo);
    const touch = await sharp(given.files.get(given.icons[1]!.href.slice(1))).raw().toBuffer({ resolveWithObject: true });
    expect(touch.info).toMatchObject({ width: 180, height: 180 });
    expect([...touch.data.subarray(0, 3)]).toEqual([255, 0, 0]); // the icon given, edge to edge
  });

  it('no logo: the name alone, and icons of its first letter on the accent', async () => {
    const brand = await brandAssets({ brand: 'élan & co', theme: theme({}), catalogueDir: work, svgs: new Map(), emoji: { files: new Map(), urls: {} } });
    expect(brand.logo).toBeUndefined();
    const svg = new TextDecoder().decode(brand.files.get(brand.icons[0]!.href.slice(1)));
    expect(svg).toBe(letterIcon('élan & co', '#0b5c2e'));
    expect(svg).toMatch(/fill="#0b5c2e".*>É<\/text>/);
    expect(letterIcon('<b>', '#000')).toContain('>&lt;</text>');
  });
});
