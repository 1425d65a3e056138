// dev reads again only the catalogue files that changed: what it gets equals a full read, after an edit, a new
// file, a removed one; anything but a text file reads everything.
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { reloadCatalogue } from '../../src/devLoad.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-dev-load-'));
const dir = join(work, 'catalogue');
cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, dir, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const plain = (s: Awaited<ReturnType<typeof loadCatalogue>>) => ({ ...s, texts: [...s.texts], sizes: [...s.sizes].sort(), images: [...s.images].sort(), svgs: [...s.svgs].sort(), rasters: [...s.rasters].sort() });

describe('reloadCatalogue', () => {
  it('equals a full read after an edit, a new file and a removed one', async () => {
    let source = await loadCatalogue(dir);
    writeFileSync(join(dir, 'descriptions/alpha-1.md'), 'Edited.\n');
    writeFileSync(join(dir, 'descriptions/zeta-9.md'), 'New.\n');
    writeFileSync(join(dir, 'descriptions/aaa-0.md'), 'Also new.\n');
    source = await reloadCatalogue(dir, source, new Set(['descriptions/alpha-1.md', 'descriptions/zeta-9.md', 'descriptions/aaa-0.md']));
    expect(plain(source)).toEqual(plain(await loadCatalogue(dir)));
    expect([...source.texts.keys()]).toEqual([...(await loadCatalogue(dir)).texts.keys()]);
    unlinkSync(join(dir, 'descriptions/zeta-9.md'));
    source = await reloadCatalogue(dir, source, new Set(['descriptions/zeta-9.md']));
    expect(plain(source)).toEqual(plain(await loadCatalogue(dir)));
  });

  it('reads everything when an image or an unknown path changed, or when told to', async () => {
    const source = await loadCatalogue(dir);
    writeFileSync(join(dir, 'img/services/alpha-9.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await reloadCatalogue(dir, source, new Set(['img/services/alpha-9.svg']))).images.has('img/services/alpha-9.svg')).toBe(true);
    expect((await reloadCatalogue(dir, source, 'all')).images.has('img/services/alpha-9.svg')).toBe(true);
    expect(await reloadCatalogue(dir, source, new Set())).toBe(source);
  });

  it('forgets that a file could not be read once it changed and can be (its permissions given back)', async () => {
    // As a read refused by its permissions left it: the problem stayed through every edit until an image changed.
    const source = { ...(await loadCatalogue(dir)), unreadable: new Map([['descriptions/alpha-1.md', 'permission denied (EACCES)']]) };
    const again = await reloadCatalogue(dir, source, new Set(['descriptions/alpha-1.md']));
    expect(again.unreadable).toBeUndefined();
    expect(plain(again)).toEqual(plain(await loadCatalogue(dir)));
  });
});
