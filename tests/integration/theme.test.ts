// A site's theme/ folder (src/build/theme.ts): a file there replaces the built-in template file at the same path,
// in the browser's bundle and the prerenderer alike; the cache never serves a page made without it; `eject`
// copies a built-in file there with the line that lets the build warn once the original changes.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/build/cache.ts';
import { TEMPLATE_DIR } from '../../src/init/init.ts';
import { runCli, snapshot } from '../support/cliRun.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-theme-'));
const site = join(work, 'site');
const footer = join(site, 'theme/components/Footer.tsx');
const BUILT_IN = readFileSync(join(PACKAGE_ROOT, 'templates/components/Footer.tsx'), 'utf8');
const LINE = 'Prices are in US dollars; many are starting prices. Ask us for a quote.';
const pages = ['index.html', 'sitemap/index.html', 'service/launch-strategy-workshop/launch-1/index.html'];
const cache = join(work, 'cache');
const build = (...args: string[]) => runCli(site, 'build', '--quiet', '--cache-dir', cache, ...args);

beforeAll(() => cpSync(TEMPLATE_DIR, join(site, 'catalogue'), { recursive: true }));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('theme/', () => {
  it('replaces a built-in file on every page, and the build names it', async () => {
    expect((await build()).code).toBe(0);
    mkdirSync(join(site, 'theme/components'), { recursive: true });
    writeFileSync(footer, BUILT_IN.replace(LINE, 'Made in Lisbon.'));
    const result = await runCli(site, 'build', '--cache-dir', cache);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/ {2}theme .* 1 built-in file replaced: components\/Footer\.tsx/);
    for (const page of pages) expect(readFileSync(join(site, 'dist', page), 'utf8'), page).toContain('Made in Lisbon.');
    // The footer is markup the browser adopts (a prerendered part): neither copy is in its bundle, so hydration
    // keeps the theme's.
    const scripts = Object.keys(snapshot(join(site, 'dist'))).filter((path) => path.endsWith('.js')).map((path) => readFileSync(join(site, 'dist', path), 'utf8'));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.some((code) => code.includes('Made in Lisbon.') || code.includes(LINE))).toBe(false);
  });

  it("replaces a file of the browser's code in its bundle too, or hydration would put the built-in back", async () => {
    const file = join(site, 'theme/components/QuoteButton.tsx');
    const builtIn = readFileSync(join(PACKAGE_ROOT, 'templates/components/QuoteButton.tsx'), 'utf8');
    writeFileSync(file, builtIn.replace('The quote basket could not load. Check your connection and try again.', 'The basket is offline.'));
    try {
      expect((await build()).code).toBe(0);
      const scripts = Object.keys(snapshot(join(site, 'dist'))).filter((path) => path.endsWith('.js')).map((path) => readFileSync(join(site, 'dist', path), 'utf8'));
      expect(scripts.some((code) => code.includes('The basket is offline.'))).toBe(true);
    } finally {
      rmSync(file);
    }
  });

  // Each of the 11 page stylesheets eject offers stopped build, start and dev with "Internal error: esbuild produced no
  // output for templates/pages/home.css": the stylesheet was looked for under its built-in name.
  it("replaces a page kind's own stylesheet, which the page then names", async () => {
    const file = join(site, 'theme/pages/home.css');
    mkdirSync(join(site, 'theme/pages'), { recursive: true });
    writeFileSync(file, `${readFileSync(join(PACKAGE_ROOT, 'templates/pages/home.css'), 'utf8')}\n.hero { outline: 3px solid #f0f; }\n`);
    try {
      const result = await build();
      expect(result.code, result.err).toBe(0);
      const stylesheet = /<link rel="stylesheet" href="\/(assets\/styles-home-[^"]+\.css)"/.exec(readFileSync(join(site, 'dist/index.html'), 'utf8'))?.[1];
      expect(readFileSync(join(site, 'dist', stylesheet!), 'utf8')).toMatch(/\.hero\{outline:3px solid #f0f\}/);
    } finally {
      rmSync(file);
    }
  });

  it('is what the cache keys say: edited, or removed, the site is what a clean build makes', async () => {
    writeFileSync(footer, BUILT_IN.replace(LINE, 'Made in Porto.'));
    expect((await build()).code).toBe(0);
    const cached = snapshot(join(site, 'dist'));
    expect((await runCli(site, 'build', '--quiet', '--no-cache', '-o', join(work, 'clean'))).code).toBe(0);
    expect(cached).toEqual(snapshot(join(work, 'clean')));
    rmSync(join(site, 'theme'), { recursive: true });
    expect((await build()).code).toBe(0);
    for (const page of pages) expect(readFileSync(join(site, 'dist', page), 'utf8'), page).toContain(LINE);
  });

  it('refuses a file that replaces nothing, and says how to find the names', async () => {
    mkdirSync(join(site, 'theme/components'), { recursive: true });
    writeFileSync(join(site, 'theme/components/Fotter.tsx'), 'export {};\n');
    try {
      const result = await build();
      expect(result.code).toBe(1);
      expect(result.err).toContain('theme/components/Fotter.tsx replaces nothing: a file in theme/ replaces the built-in one at the same path');
      expect(result.err).toContain('storefront eject --list');
    } finally {
      rmSync(join(site, 'theme'), { recursive: true });
    }
  });
});

describe('a theme/ file that does not compile', () => {
  it('stops the build and validate with its place and what is wrong, not "Internal error"', async () => {
    mkdirSync(join(site, 'theme/components'), { recursive: true });
    writeFileSync(join(site, 'theme/components/Footer.tsx'), `${BUILT_IN}\nexport function Oops() { return <div> }\n`);
    try {
      for (const result of [await build(), await runCli(site, 'validate')]) {
        expect(result.code, result.err).toBe(1);
        expect(result.err).not.toMatch(/Internal error/);
        expect(result.err).toMatch(new RegExp(`^A file of theme/ does not compile:\\n  theme/components/Footer\\.tsx:${BUILT_IN.split('\n').length + 1}:\\d+: `, 'm'));
        expect(result.err).toContain('Fix it, or delete it to use the built-in file again.');
      }
    } finally {
      rmSync(join(site, 'theme'), { recursive: true });
    }
  });
});

describe('a theme/ file that lacks what the built-in one exports', () => {
  // An emptied copy, or a function renamed: esbuild passed the missing name on as undefined, and every page showing
  // it failed with "Internal error".
  it('stops the build and validate naming the file and the name, not "Internal error"', async () => {
    const stats = join(site, 'theme/components/Stats.tsx');
    const original = readFileSync(join(PACKAGE_ROOT, 'templates/components/Stats.tsx'), 'utf8');
    mkdirSync(join(site, 'theme/components'), { recursive: true });
    try {
      for (const copy of ['', original.replace('export function Stats(', 'export function Figures(')]) {
        writeFileSync(stats, copy);
        for (const result of [await build(), await runCli(site, 'validate')]) {
          expect(result.code, result.err).toBe(1);
          expect(result.err).not.toMatch(/Internal error/);
          expect(result.err).toContain('theme/components/Stats.tsx does not export Stats, which templates/components/Stats.tsx exports for the other templates.');
        }
      }
      // A copy that exports more than the original builds.
      writeFileSync(stats, `${original}\nexport const More = 1;\n`);
      expect((await build()).code).toBe(0);
    } finally {
      rmSync(join(site, 'theme'), { recursive: true });
    }
  });
});

describe('a theme/ file that throws while a page is rendered', () => {
  it('stops the build with the file, the error and the component, not "Internal error"', async () => {
    mkdirSync(join(site, 'theme/components'), { recursive: true });
    // The tagline read from a field the site does not have: TypeError on every page with the footer.
    writeFileSync(join(site, 'theme/components/Footer.tsx'), BUILT_IN.replace('{site.description}', '{(site as unknown as { nope: { x: string } }).nope.x}'));
    try {
      const result = await build();
      expect(result.code, result.err).toBe(1);
      expect(result.err).not.toMatch(/Internal error/);
      expect(result.err).toMatch(/^A file of theme\/ fails while a page is rendered: theme\/components\/Footer\.tsx\n\d+ of \d+ pages failed to render:\n {2}\/\S*: TypeError: Cannot read properties of undefined \(reading 'x'\) \(thrown in Footer\b/m);
      expect(result.err).toMatch(/^ {2}and \d+ more, most likely the same way: /m);
      expect(result.err).not.toMatch(/suspended while prerendering/);
      expect(result.err).toContain('Fix it, or delete it to use the built-in file again.');
    } finally {
      rmSync(join(site, 'theme'), { recursive: true });
    }
  });
});

describe('storefront eject', () => {
  it('lists what it can copy', async () => {
    const result = await runCli(site, 'eject', '--list');
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual(expect.arrayContaining(['components/Footer.tsx', 'components/Header.tsx', 'pages/service.tsx', 'styles/site.css']));
  });

  it('copies a built-in file with the line naming its version and original, and never overwrites', async () => {
    const result = await runCli(site, 'eject', 'components/Footer.tsx');
    expect(result.code, result.err).toBe(0);
    const copy = readFileSync(footer, 'utf8');
    expect(copy).toMatch(/^\/\/ Ejected from storefront \d+\.\d+\.\d+\S* \(templates\/components\/Footer\.tsx, [0-9a-f]{16}\)\./);
    expect(copy.slice(copy.indexOf('\n') + 1)).toBe(BUILT_IN);
    const again = await runCli(site, 'eject', 'components/Footer.tsx');
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^theme\/components\/Footer\.tsx exists already: eject never overwrites/);
    const css = await runCli(site, 'eject', 'styles/site.css');
    expect(readFileSync(join(site, 'theme/styles/site.css'), 'utf8')).toMatch(/^\/\* Ejected from storefront /);
    expect(css.code).toBe(0);
  });

  it('writes nothing where there is no catalogue folder (a typo in -c, a folder inside the site), saying so', async () => {
    mkdirSync(join(site, 'notes'), { recursive: true });
    for (const [cwd, args] of [
      [join(site, 'notes'), []],
      [site, ['-c', 'typo/catalogue']],
    ] as const) {
      const result = await runCli(cwd, 'eject', 'components/Hero.tsx', ...args);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^There is no catalogue folder at (catalogue|typo\/catalogue)\. Pass --catalogue DIR/);
    }
    expect(existsSync(join(site, 'notes/theme'))).toBe(false);
    expect(existsSync(join(site, 'typo'))).toBe(false);
  });

  it('says a folder is no file to eject', async () => {
    const result = await runCli(site, 'eject', 'components/');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^templates\/components is a folder: eject copies one file\. Name one, e\.g\. components\/\w+\.tsx/);
    expect(result.err).not.toMatch(/Internal error/);
  });

  it('names what it has for a name it does not', async () => {
    const result = await runCli(site, 'eject', 'Footer.tsx');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^storefront has no templates\/Footer\.tsx to eject\. Did you mean components\/Footer\.tsx\?/);
    expect(existsSync(join(site, 'theme/Footer.tsx'))).toBe(false);
  });

  it('builds with the copies, and warns when the original changed since', async () => {
    const clean = await build();
    expect(clean.code, clean.err).toBe(0);
    expect(clean.err).not.toContain('Warning');
    // As after an upgrade: the copy's line names an original other than the one installed now.
    writeFileSync(footer, readFileSync(footer, 'utf8').replace(/, [0-9a-f]{16}\)/, ', 0123456789abcdef)'));
    const result = await runCli(site, 'build', '--cache-dir', cache);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/theme\/components\/Footer\.tsx\n {2}1:1 +warning +This copy was ejected from storefront \S+, and the built-in components\/Footer\.tsx has changed since/);
    const hint = /make this its first line: `(.+)`/.exec(result.out)?.[1];
    expect(hint).toMatch(/^\/\/ Ejected from storefront \S+ \(templates\/components\/Footer\.tsx, [0-9a-f]{16}\)\./);
    // Said again by a build that finds nothing changed, and by validate, as a problem with its code.
    const again = (await runCli(site, 'build', '--cache-dir', cache)).out;
    expect(again).toContain('Nothing changed since the last build');
    expect(again).toMatch(/1:1 +warning +This copy was ejected/);
    const json = JSON.parse((await runCli(site, 'validate', '--format', 'json')).out) as { problems: { code: string; file: string }[] };
    expect(json.problems.map((p) => `${p.code} ${p.file}`)).toContain('ejected-copy-outdated theme/components/Footer.tsx');
    // The first line the hint gives ends the warning.
    writeFileSync(footer, readFileSync(footer, 'utf8').replace(/^.*\n/, `${hint}\n`));
    expect((await runCli(site, 'build', '--cache-dir', cache)).out).not.toMatch(/ejected/);
  });
});
