import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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
