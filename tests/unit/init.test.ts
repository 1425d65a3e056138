// `storefront init`: a new site's catalogue that validates and builds with no warnings, with the other commands'
// defaults working from the site's folder; a catalogue folder that holds anything is never overwritten.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliProcess } from './cliRun.ts';
import { TEMPLATE_DIR } from '../../src/init/init.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = runCli;

describe('storefront init my-site', () => {
  const site = join(work, 'my-site');

  it('writes the catalogue into my-site/catalogue/ and says what to run next', async () => {
    const result = await cli(work, 'init', 'my-site');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('Wrote a starter catalogue into my-site/catalogue/');
    expect(result.out).toMatch(/cd my-site\n {2}npx storefront validate .*\n {2}npx storefront dev .*\n {2}npx storefront build /);
    for (const file of ['site.yaml', 'categories/launch.yaml', 'descriptions/launch-1.md', 'descriptions/launch-2.md', 'img/services/launch-1.svg', 'img/icons/launch.svg', '.schema/site.schema.json', '.schema/category.schema.json']) {
      expect(existsSync(join(site, 'catalogue', file)), file).toBe(true);
    }
  });

  it('gives each YAML file the schema line editors read, and comments on its fields', () => {
    expect(readFileSync(join(site, 'catalogue/site.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.schema\/site\.schema\.json\n/);
    const category = readFileSync(join(site, 'catalogue/categories/launch.yaml'), 'utf8');
    expect(category).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.schema\/category\.schema\.json\n/);
    expect(category).toMatch(/price: \d+ # US dollars/);
  });

  it('validates from the site folder with the default -c, with no problem at all', async () => {
    const result = await cli(site, 'validate');
    expect(result).toEqual({ code: 0, out: 'The catalogue is valid. 1 category, 2 services.', err: '' });
  });

  it('builds from the site folder with the defaults, with no warning, into my-site/dist/', async () => {
    const result = await cli(site, 'build', '--quiet');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^Built 8 pages into /);
    for (const page of ['index.html', '404.html', 'sitemap/index.html', 'category/launch/index.html', 'service/launch-strategy-workshop/launch-1/index.html', 'service/press-release-writing-and-distribution/launch-2/index.html']) {
      expect(existsSync(join(site, 'dist', page)), page).toBe(true);
    }
    expect(readFileSync(join(site, 'dist/index.html'), 'utf8')).toContain('Launch Campaigns');
    expect(existsSync(join(site, 'deploy/nginx.conf'))).toBe(true);
  }, 60_000);

  it('refuses to write into it again: the catalogue folder is not empty (exit 2, and why)', async () => {
    const before = readFileSync(join(site, 'catalogue/site.yaml'), 'utf8');
    writeFileSync(join(site, 'catalogue/site.yaml'), `${before}# mine\n`);
    const result = await cli(work, 'init', 'my-site');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into my-site\/catalogue: it is not empty \(\.schema, categories, descriptions, …\)/);
    expect(readFileSync(join(site, 'catalogue/site.yaml'), 'utf8')).toBe(`${before}# mine\n`);
  });
});

describe('storefront init (no folder named)', () => {
  it('uses the current folder, which may hold other files, and prints no cd', async () => {
    const site = join(work, 'here');
    mkdirSync(site);
    writeFileSync(join(site, 'README.md'), 'My site\n');
    const result = await cli(site, 'init');
    expect(result.code, result.err).toBe(0);
    expect(result.out).not.toMatch(/\bcd /);
    expect(readdirSync(join(site, 'catalogue')).sort()).toEqual(['.schema', 'categories', 'descriptions', 'img', 'site.yaml']);
  });

  it('writes into an empty catalogue folder, and refuses a file of that name', async () => {
    const empty = join(work, 'empty');
    mkdirSync(join(empty, 'catalogue'), { recursive: true });
    expect((await cli(empty, 'init')).code).toBe(0);
    const file = join(work, 'file');
    mkdirSync(file);
    writeFileSync(join(file, 'catalogue'), '');
    const result = await cli(file, 'init');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into catalogue: .*file\/catalogue is a file, not a folder\./);
  });
});

// A folder init cannot write into: exit 2 and why, nothing written, and never a hang.
describe('storefront init into a folder it cannot use', () => {
  it('refuses a dangling symbolic link, naming where it leads', async () => {
    symlinkSync(join(work, 'gone'), join(work, 'dangling'));
    const result = await cli(work, 'init', 'dangling');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into dangling\/catalogue: .*dangling is a symbolic link to .*gone, which does not exist\. Name a folder/);
    expect(existsSync(join(work, 'gone'))).toBe(false);
  });

  it('refuses a file', async () => {
    writeFileSync(join(work, 'notes.txt'), 'mine\n');
    const result = await cli(work, 'init', 'notes.txt');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into notes\.txt\/catalogue: .*notes\.txt is a file, not a folder\./);
    expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  // Root may write into a read-only folder: the /sys case below covers a refusal for root.
  it.skipIf(process.getuid?.() === 0)('refuses a folder this user may not write into', async () => {
    const locked = join(work, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    try {
      const result = await cli(locked, 'init');
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/^Refusing to write a catalogue into catalogue: this user may not write into .*locked\./);
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it.runIf(existsSync('/sys/kernel'))('refuses a system folder under /sys', async () => {
    const result = await cli(work, 'init', '/sys/kernel/my-site');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into \/sys\/kernel\/my-site\/catalogue: (the system does not allow writing into \/sys\/kernel|\/sys\/kernel is on a read-only file system)\./);
  });

  // Node's recursive mkdir retries forever there: run as a process of its own, killed if it does not end.
  it.runIf(existsSync('/proc/1'))('refuses a folder under /proc, and ends', async () => {
    const result = await runCliProcess(work, ['init', '/proc/1']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into \/proc\/1\/catalogue: the system makes no folders in \/proc\/1 /);
  }, 90_000);
});

describe('the template', () => {
  it('is data only: no code in it', () => {
    const files = readdirSync(TEMPLATE_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => /\.\w+$/.test(f));
    expect(files.filter((f) => !/\.(ya?ml|md|svg)$/.test(f))).toEqual([]);
  });
});
