// Every fixture catalogue built with the real command over an earlier build: a catalogue with errors exits 1,
// prints each problem at its place, and leaves the earlier site exactly as it was; one with only warnings
// builds, and still shows where each warning is.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, snapshot } from '../support/cliRun.ts';

const fixtures = new URL('../fixtures/', import.meta.url).pathname;
const WARNINGS_ONLY = new Set(['long-meta-description', 'short-description', 'unused-image', 'alternatives-without-content', 'stat-without-source', 'skipped-link', 'upper-case-extension', 'icon-not-square', 'touch-icon-too-small']);
const modes = readdirSync(fixtures).filter((name) => name !== 'valid' && statSync(join(fixtures, name)).isDirectory());

const work = mkdtempSync(join(tmpdir(), 'storefront-fixture-builds-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(fixtures, ...args);


/** A problem line of the report: "  12:5    error   ..." under its file, or the file's own line for a whole-file problem. */
const located = (report: string, mode: string, severity: 'error' | 'warning') =>
  new RegExp(`${mode}/[^\\n]+\\n(  \\d+:\\d+ +| {10})${severity} `).test(report);

describe('every fixture catalogue, built over an earlier site', () => {
  const out = join(work, 'dist');
  let before: Record<string, string>;

  beforeAll(async () => {
    expect((await cli('build', '-c', 'valid', '-o', out, '--deploy-dir', join(work, 'deploy'))).code).toBe(0);
    before = snapshot(out);
  }, 60_000);

  it('covers more than a handful of failure modes', () => expect(modes.length).toBeGreaterThan(30));

  it.each(modes.filter((m) => !WARNINGS_ONLY.has(m)))('%s: exits 1, says where, and leaves the earlier site untouched', async (mode) => {
    const result = await cli('build', '-c', mode, '-o', out, '--deploy-dir', join(work, 'deploy'));
    expect(result.code, result.err).toBe(1);
    expect(result.err).not.toMatch(/Internal error/);
    expect(located(result.err, mode, 'error'), result.err).toBe(true);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(work).filter((name) => name.includes('building'))).toEqual([]);
  });

  it.each([...WARNINGS_ONLY])('%s: builds, and says where each warning is', async (mode) => {
    const result = await cli('build', '-c', mode, '-o', join(work, `dist-${mode}`), '--deploy-dir', join(work, 'deploy'));
    expect(result.code, result.err).toBe(0);
    expect(located(result.out, mode, 'warning'), result.out).toBe(true);
    rmSync(join(work, `dist-${mode}`), { recursive: true, force: true });
  });
});
