// What dev prints for a rebuild (src/devTerminal.ts): what changed, the catalogue's problems only when they hold
// an error or differ from those last shown, and the closing line; the stage table only for the first build.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDev, type DevServer } from '../../src/dev.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-dev-terminal-'));
const catalogue = join(work, 'catalogue');
let dev: DevServer;
const said: string[] = [];
const WARNING = 'The description has only 5 words.';

// A rebuild's last line, built or not.
const REBUILD_ENDED = /^Built \d+ pages into |^The catalogue has errors; dev builds again/m;

/** What dev says while `edit` is made and the rebuild it starts runs. Waits for a rebuild's last line (after
 *  `until`, when given): the folder's events come when they come, later and further apart on a busy machine. */
async function sayingDuring(edit: () => void, until?: RegExp): Promise<string> {
  const from = said.length;
  const text = () => said.slice(from).join('\n');
  const ended = () => text().slice(until ? text().search(until) : 0);
  edit();
  await vi.waitFor(() => {
    if (until) expect(text()).toMatch(until);
    expect(ended()).toMatch(REBUILD_ENDED);
  }, { timeout: 60_000, interval: 50 });
  await dev.settled();
  return text();
}

beforeAll(async () => {
  // A catalogue with one warning: beta-1's description is short.
  cpSync(new URL('../fixtures/short-description/', import.meta.url).pathname, catalogue, { recursive: true });
  dev = await startDev({ catalogueDir: catalogue, port: 0, host: '127.0.0.1' }, { out: (line) => said.push(line), err: (line) => said.push(line) });
  await dev.settled();
}, 120_000);
afterAll(async () => {
  await dev?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("dev's terminal", () => {
  it('shows the first build with its stage table and its warning', () => {
    const first = said.join('\n');
    expect(first).toMatch(/^ {2}render +\d+ ms/m);
    expect(first).toContain(WARNING);
  });

  it('shows a rebuild as what changed, the summary and the closing line, without the table or the same warning', async () => {
    const text = await sayingDuring(() => appendFileSync(join(catalogue, 'descriptions/alpha-1.md'), '\nOne more line.\n'));
    expect(text).toMatch(/Changed: \S*descriptions\/alpha-1\.md/);
    expect(text).toContain('1 warning in 1 file.');
    expect(text).toMatch(/Built \d+ pages into /);
    expect(text).not.toMatch(/^ {2}render +\d+ ms/m);
    expect(text).not.toContain(WARNING);
  });

  it('shows an error in full, with the warning beside it, on every rebuild while it stands', async () => {
    const file = join(catalogue, 'categories/alpha.yaml');
    const yaml = readFileSync(file, 'utf8');
    const broken = await sayingDuring(() => writeFileSync(file, yaml.replace(/price: \d+/, 'price: -5')));
    expect(broken).toMatch(/error +services\[0\]\.price: Expected a price of 0 or more/);
    expect(broken).toContain(WARNING);
    const still = await sayingDuring(() => appendFileSync(join(catalogue, 'descriptions/alpha-1.md'), '\nAnd another.\n'));
    expect(still).toMatch(/error +services\[0\]\.price/);
    // Fixed: the warning alone differs from the report last shown, so it is shown again.
    const fixed = await sayingDuring(() => writeFileSync(file, yaml));
    expect(fixed).toContain(WARNING);
    expect(fixed).toMatch(/Built \d+ pages into /);
  });

  it("names the file `sed -i` edited, not the temporary file it renamed over it", async () => {
    const file = join(catalogue, 'categories/alpha.yaml');
    const temporary = join(catalogue, 'categories/sedXy12Ab');
    const text = await sayingDuring(() => {
      writeFileSync(temporary, readFileSync(file, 'utf8').replace('name:', 'name:  '));
      renameSync(temporary, file);
    }, /Changed: \S*categories\/alpha\.yaml/);
    expect(text).toMatch(/Changed: \S*categories\/alpha\.yaml/);
    expect(text).not.toContain('sedXy12Ab');
  });
});
