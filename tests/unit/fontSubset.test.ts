// The Inter subset: what the build keeps is what the stylesheet says it has, and it really is smaller.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTER_WEIGHTS, interUnicodeRange, subsetInter } from '../../src/build/fontSubset.ts';
import { PACKAGE_ROOT } from '../../src/build/bundle.ts';

const css = readFileSync(join(PACKAGE_ROOT, 'templates/styles/fonts.css'), 'utf8');
const interFace = /@font-face\s*\{[^}]*font-family:\s*'Inter';[^}]*\}/.exec(css)![0];

describe('the Inter subset', () => {
  it('is declared in the stylesheet with exactly the characters and weights the build keeps', () => {
    expect(/unicode-range:\s*([^;]+);/.exec(interFace)![1]!.replace(/\s+/g, ' ')).toBe(interUnicodeRange());
    expect(/font-weight:\s*([^;]+);/.exec(interFace)![1]).toBe(`${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max}`);
  });

  it('is a valid WOFF2 file well under the size of the latin file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-font-'));
    try {
      const font = readFileSync(join(PACKAGE_ROOT, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
      const subset = await subsetInter(font, dir);
      expect(Buffer.from(subset.subarray(0, 4)).toString('latin1')).toBe('wOF2');
      expect(subset.byteLength).toBeLessThan(font.byteLength * 0.7);
      expect(await subsetInter(font, dir)).toEqual(subset); // from the cache the second time
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
