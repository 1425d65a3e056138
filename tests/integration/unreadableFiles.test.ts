// Files of the catalogue the system will not let us read (another user's, without read permission): each is a
// file-unreadable problem, all of them in one run, and the rest of the catalogue is checked as usual. As root,
// who may read anything, the check runs as the user "nobody" (setpriv, util-linux).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-unreadable-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const REFUSED = ['categories/alpha.yaml', 'descriptions/alpha-1.md', 'img/services/alpha-1.svg'];

describe('files that cannot be read', () => {
  it('are each reported, with the rest of the catalogue checked', () => {
    const catalogue = join(work, 'catalogue');
    cpSync(join(root, 'tests/fixtures/valid'), catalogue, { recursive: true });
    chmodSync(work, 0o755);
    for (const file of REFUSED) chmodSync(join(catalogue, file), 0o000);
    // The catalogue read and validated in a process of its own (the routes of the page kinds do not matter here).
    const script = `const { loadCatalogue } = await import(${JSON.stringify(join(root, 'src/catalogue/load.ts'))});
      const { validateCatalogue } = await import(${JSON.stringify(join(root, 'src/catalogue/validate.ts'))});
      const { problems } = validateCatalogue(await loadCatalogue(${JSON.stringify(catalogue)}), { pageRoutes: [] });
      process.stdout.write(JSON.stringify(problems));`;
    const command = [process.execPath, '--input-type=module', '-e', script];
    const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', ...command] : command;
    const run = spawnSync(asUser[0]!, asUser.slice(1), { cwd: work, encoding: 'utf8', env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(run.status, run.stderr).toBe(0);
    const report = { problems: JSON.parse(run.stdout) as { code: string; file: string; message: string }[] };
    const refused = report.problems.filter((p) => p.code === 'file-unreadable');
    expect(refused.map((p) => p.file).sort()).toEqual([...REFUSED].sort());
    expect(refused[0]!.message).toMatch(/^The file cannot be read: permission denied \(EACCES\)\.$/);
    // Nothing else is said of those files: their contents are unknown, not empty.
    expect(report.problems.filter((p) => REFUSED.includes(p.file) && p.code !== 'file-unreadable')).toEqual([]);
  });
});
