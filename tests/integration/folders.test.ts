// The folders storefront writes into besides the output folder: the cache folder (--cache-dir) and the folder of
// nginx.conf (--deploy-dir) follow the rule -o follows, the cache is pruned only in a folder marked as
// storefront's cache, and nginx.conf never replaces a file storefront did not write.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildCacheDir, CACHE_MARKER, markCacheDir } from '../../src/build/cache.ts';
import { folderClash } from '../../src/build/outDir.ts';
import { runCli, snapshot } from '../support/cliRun.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-folders-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project with a catalogue and folders of the maintainer's whose names the cache also uses. */
function project(name: string): string {
  const dir = join(work, name, 'project');
  cpSync(fixture('valid'), join(dir, 'catalogue'), { recursive: true });
  for (const folder of ['records', 'sites', 'blobs/ab', 'src']) mkdirSync(join(dir, folder), { recursive: true });
  for (const file of ['records/mine.json', 'sites/notes.txt', 'blobs/ab/data', 'src/own.ts', 'nginx.conf']) {
    writeFileSync(join(dir, file), 'mine\n');
    utimesSync(join(dir, file), new Date(2020, 0, 1), new Date(2020, 0, 1));
  }
  return dir;
}

describe('the folder rule', () => {
  const places = { project: '/p', catalogue: '/p/catalogue', out: '/p/dist' };
  it.each([
    ['/p', /is the current project folder/],
    ['/', /contains the current project folder/],
    ['/p/catalogue', /is the catalogue folder/],
    ['/p/catalogue/img', /lies inside the catalogue folder/],
    ['/p/dist', /is the output folder/],
    ['/p/dist/deploy', /lies inside the output folder/],
  ])('refuses %s', (folder, why) => {
    expect(folderClash(folder, places)).toMatch(why);
  });

  it('refuses a folder around the catalogue when the catalogue lies outside the project', () => {
    expect(folderClash('/q', { ...places, catalogue: '/q/catalogue' })).toMatch(/contains the catalogue folder/);
  });

  it.each(['/p/deploy', '/p/node_modules/.cache/storefront', '/p/distant', '/elsewhere/cache'])('accepts %s', (folder) => {
    expect(folderClash(folder, places)).toBeUndefined();
  });

  it('has no output folder to keep out of when there is none (validate, dev)', () => {
    expect(folderClash('/p/dist', { project: '/p', catalogue: '/p/catalogue' })).toBeUndefined();
  });
});

describe('the cache folder', () => {
  it('is marked when storefront makes it or finds it empty, and a folder of other files is not taken', async () => {
    const made = join(work, 'marks', 'new');
    expect(await markCacheDir(made)).toBeUndefined();
    expect(existsSync(join(made, CACHE_MARKER))).toBe(true);
    expect(await markCacheDir(made)).toBeUndefined();
    mkdirSync(join(work, 'marks', 'empty'));
    expect(await markCacheDir(join(work, 'marks', 'empty'))).toBeUndefined();
    expect(existsSync(join(work, 'marks', 'empty', CACHE_MARKER))).toBe(true);
    const other = join(work, 'marks', 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'file'), 'mine\n');
    expect(await markCacheDir(other)).toMatch(/no \.storefront-cache file/);
    expect(existsSync(join(other, CACHE_MARKER))).toBe(false);
    expect(await markCacheDir(join(other, 'file'))).toMatch(/is a file/);
  });

  it('takes the default folder an older storefront filled without a marker, and marks it', async () => {
    const older = join(work, 'marks', 'default');
    mkdirSync(join(older, 'blobs'), { recursive: true });
    expect(await markCacheDir(older, older)).toBeUndefined();
    expect(existsSync(join(older, CACHE_MARKER))).toBe(true);
  });

  it('prunes nothing in a folder without the marker', async () => {
    const dir = join(work, 'unmarked');
    const first = new BuildCacheDir(dir);
    const blob = first.putBlob('old');
    await first.settle();
    utimesSync(first.blobPath(blob), new Date(2020, 0, 1), new Date(2020, 0, 1));
    await new BuildCacheDir(dir).finish(Date.now());
    expect(existsSync(first.blobPath(blob))).toBe(true);
  });
});

describe('--cache-dir', () => {
  it.each([
    ['.', /is the current project folder/],
    ['..', /contains the current project folder/],
    ['catalogue', /is the catalogue folder/],
    ['catalogue/cache', /lies inside the catalogue folder/],
    ['dist', /is the output folder/],
    ['dist/cache', /lies inside the output folder/],
    ['src', /holds files .* no \.storefront-cache file/],
    ['src/own.ts', /is a file/],
  ])('build refuses --cache-dir %s with exit 2, saying why, and touches nothing', async (cache, why) => {
    const dir = project(`cache-${cache.replace(/\W/g, '_')}`);
    const before = snapshot(dir);
    const result = await runCli(dir, 'build', '-o', 'dist', '--cache-dir', cache);
    expect(result.code, result.err).toBe(2);
    expect(result.err).toContain(`Refusing to keep the build cache in ${cache}`);
    expect(result.err).toMatch(why);
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  }, 60_000);

  it('refuses the output folder when it lies inside the cache folder', async () => {
    const dir = project('cache-around-out');
    const result = await runCli(dir, 'build', '-o', 'cache/dist', '--cache-dir', 'cache');
    expect(result.code, result.err).toBe(2);
    expect(result.err).toMatch(/contains the output folder/);
  }, 60_000);

  it('validate and dev refuse it too', async () => {
    const dir = project('cache-validate');
    for (const command of ['validate', 'dev']) {
      const result = await runCli(dir, command, '--cache-dir', '.', ...(command === 'dev' ? ['-p', '0'] : []));
      expect(result.code, result.err).toBe(2);
      expect(result.err).toMatch(/Refusing to keep the build cache in \.: it is the current project folder/);
    }
    expect(existsSync(join(dir, CACHE_MARKER))).toBe(false);
    expect(readFileSync(join(dir, 'records/mine.json'), 'utf8')).toBe('mine\n');
  }, 60_000);

  it('takes a new or empty folder, marks it, and uses it again', async () => {
    const dir = project('cache-new');
    mkdirSync(join(dir, 'empty'));
    for (const cache of ['fresh', 'fresh', 'empty']) {
      const result = await runCli(dir, 'build', '-o', 'dist', '--cache-dir', cache);
      expect(result.code, result.err).toBe(0);
      expect(existsSync(join(dir, cache, CACHE_MARKER))).toBe(true);
    }
  }, 120_000);
});

describe('the default cache folder', () => {
  it("is the project's node_modules/.cache/storefront, as npm finds the project, not the installed package's", async () => {
    const dir = project('default-cache');
    writeFileSync(join(dir, 'package.json'), '{ "name": "a-site", "private": true }\n');
    mkdirSync(join(dir, 'notes'));
    // Run from a folder inside the site, as npm scripts may be: the site's folder is the one with package.json.
    const inside = await runCli(join(dir, 'notes'), 'validate', '-c', '../catalogue');
    expect(inside.code, inside.err).toBe(0);
    expect(existsSync(join(dir, 'node_modules/.cache/storefront', CACHE_MARKER))).toBe(true);
    expect(existsSync(join(dir, 'notes/node_modules'))).toBe(false);
    const result = await runCli(dir, 'build', '-o', 'dist', '--quiet');
    expect(result.code, result.err).toBe(0);
    // `build -o .` is refused for the output folder, not for a cache the maintainer never named.
    const here = await runCli(dir, 'build', '-o', '.');
    expect(here.code).toBe(2);
    expect(here.err).not.toMatch(/build cache/);
  }, 60_000);
});

describe('the folders above the output folder', () => {
  it('are made for a build, and a build that fails leaves none of those it made', async () => {
    const dir = project('parents');
    writeFileSync(join(dir, 'catalogue/site.yaml'), readFileSync(join(dir, 'catalogue/site.yaml'), 'utf8').replace(/^baseUrl: .*$/m, 'baseUrl: www.example.com'));
    const before = snapshot(dir);
    const failed = await runCli(dir, 'build', '-o', 'new/a/dist', '--no-cache');
    expect(failed.code, failed.err).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, 'new'))).toBe(false);
    writeFileSync(join(dir, 'catalogue/site.yaml'), readFileSync(join(dir, 'catalogue/site.yaml'), 'utf8').replace(/^baseUrl: .*$/m, 'baseUrl: https://www.example.com'));
    const built = await runCli(dir, 'build', '-o', 'new/a/dist', '--no-cache');
    expect(built.code, built.err).toBe(0);
    expect(existsSync(join(dir, 'new/a/dist/index.html'))).toBe(true);
  }, 60_000);
});

describe("-c naming a site's folder rather than its catalogue", () => {
  // `-c .` in the site's folder: every default folder lies inside the folder taken for the catalogue, and the usual
  // advice ("such as dist (the default)") would name the folder just refused.
  const advice = /looks like a site's folder rather than its catalogue folder: catalogue\/ inside it holds site\.yaml\. Add \/catalogue to the folder after -c, or leave -c out/;
  it.each([
    ['build into the default output folder', ['build', '-c', '.'], /Refusing to build into dist: it lies inside the catalogue folder/, /such as dist \(the default\)/],
    ['validate with the default cache folder', ['validate', '-c', '.'], /Refusing to keep the build cache in node_modules\/\.cache\/storefront: it lies inside/, /leave it out for the default/],
    ['write nginx.conf into a folder inside it', ['build', '-c', '.', '-o', '../out', '--cache-dir', '../cache', '--deploy-dir', 'deploy'], /Refusing to write nginx.conf into deploy: it lies inside/, /such as deploy beside/],
  ])('%s: exit 2, saying to give catalogue/ instead, and touches nothing', async (_, args, refusal, usualAdvice) => {
    const dir = project(`site-folder-${args.length}-${args[0]}`);
    const before = snapshot(dir);
    const result = await runCli(dir, ...args);
    expect(result.code, result.err).toBe(2);
    expect(result.err).toMatch(refusal);
    expect(result.err).toMatch(advice);
    expect(result.err).not.toMatch(usualAdvice);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it('keeps the usual advice when the folder given is the catalogue itself', async () => {
    const dir = project('site-folder-catalogue');
    const result = await runCli(dir, 'build', '-c', 'catalogue', '-o', 'catalogue/dist');
    expect(result.code, result.err).toBe(2);
    expect(result.err).toMatch(/such as dist \(the default\)/);
    expect(result.err).not.toMatch(advice);
  }, 60_000);
});

describe('--deploy-dir', () => {
  it.each([
    ['.', /is the current project folder/],
    ['catalogue', /is the catalogue folder/],
    ['catalogue/img', /lies inside the catalogue folder/],
    ['dist', /is the output folder/],
    ['dist/deploy', /lies inside the output folder/],
  ])('build refuses --deploy-dir %s with exit 2, saying why, and touches nothing', async (deploy, why) => {
    const dir = project(`deploy-${deploy.replace(/\W/g, '_')}`);
    const before = snapshot(dir);
    for (const args of [[], ['--force']]) {
      const result = await runCli(dir, 'build', '-o', 'dist', '--deploy-dir', deploy, ...args);
      expect(result.code, result.err).toBe(2);
      expect(result.err).toMatch(/Refusing to write nginx.conf into \S+: /);
      expect(result.err).toMatch(why);
    }
    expect(snapshot(dir)).toEqual(before);
    expect((await runCli(dir, 'validate')).code).toBe(0);
  }, 60_000);

  it('never replaces an nginx.conf storefront did not write, unless --force', async () => {
    const dir = project('deploy-own-conf');
    mkdirSync(join(dir, 'deploy'));
    writeFileSync(join(dir, 'deploy/nginx.conf'), 'server { listen 8080; }\n');
    for (const args of [[], ['--deploy-dir', 'deploy']]) {
      const refused = await runCli(dir, 'build', '-o', 'dist', ...args);
      expect(refused.code, refused.err).toBe(2);
      expect(refused.err).toMatch(/Refusing to replace \S*deploy\/nginx\.conf: storefront build did not write it.*--force/s);
      expect(readFileSync(join(dir, 'deploy/nginx.conf'), 'utf8')).toBe('server { listen 8080; }\n');
      expect(existsSync(join(dir, 'dist'))).toBe(false);
    }
    const forced = await runCli(dir, 'build', '-o', 'dist', '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(join(dir, 'deploy/nginx.conf'), 'utf8')).toMatch(/^# nginx server block for a site built by `storefront build`/);
    // Its own file from the build before: replaced without --force.
    const again = await runCli(dir, 'build', '-o', 'other');
    expect(again.code, again.err).toBe(0);
  }, 120_000);
});
