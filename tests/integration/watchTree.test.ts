// dev's watcher (src/watchTree.ts): every change under the folder, named relative to it, from one watch per
// folder on Linux (Node's own recursive watch there is one for every file).
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTree, type TreeWatcher } from '../../src/watchTree.ts';

/** The inotify watches this process holds (Linux: one `inotify wd:` line each in /proc/self/fdinfo). */
function inotifyWatches(): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fdinfo')) {
    try {
      count += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n').filter((line) => line.startsWith('inotify wd:')).length;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}

const path = (...parts: string[]) => parts.join(sep);

/** Resolves once `holds()` is true, checking as events come in; rejects after a generous wait. */
async function until(holds: () => boolean, what: string, patience = 60_000): Promise<void> {
  for (let waited = 0; !holds(); waited += 20) {
    if (waited > patience) throw new Error(`Never saw ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let watcher: TreeWatcher | undefined;
afterEach(() => watcher?.close());

function tree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-watch-'));
  mkdirSync(join(dir, 'descriptions'));
  for (let i = 0; i < 300; i++) writeFileSync(join(dir, 'descriptions', `s-${i}.md`), `Service ${i}.\n`);
  mkdirSync(join(dir, 'img/services'), { recursive: true });
  writeFileSync(join(dir, 'img/services/a.svg'), '<svg/>');
  mkdirSync(join(dir, '.schema'));
  writeFileSync(join(dir, 'site.yaml'), 'brand: Test\n');
  return dir;
}

describe.runIf(process.platform === 'linux')('watchTree on Linux', () => {
  it('holds one watch per folder, not one per file, and none for dot-named folders', () => {
    const dir = tree();
    const before = inotifyWatches();
    watcher = watchTree(dir, () => {}, () => {});
    // The folder itself, descriptions, img and img/services: 4 watches for 303 files.
    expect(inotifyWatches() - before).toBe(4);
    watcher.close();
    expect(inotifyWatches()).toBe(before);
    rmSync(dir, { recursive: true, force: true });
  });

  it('names every change: an edit, a new folder with files in it, a replaced file, a removed folder', async () => {
    const dir = tree();
    const events: string[] = [];
    const failures: Error[] = [];
    watcher = watchTree(dir, (event, name) => events.push(`${event} ${name}`), (error) => failures.push(error));
    const saw = (event: string) => until(() => events.includes(event), event);

    appendFileSync(join(dir, 'descriptions/s-7.md'), 'More.\n');
    await saw(`change ${path('descriptions', 's-7.md')}`);

    // A folder made and filled at once: its files are named whether they came before or after its watch.
    mkdirSync(join(dir, 'alternatives/drafts'), { recursive: true });
    writeFileSync(join(dir, 'alternatives/drafts/x.md'), 'X.\n');
    await saw('rename alternatives');
    await saw(`rename ${path('alternatives', 'drafts', 'x.md')}`);
    writeFileSync(join(dir, 'alternatives/y.md'), 'Y.\n');
    await saw(`rename ${path('alternatives', 'y.md')}`);

    // An editor's save: a new file renamed over the old one.
    writeFileSync(join(dir, 'descriptions/.s-8.md.tmp'), 'Saved.\n');
    renameSync(join(dir, 'descriptions/.s-8.md.tmp'), join(dir, 'descriptions/s-8.md'));
    await saw(`rename ${path('descriptions', 's-8.md')}`);

    // A folder removed stops being watched; made again, it is watched afresh.
    const watches = inotifyWatches();
    rmSync(join(dir, 'img'), { recursive: true });
    await saw('rename img');
    await until(() => inotifyWatches() === watches - 2, 'the watches of the removed folders go');
    mkdirSync(join(dir, 'img/services'), { recursive: true });
    await until(() => inotifyWatches() === watches, 'the folders made again watched');
    writeFileSync(join(dir, 'img/services/b.svg'), '<svg/>');
    await saw(`rename ${path('img', 'services', 'b.svg')}`);

    expect(events.filter((e) => e.includes('.schema'))).toEqual([]);
    // A removed folder is named as itself, never as a file inside it of its own name (Linux names the folder
    // to the watch of the folder itself).
    expect(events.filter((e) => e.includes(path('img', 'img')) || e.includes(path('services', 'services')))).toEqual([]);
    expect(failures).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('watches .well-known, which public/ publishes, made while it runs and edited later (it saw neither)', async () => {
    const dir = tree();
    const events: string[] = [];
    watcher = watchTree(dir, (event, name) => events.push(`${event} ${name}`), () => {});
    mkdirSync(join(dir, '.well-known'));
    await until(() => events.includes(`rename .well-known`), 'the folder made');
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(join(dir, '.well-known/security.txt'), 'Contact: mailto:a@example.com\n');
    await until(() => events.some((e) => e.endsWith(path('.well-known', 'security.txt'))), 'the file written in it');
    events.length = 0;
    appendFileSync(join(dir, '.well-known/security.txt'), 'Expires: 2030-01-01T00:00:00Z\n');
    await until(() => events.some((e) => e.endsWith(path('.well-known', 'security.txt'))), 'the file edited');
    rmSync(dir, { recursive: true, force: true });
  });

  it('says the folder itself went, with no name, when it is removed', async () => {
    const dir = tree();
    const events: string[] = [];
    watcher = watchTree(dir, (event, name) => events.push(`${event} ${name}`), () => {});
    rmSync(dir, { recursive: true });
    await until(() => events.includes('rename '), 'the folder itself removed');
    const own = dir.split(sep).at(-1)!;
    expect(events.filter((e) => e.endsWith(own))).toEqual([]);
  });
});

describe("watchTree with the system's recursive watch (macOS, Windows)", () => {
  it('names an edit deep in the folder', async () => {
    const dir = tree();
    const events: string[] = [];
    watcher = watchTree(dir, (event, name) => events.push(`${event} ${name}`), () => {}, false);
    // Node may set a recursive watch up after it returns (on Linux it walks the folder first, slowly on a busy
    // machine): the edit is made again until one is seen.
    const seen = () => events.some((e) => e.endsWith(path('img', 'services', 'a.svg')));
    for (let tries = 0; tries < 60 && !seen(); tries++) {
      appendFileSync(join(dir, 'img/services/a.svg'), '\n');
      await until(seen, 'the edit', 1_000).catch(() => undefined);
    }
    expect(seen()).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});
