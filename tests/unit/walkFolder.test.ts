import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkFolder } from '../../src/build/walkFolder.ts';

const dir = mkdtempSync(join(tmpdir(), 'storefront-walk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('walkFolder', () => {
  it('lists every file and folder with its path relative to the folder, each folder before what it holds', () => {
    mkdirSync(join(dir, 'site/service/a'), { recursive: true });
    mkdirSync(join(dir, 'site/empty'));
    writeFileSync(join(dir, 'site/index.html'), '');
    writeFileSync(join(dir, 'site/service/a/index.html'), '');
    symlinkSync(join(dir, 'site/service'), join(dir, 'site/linked'));
    const listed = walkFolder(join(dir, 'site'));
    const paths = listed.map(([, path]) => path);
    expect([...paths].sort()).toEqual(['empty', 'index.html', 'linked', 'service', 'service/a', 'service/a/index.html']);
    for (const path of paths) for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) expect(paths.indexOf(path.slice(0, i))).toBeLessThan(paths.indexOf(path));
    // A link to a folder is listed as itself, not followed (as Node's recursive readdir does).
    expect(listed.find(([, path]) => path === 'linked')![0].isSymbolicLink()).toBe(true);
    expect(listed.find(([, path]) => path === 'service/a/index.html')![0].parentPath).toBe(join(dir, 'site/service/a'));
  });
});
