// storefront as a tool a site installs (issue "A tool, not a fork"): the package packed as it would be
// published, installed with plain npm into a folder outside this repository, and used from there as a
// maintainer would, on the oldest Node line it supports (22, installed into the site from the npm registry).
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryVersions, PACKAGE_ROOT } from '../../src/build/cache.ts';
import { EMOJI_INDEX } from '../../src/build/emoji.ts';
import { PREBUILT_DIR } from '../../src/build/prebuilt.ts';
import { PACKAGE_NAME } from '../../src/init/site.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-package-'));
const site = join(work, 'site');
const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
// npm as the test runs it (the project's Node 24 first on PATH), but without this project's npm_* settings.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'INIT_CWD'));

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env: { ...env, CI: 'true' }, encoding: 'utf8', timeout: 600_000 });
  if (result.error) throw result.error;
  return result;
}

function ok(result: SpawnSyncReturns<string>) {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** A Node older than 22 on this machine, if there is one (the system's own, on Debian). */
const OLD_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((node) => existsSync(node) && Number(spawnSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) < 22);

/** `npm run NAME` in the site, or `npx storefront ARGS`: both run on the site's own Node. */
const npmRun = (...args: string[]) => run('npm', ['run', '--silent', ...args], site);
const npx = (...args: string[]) => run('npx', ['--no-install', ...args], site);

/**
 * Runs `command` and looks at prebuilt/ every few milliseconds meanwhile, as a build in another test would read it.
 * A look counts while prepack's new files are being made beside it (scripts/prebuild.ts), both before and after
 * it, with no old folder moved aside yet: the swap had not begun, so prebuilt/ had to be there, whole.
 */
async function lookingAtPrebuilt(command: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string; looks: boolean[] }> {
  const count = (folder: string) => (existsSync(folder) ? readdirSync(folder).length : 0);
  const whole = () => existsSync(EMOJI_INDEX) && count(join(PREBUILT_DIR, 'cache/records')) === 2 && count(join(PREBUILT_DIR, 'compressed')) >= 82;
  const left = new Set(readdirSync(PACKAGE_ROOT)); // folders a killed run left are not this one's
  const beside = () => readdirSync(PACKAGE_ROOT).filter((name) => name.startsWith('.prebuilt-') && !left.has(name));
  const child = spawn(command, args, { cwd: PACKAGE_ROOT, env: { ...env, CI: 'true' } });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  let status: number | null | undefined;
  child.once('close', (code) => (status = code));
  const looks: boolean[] = [];
  while (status === undefined) {
    const before = beside();
    const wasWhole = whole();
    const after = beside();
    if (before.length === 1 && after.length === 1 && before[0] === after[0]) looks.push(wasWhole);
    await sleep(5);
  }
  return { status, stdout, stderr, looks };
}

let packLooks: boolean[] = [];

// As a run of scripts/prebuild.ts that was killed an hour ago would have left it.
const LEFT_BY_A_KILLED_RUN = join(PACKAGE_ROOT, '.prebuilt-killed-test');

beforeAll(async () => {
  mkdirSync(join(LEFT_BY_A_KILLED_RUN, 'cache'), { recursive: true });
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(LEFT_BY_A_KILLED_RUN, hourAgo, hourAgo);
  const pack = await lookingAtPrebuilt('npm', ['pack', '--silent', '--pack-destination', work]);
  expect(pack.status, `${pack.stdout}\n${pack.stderr}`).toBe(0);
  packLooks = pack.looks;
  const packed = pack.stdout.trim().split('\n').at(-1)!;
  expect(existsSync(join(PACKAGE_ROOT, 'lib')), 'npm pack removes the compiled lib/ it made').toBe(false);
  mkdirSync(site);
  // The libraries at the versions this repository's lock file installed, as a site's own lock file would hold them:
  // npm would otherwise install each one's latest release in the package's range, and whether the prebuilt files
  // match would depend on what was published since (the bundles' keys hold esbuild's version, the client bundle
  // React's files).
  writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'a-site', private: true, overrides: Object.fromEntries(libraryVersions()) }));
  ok(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, packed), 'node@22'], site));
}, 900_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(LEFT_BY_A_KILLED_RUN, { recursive: true, force: true });
});

describe('npm pack in this repository', () => {
  it('makes the prebuilt files beside prebuilt/, which stays whole for a build reading it meanwhile', () => {
    expect(packLooks.length).toBeGreaterThan(0);
    expect(packLooks.every(Boolean)).toBe(true);
  });
  it('removes the folder a killed run of it left there', () => {
    expect(existsSync(LEFT_BY_A_KILLED_RUN)).toBe(false);
  });
});

describe('the packed package, installed into a folder of its own', () => {
  it('ships compiled JavaScript, no tests, and runs on Node 22', () => {
    const installed = join(site, 'node_modules', PACKAGE_NAME);
    expect(existsSync(join(installed, 'lib/cli.js'))).toBe(true);
    expect(existsSync(join(installed, 'tests'))).toBe(false);
    expect(existsSync(join(installed, 'tsconfig.json'))).toBe(false);
    // The guide and the codes' page, which the README, init's catalogue and problems' hints send the maintainer to.
    for (const doc of ['docs/guide.md', 'docs/errors.md', 'docs/problems.schema.json']) expect(existsSync(join(installed, doc)), doc).toBe(true);
    // What prepack made once for every site without its own templates (src/build/prebuilt.ts).
    expect(readdirSync(join(installed, 'prebuilt/compressed')).length).toBeGreaterThanOrEqual(82);
    expect(readdirSync(join(installed, 'prebuilt/fonts'))).toHaveLength(1);
    expect(ok(npx('node', '--version'))).toMatch(/^v22\./);
    expect(ok(npx('storefront', '--version')).trim()).toBe(version);
  });

  it('init writes a site there that keeps the installed storefront, and prints commands that work as printed', () => {
    const out = ok(npx('storefront', 'init'));
    expect(out).toContain('Wrote a starter catalogue into catalogue/');
    expect(out).toMatch(/\nNext:\n {2}npm run validate {2,}check it/);
    const manifest = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(manifest.dependencies[PACKAGE_NAME]).toMatch(/^file:.*\.tgz$/);
    expect(manifest.scripts).toMatchObject({ build: 'storefront build', validate: 'storefront validate', dev: 'storefront dev' });
    for (const file of ['catalogue/site.yaml', '.gitignore', 'README.md', '.github/workflows/site.yml']) expect(existsSync(join(site, file)), file).toBe(true);
    for (const folder of ['pages', 'public']) expect(readdirSync(join(site, folder))).toEqual([]);
  });

  it('validates and builds with the scripts init wrote', () => {
    expect(ok(npmRun('validate')).trim()).toBe('The catalogue is valid. 1 category, 2 services.');
    expect(ok(npmRun('build'))).toMatch(/Built 9 pages into dist /);
    expect(existsSync(join(site, 'dist/index.html'))).toBe(true);
  }, 300_000);

  it("takes the bundles from the package's prebuilt files on a cold build, its libraries found where npm put them", () => {
    // On the Node that packed it (the site's own is 22): the keys hold the Unicode and ICU data.
    const cold = run(process.execPath, [join(site, 'node_modules/.bin/storefront'), 'build', '--verbose', '--cache-dir', join(work, 'cold-cache'), '-o', join(work, 'cold-dist')], site);
    expect(cold.status, cold.stderr).toBe(0);
    expect(cold.stdout).toMatch(/from the cache renderer 1\/1, .*client 1\/1/);
  }, 300_000);

  it('copies public/ to the site root when it builds', () => {
    writeFileSync(join(site, 'public/google0123456789abcdef.html'), 'google-site-verification: google0123456789abcdef.html\n');
    expect(ok(npmRun('build', '--', '--quiet'))).toMatch(/^Built 9 pages into dist /);
    expect(existsSync(join(site, 'dist/google0123456789abcdef.html'))).toBe(true);
  }, 300_000);

  it('serves the site it built, public/ files at the root', async () => {
    const port = await freePort();
    const server = spawn('npx', ['--no-install', 'storefront', 'serve', '--port', String(port)], { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const home = await fetchWhenUp(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).toContain(readFileSync(join(site, 'catalogue/site.yaml'), 'utf8').match(/^brand: (.+)$/m)![1]!.trim());
      const verification = await fetch(`http://127.0.0.1:${port}/google0123456789abcdef.html`);
      expect(verification.status).toBe(200);
      expect(await verification.text()).toBe('google-site-verification: google0123456789abcdef.html\n');
    } finally {
      server.kill('SIGTERM');
    }
  }, 120_000);

  it('makes pages/about.md a page at /about/, linked where its front matter says and in the sitemap', () => {
    writeFileSync(join(site, 'pages/about.md'), '---\ntitle: About us\ndescription: Who we are and how we work.\nlink: header\n---\nA small team of launch specialists.\n');
    expect(ok(npmRun('build', '--', '--quiet'))).toMatch(/^Built 10 pages into dist /);
    const home = readFileSync(join(site, 'dist/index.html'), 'utf8');
    expect(home.slice(home.indexOf('<header'), home.indexOf('</header>'))).toMatch(/<a[^>]*href="\/about\/"[^>]*>About us<\/a>/);
    expect(readFileSync(join(site, 'dist/sitemap.xml'), 'utf8')).toContain('/about/</loc>');
  }, 300_000);

  it('replaces the footer on every page through theme/, with a copy that eject made', () => {
    const out = ok(npx('storefront', 'eject', 'components/Footer.tsx'));
    expect(out).toContain('theme/components/Footer.tsx');
    const footer = join(site, 'theme/components/Footer.tsx');
    expect(readFileSync(footer, 'utf8')).toMatch(new RegExp(`^// Ejected from storefront ${version.replace(/\./g, '\\.')} \\(templates/components/Footer\\.tsx, [0-9a-f]{16}\\)`));
    writeFileSync(footer, readFileSync(footer, 'utf8').replace('Prices are in US dollars; many are starting prices. Ask us for a quote.', 'Made in Lisbon by a small team.'));
    const built = run('npm', ['run', 'build'], site);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/theme .* 1 built-in file replaced: components\/Footer\.tsx/);
    for (const page of ['index.html', 'sitemap/index.html', 'quote/index.html', 'category/launch/index.html']) expect(readFileSync(join(site, 'dist', page), 'utf8'), page).toContain('Made in Lisbon by a small team.');
  }, 300_000);

  it('with its own footer, validates and builds without a cache or with another cache folder, writing nothing into the installed package', () => {
    // A package installed where the user cannot write (a global install by root) must still build with these. A
    // footer no build has rendered yet, so that the prerenderer is made anew.
    const footer = join(site, 'theme/components/Footer.tsx');
    const ejected = readFileSync(footer, 'utf8');
    writeFileSync(footer, ejected.replace('Made in Lisbon', 'Made in Porto'));
    const installed = join(site, 'node_modules', PACKAGE_NAME);
    const before = readdirSync(installed, { recursive: true }).sort();
    const cache = join(work, 'own-cache');
    try {
      expect(ok(npx('storefront', 'validate', '--no-cache'))).toContain('The catalogue is valid.');
      for (const [flags, out] of [[['--no-cache'], 'no-cache-dist'], [['--cache-dir', cache], 'own-cache-dist'], [['--cache-dir', cache, '--verbose'], 'again-dist']] as const) {
        const built = ok(npx('storefront', 'build', ...flags, '-o', join(work, out)));
        expect(readFileSync(join(work, out, 'index.html'), 'utf8'), out).toContain('Made in Porto by a small team.');
        if (out === 'again-dist') expect(built).toMatch(/from the cache renderer 1\/1/);
      }
      expect(readdirSync(installed, { recursive: true }).sort()).toEqual(before);
    } finally {
      writeFileSync(footer, ejected);
    }
  }, 300_000);

  it('builds after an upgrade to a version whose built-in footer changed, and warns that the copy misses it', () => {
    // The next version: this package with another footer, packed as it is (its lib/ compiled already).
    const next = join(work, 'next');
    mkdirSync(next);
    ok(run('tar', ['xzf', join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!), '-C', next], work));
    const pkg = join(next, 'package');
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ ...manifest, version: '99.0.0' }, null, 2));
    const footer = join(pkg, 'templates/components/Footer.tsx');
    writeFileSync(footer, readFileSync(footer, 'utf8').replace('Ask us for a quote.', 'Ask us for a quote today.'));
    const packed = ok(run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', next], pkg)).trim().split('\n').at(-1)!;
    ok(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(next, packed)], site));
    expect(ok(npx('storefront', '--version')).trim()).toBe('99.0.0');
    const built = run('npm', ['run', 'build'], site);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toContain(`This copy was ejected from storefront ${version}, and the built-in components/Footer.tsx has changed since (this is 99.0.0)`);
    expect(readFileSync(join(site, 'dist/index.html'), 'utf8')).toContain('Made in Lisbon by a small team.');
  }, 600_000);

  it.runIf(OLD_NODE)('says which Node it needs on an older one, with no stack trace', () => {
    const result = run(OLD_NODE!, [join(site, 'node_modules/.bin/storefront'), '--version'], site);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^storefront needs Node 22\.12 or newer, but this is Node \d+\.\d+\.\d+\. Install a current LTS release of Node/);
    expect(result.stderr).not.toContain('    at ');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function fetchWhenUp(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt > 600) throw error; // a minute: the server did not start
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
