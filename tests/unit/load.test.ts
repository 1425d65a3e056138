import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listPages, textOfFile } from '../../src/catalogue/load.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-load-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('loading a catalogue', () => {
  // A 10,000-service catalogue is over 20,000 files; reading them all at once ran out of file descriptors.
  it('reads more files than the process may hold open at once', () => {
    mkdirSync(join(work, 'descriptions'), { recursive: true });
    mkdirSync(join(work, 'img/services'), { recursive: true });
    for (let i = 0; i < 400; i++) {
      writeFileSync(join(work, 'descriptions', `x-${i}.md`), `Service ${i}.\n`);
      writeFileSync(join(work, 'img/services', `x-${i}.svg`), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    }
    const load = new URL('../../src/catalogue/load.ts', import.meta.url).pathname;
    const script = `const { loadCatalogue } = await import(${JSON.stringify(load)}); const s = await loadCatalogue(${JSON.stringify(work)}); console.log(s.texts.size, s.svgs.size);`;
    const result = spawnSync('sh', ['-c', `ulimit -n 256 && exec "${process.execPath}" --input-type=module -e '${script}'`], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('400 400');
  });
});

describe('textOfFile', () => {
  // A byte-order mark before a front matter's --- read as "no front matter"; a file with the old Mac's line
  // endings read as one line ("The file is empty").
  it('drops a byte-order mark and ends every line in \\n', () => {
    expect(textOfFile('alternatives/icoda.md', Buffer.from('\uFEFF---\r\nreviewed: 2026-01-01\r\n---\r\nText'))).toBe('---\nreviewed: 2026-01-01\n---\nText');
    expect(textOfFile('categories/a.yaml', Buffer.from('name: A\ranchor: a\r'))).toBe('name: A\nanchor: a\n');
    expect(textOfFile('site.yaml', Buffer.from('brand: \uFEFFx'))).toBe('brand: \uFEFFx');
  });
});

describe('listPages', () => {
  it('lists the files named as pages, and links to files, but no folder or dead link', async () => {
    const dir = join(work, 'pages');
    mkdirSync(join(dir, 'folder.md'), { recursive: true });
    writeFileSync(join(dir, 'about.md'), '---\ntitle: About\n---\n');
    symlinkSync(join(dir, 'about.md'), join(dir, 'linked.md'));
    symlinkSync(join(dir, 'nowhere.md'), join(dir, 'dangling.md'));
    symlinkSync('self.md', join(dir, 'self.md'));
    writeFileSync(join(dir, 'notes.txt'), 'x');
    writeFileSync(join(dir, '.notes.md.swp'), 'x');
    const { pages, passedOver } = await listPages(dir);
    expect(pages.sort()).toEqual(['../pages/about.md', '../pages/linked.md']);
    // What the build passes over is said (ignoredFiles.ts), but for an editor's files.
    expect(passedOver.sort()).toEqual(['../pages/folder.md/', '../pages/notes.txt']);
  });
});
