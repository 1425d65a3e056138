// How much `storefront build` tells: every stage by default, only problems and the closing line with --quiet,
// what helps to debug with --verbose; and, on an interactive terminal only, a progress line while pages render.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, type CliIO } from '../../src/cli.ts';
import { isCI, progressLine } from '../../src/output.ts';

const fixtures = new URL('../fixtures/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-build-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A build whose output folder is gone first: into the last build's folder, with nothing changed, a build stops early. */
async function build(mode: string, options: string[], io: Partial<CliIO> = {}) {
  rmSync(join(work, `dist-${mode}`), { recursive: true, force: true });
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(['build', '-c', mode, '-o', join(work, `dist-${mode}`), '--deploy-dir', join(work, 'deploy'), ...options], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    cwd: fixtures,
    ...io,
  });
  return { code, out, err };
}

const STAGE_LINE = /^ {2}\w+ +\d+ ms {2}\(at \d+ ms\)/;

describe('build --quiet', () => {
  it('prints only the closing line for a clean catalogue', async () => {
    const result = await build('valid', ['--quiet']);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([expect.stringMatching(/^Built 13 pages into .* in \d+\.\d\d s\.$/)]);
    expect(result.err).toEqual([]);
  }, 60_000);

  it('still prints the warnings, then the closing line', async () => {
    const result = await build('long-meta-description', ['--quiet']);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(2);
    expect(result.out[0]).toMatch(/long-meta-description\/categories\/beta\.yaml\n {2}15:\d+ +warning +services\[0\]\.metaDescription/);
    expect(result.out[1]).toMatch(/^Built 13 pages/);
  }, 60_000);

  it('still prints the errors', async () => {
    const result = await build('several-problems', ['--quiet']);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain('6 errors in 4 files.');
  });

  it('cannot be combined with --verbose (exit 2)', async () => {
    expect((await build('valid', ['--quiet', '--verbose'])).code).toBe(2);
  });
});

describe('build by default and with --verbose', () => {
  it('prints every stage by default, and with --verbose also the folders, options, cache hits and silent stages', async () => {
    const normal = await build('valid', []);
    const verbose = await build('valid', ['--verbose']);
    expect(verbose.code).toBe(0);
    const stages = (lines: string[]) => lines.filter((l) => STAGE_LINE.test(l)).map((l) => l.trim().split(' ')[0]);
    expect(stages(normal.out)).not.toContain('staging');
    expect(new Set(stages(verbose.out))).toEqual(new Set([...stages(normal.out), 'staging', 'client', 'public']));
    const text = verbose.out.join('\n');
    expect(text).toContain(`  catalogue  ${join(fixtures, 'valid')}`);
    expect(text).toContain(`  output     ${join(work, 'dist-valid')}, replaced whole once the build succeeds`);
    expect(text).toContain(`  nginx      ${join(work, 'deploy', 'nginx.conf')}`);
    expect(text).toMatch(/ {2}options {4}production React, base URL from site\.yaml/);
    expect(text).toMatch(/staging .* the new site is written in .*\.dist-valid\.building-\d+ first/);
    expect(text).toMatch(/compress .* \d+ \.br and \.gz files, \d+ from the cache in /);
    expect(normal.out.join('\n')).not.toMatch(/from the cache/);
  }, 60_000);
});

describe('the progress line', () => {
  it('counts the rendered pages on a terminal, on one line that it erases before the next one', async () => {
    const written: string[] = [];
    const result = await build('valid', [], { isTTY: true, write: (t) => written.push(t) });
    expect(result.code).toBe(0);
    expect(written[0]).toMatch(/^\rrender \d+\/13 pages\x1b\[K$/);
    expect(written.at(-1)).toBe('\r\x1b[K');
  }, 60_000);

  it('is never shown when stderr is no terminal (a CI log, a file) or with --quiet', async () => {
    const written: string[] = [];
    await build('valid', [], { write: (t) => written.push(t) });
    await build('valid', ['--quiet'], { isTTY: true, write: (t) => written.push(t) });
    expect(written).toEqual([]);
  }, 60_000);

  it('updates at most ten times a second, and erases only what it showed', () => {
    let now = 0;
    const written: string[] = [];
    const line = progressLine((t) => written.push(t), () => now);
    line.clear();
    line.update('render 1/3 pages');
    now = 50;
    line.update('render 2/3 pages');
    now = 150;
    line.update('render 3/3 pages');
    line.clear();
    line.clear();
    expect(written).toEqual(['\rrender 1/3 pages\x1b[K', '\rrender 3/3 pages\x1b[K', '\r\x1b[K']);
  });

  it('knows a CI environment by its CI variable', () => {
    expect(isCI({ CI: 'true' })).toBe(true);
    expect(isCI({ CI: '1' })).toBe(true);
    expect(isCI({ CI: 'false' })).toBe(false);
    expect(isCI({})).toBe(false);
  });
});

describe('a build that finds nothing changed', () => {
  it('prints the warnings of the build it stands for, then says so', async () => {
    const args = ['build', '-c', 'long-meta-description', '-o', join(work, 'dist-same'), '--deploy-dir', join(work, 'deploy-same'), '--quiet'];
    const runOnce = async () => {
      const out: string[] = [];
      const code = await run(args, { out: (t) => out.push(t), err: (t) => out.push(t), cwd: fixtures });
      return { code, out };
    };
    const first = await runOnce();
    const second = await runOnce();
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.out[0]).toBe(first.out[0]);
    expect(second.out[1]).toMatch(/^Nothing changed since the last build; .*dist-same is up to date \(13 pages, checked in \d+\.\d\d s\)\.$/);
  }, 60_000);

  it('after a change builds, and records what its check saw: the next build finds nothing changed', async () => {
    const catalogue = join(work, 'changing');
    // Its files as old as the fixture's: an image changed within 2 s of a build's look is never trusted (upToDate.ts).
    cpSync(join(fixtures, 'valid'), catalogue, { recursive: true, preserveTimestamps: true });
    const args = ['build', '-c', catalogue, '-o', join(work, 'dist-changing'), '--deploy-dir', join(work, 'deploy-changing'), '--quiet'];
    const runOnce = async () => {
      const out: string[] = [];
      const code = await run(args, { out: (t) => out.push(t), err: (t) => out.push(t), cwd: work });
      return { code, text: out.join('\n') };
    };
    expect((await runOnce()).code).toBe(0);
    const description = join(catalogue, 'descriptions/alpha-2.md');
    writeFileSync(description, `${readFileSync(description, 'utf8')}\nOne more line.\n`);
    const changed = await runOnce();
    expect(changed.code).toBe(0);
    expect(changed.text).not.toMatch(/Nothing changed/);
    expect(changed.text).toMatch(/^Built \d+ pages/m);
    const after = await runOnce();
    expect(after.text).toMatch(/Nothing changed since the last build/);
    const pages = readdirSync(join(work, 'dist-changing/service'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
    expect(pages.filter((f) => readFileSync(join(work, 'dist-changing/service', f), 'utf8').includes('One more line.'))).toHaveLength(1);
  }, 60_000);

  it('records the files it kept from the site before as they are: the next build finds nothing changed', async () => {
    const catalogue = join(work, 'changing-twice');
    cpSync(join(fixtures, 'valid'), catalogue, { recursive: true, preserveTimestamps: true });
    const args = ['build', '-c', catalogue, '-o', join(work, 'dist-twice'), '--cache-dir', join(work, 'cache-twice'), '--deploy-dir', join(work, 'deploy-twice'), '--verbose'];
    const runOnce = async () => {
      const out: string[] = [];
      const code = await run(args, { out: (t) => out.push(t), err: (t) => out.push(t), cwd: work });
      return { code, text: out.join('\n') };
    };
    const description = join(catalogue, 'descriptions/alpha-2.md');
    const edit = (line: string) => writeFileSync(description, `${readFileSync(description, 'utf8')}\n${line}\n`);
    expect((await runOnce()).code).toBe(0);
    edit('One more line.');
    expect((await runOnce()).code).toBe(0);
    // This build starts from the site the one before replaced, and keeps most of its files.
    edit('And another.');
    const third = await runOnce();
    expect(third.code).toBe(0);
    expect(Number(/\(([\d,]+) kept as they were\)/.exec(third.text)?.[1]?.replace(',', ''))).toBeGreaterThan(10);
    expect((await runOnce()).text).toMatch(/Nothing changed since the last build/);
  }, 60_000);
});
