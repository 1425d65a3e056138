// Sibling builds (-o out/a, -o out/b, … at once, as a CI matrix runs them) share the deploy folder beside their
// output folders and the cache folder: each writes its own temporary files, and all of them succeed.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-sibling-builds-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('sibling builds', () => {
  it('build at once into out/a, out/b, … sharing one deploy folder, and all succeed', async () => {
    const dir = join(work, 'siblings');
    cpSync(fixture('valid'), join(dir, 'catalogue'), { recursive: true });
    const names = ['a', 'b', 'c', 'd'];
    const results = await Promise.all(names.map((name) => runCli(dir, 'build', '-o', `out/${name}`, '--quiet')));
    for (const result of results) expect(result.code, result.err).toBe(0);
    for (const name of names) expect(existsSync(join(dir, 'out', name, 'index.html'))).toBe(true);
    expect(readdirSync(join(dir, 'out', 'deploy'))).toEqual(['nginx.conf']);
  }, 240_000);
});
