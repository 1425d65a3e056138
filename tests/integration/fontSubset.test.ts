// The Inter subset: what the build keeps is what the site shows and the stylesheet asks for, and it really is
// smaller.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTER_FILE, INTER_WEIGHTS, siteCharacters, subsetInter, TEMPLATE_CHARACTERS } from '../../src/build/fontSubset.ts';
import { PACKAGE_ROOT } from '../../src/build/bundle.ts';

const stylesDir = join(PACKAGE_ROOT, 'templates/styles');
const css = readFileSync(join(stylesDir, 'fonts.css'), 'utf8');
const interFace = /@font-face\s*\{[^}]*font-family:\s*'Inter';[^}]*\}/.exec(css)![0];

describe('the characters a site shows', () => {
  it('are the templates’ own and every other character of the catalogue, each once and sorted', () => {
    const characters = siteCharacters(['name: Café 🚀', 'A naïve café\u200b\n']);
    expect(characters).toContain('é');
    expect(characters).toContain('ï');
    expect(characters).toContain('🚀');
    expect(characters).not.toContain('\u200b');
    expect(characters).not.toContain('\n');
    for (const c of TEMPLATE_CHARACTERS) expect(characters).toContain(c);
    expect([...characters]).toEqual([...new Set(characters)].sort());
  });
});

describe('the Inter subset', () => {
  it('is declared in the stylesheet with the weights the build keeps, and no style asks for a feature it drops', () => {
    expect(/font-weight:\s*([^;]+);/.exec(interFace)![1]).toBe(`${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max}`);
    for (const file of readdirSync(stylesDir)) {
      expect(readFileSync(join(stylesDir, file), 'utf8'), file).not.toMatch(/font-feature-settings|font-variant-(numeric|ligatures|alternates)/);
    }
  });

  it('is a valid WOFF2 file well under the size of the latin file, made once per set of characters', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-font-'));
    try {
      const font = readFileSync(INTER_FILE);
      const subset = await subsetInter(font, dir, TEMPLATE_CHARACTERS);
      expect(Buffer.from(subset.subarray(0, 4)).toString('latin1')).toBe('wOF2');
      expect(subset.byteLength).toBeLessThan(font.byteLength * 0.5);
      expect(await subsetInter(font, dir, TEMPLATE_CHARACTERS)).toEqual(subset); // from the cache the second time
      const withAccents = await subsetInter(font, dir, siteCharacters(['àéîõü ÀÉÎÕÜ']));
      expect(withAccents.byteLength).toBeGreaterThan(subset.byteLength);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
