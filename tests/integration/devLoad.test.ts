// What dev's watcher counts as a change of the catalogue (src/devLoad.ts): an image whose link count the build
// changed is not one; a text or an SVG put back with the same size and an older time (cp -p, unzip, a backup) is.
import { cpSync, linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueReads } from '../../src/devLoad.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-dev-load-'));
const catalogue = join(work, 'catalogue');
cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogue, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("dev's reads of the catalogue", () => {
  it('count a text of the same size with an older time, and not a hard link made to an image', async () => {
    const long = new Date('2020-01-01T00:00:00Z');
    const yaml = join(catalogue, 'categories/alpha.yaml');
    utimesSync(yaml, long, long);
    const reads = new CatalogueReads(catalogue);
    await reads.load(catalogue, {});
    expect(reads.contentChanged('categories/alpha.yaml')).toBe(false);
    const text = readFileSync(yaml, 'utf8');
    const edited = text.replace(/price: (\d)/, (_, digit: string) => `price: ${(Number(digit) + 1) % 10}`);
    expect(edited.length).toBe(text.length);
    writeFileSync(yaml, edited);
    utimesSync(yaml, long, long);
    expect(reads.contentChanged('categories/alpha.yaml')).toBe(true);

    const image = 'img/services/alpha-1.svg';
    utimesSync(join(catalogue, image), long, long);
    linkSync(join(catalogue, image), join(work, 'linked.svg'));
    expect(reads.contentChanged(image)).toBe(false);
    // An SVG put back with another colour, the same size and an older time: it was ignored, and dev served the old one.
    const svg = readFileSync(join(catalogue, image), 'utf8');
    const recoloured = svg.replace(/#[0-9a-f]{6}/i, '#ff00ff');
    expect(recoloured).not.toBe(svg);
    expect(recoloured.length).toBe(svg.length);
    writeFileSync(join(catalogue, image), recoloured);
    utimesSync(join(catalogue, image), long, long);
    expect(reads.contentChanged(image)).toBe(true);
  });

  it('read a text that became a link to nowhere, or a link made whole again, with the whole catalogue and its warning', async () => {
    const reads = new CatalogueReads(catalogue);
    await reads.load(catalogue, {});
    const description = join(catalogue, 'descriptions/beta-1.md');
    const text = readFileSync(description, 'utf8');
    rmSync(description);
    symlinkSync(join(work, 'moved-away.md'), description);
    reads.changed('descriptions/beta-1.md');
    const broken = await reads.load(catalogue, {});
    expect(broken.skippedLinks?.get('descriptions/beta-1.md')).toBe('nothing');
    writeFileSync(join(work, 'moved-away.md'), text);
    reads.changed('descriptions/beta-1.md');
    const mended = await reads.load(catalogue, {});
    expect(mended.skippedLinks?.has('descriptions/beta-1.md')).toBe(false);
    expect(mended.texts.get('descriptions/beta-1.md')).toBe(text);
  });
});
