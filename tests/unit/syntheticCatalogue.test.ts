// The benchmark's synthetic catalogue: deterministic, the asked size, and valid without a single warning,
// so build timings measure the build and not the error reporting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticCatalogue, writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { wordCount } from '../../src/catalogue/markdown.ts';
import { validate } from './site.ts';

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

  it('is a valid catalogue without any warning', async () => {
    const dir = join(work, 'catalogue');
    await writeSyntheticCatalogue(dir, { services: 150 });
    const { problems, catalogue } = await validate(await loadCatalogue(dir));
    expect(problems).toEqual([]);
    expect(catalogue?.categories).toHaveLength(13);
  });
});
