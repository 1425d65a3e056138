// The benchmark's synthetic catalogue: deterministic, the asked size, and valid without a single warning,
// so build timings measure the build and not the error reporting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticCatalogue, writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { wordCount } from '../../src/catalogue/markdown.ts';
import { validate } from '../support/site.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-synthetic-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('syntheticCatalogue', () => {
  const files = syntheticCatalogue({ services: 150 });
  const of = (prefix: string) => [...files.keys()].filter((path) => path.startsWith(prefix));

  it('gives the same files for the same size and seed, and others for another seed', () => {
    expect(syntheticCatalogue({ services: 150 })).toEqual(files);
    expect(syntheticCatalogue({ services: 150, seed: 2 })).not.toEqual(files);
  });

  it('has 13 categories and exactly the asked number of services, each with a description and an image', () => {
    expect(of('categories/')).toHaveLength(13);
    expect(of('descriptions/')).toHaveLength(150);
    expect(of('img/services/')).toHaveLength(150);
    const odd = syntheticCatalogue({ services: 157 });
    expect([...odd.keys()].filter((path) => path.startsWith('descriptions/'))).toHaveLength(157);
  });

  it('writes descriptions of realistic length with lists, bold lead-ins and links', () => {
    const texts = of('descriptions/').map((path) => files.get(path)!);
    const words = texts.map(wordCount);
    expect(Math.min(...words)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...words)).toBeLessThanOrEqual(250);
    expect(texts.every((t) => t.includes('**What you get**') && /^- /m.test(t))).toBe(true);
    expect(texts.filter((t) => t.includes('](/service/')).length).toBeGreaterThan(texts.length / 3);
  });

  it('with `heavy`, writes descriptions of 100-400 words in sections under headings, with lists and links', () => {
    const heavy = syntheticCatalogue({ services: 150, heavy: true });
    expect(syntheticCatalogue({ services: 150, heavy: true })).toEqual(heavy);
    const texts = [...heavy].filter(([path]) => path.startsWith('descriptions/')).map(([, text]) => text);
    expect(texts).toHaveLength(150);
    const words = texts.map(wordCount);
    expect(Math.min(...words)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...words)).toBeLessThanOrEqual(400);
    // Spread over the range, not bunched at one end.
    expect(words.filter((n) => n > 300).length).toBeGreaterThan(10);
    expect(words.filter((n) => n < 200).length).toBeGreaterThan(10);
    expect(texts.every((t) => t.includes('## What you get') && /^- /m.test(t) && t.includes('**How to order:**'))).toBe(true);
    expect(texts.filter((t) => /^1\. /m.test(t)).length).toBeGreaterThan(texts.length / 2);
    expect(texts.every((t) => t.includes('](/service/'))).toBe(true);
    expect(texts.filter((t) => t.includes('](https://')).length).toBeGreaterThan(texts.length / 4);
    // Everything but the descriptions is the light catalogue's.
    expect([...heavy].filter(([path]) => !path.startsWith('descriptions/'))).toEqual([...files].filter(([path]) => !path.startsWith('descriptions/')));
  });

  it('is a valid catalogue without any warning', async () => {
    const dir = join(work, 'catalogue');
    await writeSyntheticCatalogue(dir, { services: 150 });
    const { problems, catalogue } = await validate(await loadCatalogue(dir));
    expect(problems).toEqual([]);
    expect(catalogue?.categories).toHaveLength(13);
  });

  it('is a valid catalogue without any warning with heavy descriptions too', async () => {
    const dir = join(work, 'heavy');
    await writeSyntheticCatalogue(dir, { services: 150, heavy: true });
    const { problems, catalogue } = await validate(await loadCatalogue(dir));
    expect(problems).toEqual([]);
    expect(catalogue?.descriptions.size).toBe(150);
  });
});
