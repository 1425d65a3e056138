// The build cache's keys and folder: what a key covers, that writes are whole, reads of damage are misses,
// prune keeps what recent builds used, and the CLI's --cache-dir and --no-cache.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { kindCodeHashes, PACKAGE_ROOT } from '../../src/build/bundle.ts';
import { BuildCacheDir, codeVersion, keyOf, markCacheDir, reachedCode, sha256, storeBlobSync, TOOL } from '../../src/build/cache.ts';
import { runCli, snapshot } from '../support/cliRun.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-cache-keys-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('keys', () => {
  it("a module's code version covers the files it reaches and nothing else", () => {
    const dir = mkdtempSync(join(work, 'code-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nimport { z } from 'zod';\nexport const a = b;\n");
    writeFileSync(join(dir, 'b.ts'), 'export const b = 1;\n');
    writeFileSync(join(dir, 'c.ts'), 'export const c = 1;\n');
    const before = codeVersion([join(dir, 'a.ts')]);
    writeFileSync(join(dir, 'c.ts'), 'export const c = 2;\n');
    expect(codeVersion([join(dir, 'a.ts')])).toBe(before);
    writeFileSync(join(dir, 'b.ts'), 'export const b = 2;\n');
    expect(codeVersion([join(dir, 'a.ts')])).not.toBe(before);
  });

  it('a module\'s code version does not follow an import of types only, which never loads', () => {
    const dir = mkdtempSync(join(work, 'types-'));
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type {\n  C,\n} from './c.ts';\nimport { d } from './d.ts';\nexport const a: B = d;\n");
    for (const name of ['b', 'c', 'd']) writeFileSync(join(dir, `${name}.ts`), `export const ${name} = 1;\n`);
    const before = codeVersion([join(dir, 'a.ts')]);
    writeFileSync(join(dir, 'b.ts'), 'export const b = 2;\n');
    writeFileSync(join(dir, 'c.ts'), 'export const c = 2;\n');
    expect(codeVersion([join(dir, 'a.ts')])).toBe(before);
    writeFileSync(join(dir, 'd.ts'), 'export const d = 2;\n');
    expect(codeVersion([join(dir, 'a.ts')])).not.toBe(before);
    // A type written without semicolons, then an import the code runs: followed.
    writeFileSync(join(dir, 'e.ts'), "export type E = { e: number }\nimport { f } from './f.ts'\nexport const e = f\n");
    writeFileSync(join(dir, 'f.ts'), 'export const f = 1;\n');
    const withF = codeVersion([join(dir, 'e.ts')]);
    writeFileSync(join(dir, 'f.ts'), 'export const f = 2;\n');
    expect(codeVersion([join(dir, 'e.ts')])).not.toBe(withF);
  });

  it("the bundles' keys name the libraries the bundler loads, not the tool's others", () => {
    // An installed copy gets each library's latest release in range: a new ws or AWS SDK must leave the package's
    // prebuilt bundles matching (they did not, the day ws 8.23.1 came out).
    const { packages } = reachedCode(['src/build/bundle.ts']);
    expect(packages).toContain('esbuild');
    for (const other of ['ws', '@aws-sdk/client-s3', 'commander', 'piscina', 'markdown-it']) expect(packages).not.toContain(other);
    // A package whose file the code reads rather than imports counts: the cards are set in Inter's font file.
    expect(reachedCode(['src/build/socialImages.ts']).packages).toContain('@fontsource-variable/inter');
  });

  it('names as packages only what imports name: not a text after "from", nor "@import" in a comment', () => {
    // schema.ts says cards show "from" the lowest price; svg.ts's comment names CSS's @import "…".
    const { packages } = reachedCode(['src/cli.ts', 'src/pipeline.ts', 'src/dev.ts', 'src/catalogue/schema.ts', 'src/catalogue/svg.ts']);
    expect(packages.filter((name) => !/^(@[\w.-]+\/)?[\w.-]+$/.test(name))).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['zod', 'sharp', 'esbuild', 'yaml']));
  });

  it("every key changes with the tool's version", () => {
    const before = codeVersion(['src/catalogue/markdown.ts']);
    const version = TOOL.version;
    TOOL.version = `${version}-next`;
    try {
      expect(codeVersion(['src/catalogue/markdown.ts'])).not.toBe(before);
    } finally {
      TOOL.version = version;
    }
  });

  it("a page kind's code hash covers what it reaches and what the entry reaches, not the other kinds", () => {
    const dir = mkdtempSync(join(work, 'graph-'));
    // esbuild's metafile names inputs relative to its working folder, the package.
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), relative(PACKAGE_ROOT, join(dir, name)));
    const [entry, one, two, shared, own] = [file('entry.ts', '1'), file('one.ts', '1'), file('two.ts', '1'), file('shared.ts', '1'), file('own.ts', '1')];
    const metafile = {
      inputs: {
        [entry]: { bytes: 1, imports: [{ path: 'storefront:page-kinds:x', kind: 'import-statement' as const }, { path: shared, kind: 'import-statement' as const }] },
        'storefront:page-kinds:x': { bytes: 1, imports: [{ path: one, kind: 'import-statement' as const }, { path: two, kind: 'import-statement' as const }] },
        [one]: { bytes: 1, imports: [{ path: own, kind: 'import-statement' as const }] },
        [two]: { bytes: 1, imports: [] },
        [shared]: { bytes: 1, imports: [] },
        [own]: { bytes: 1, imports: [] },
      },
      outputs: {},
    };
    const kinds = [{ name: 'one', file: join(PACKAGE_ROOT, one) }, { name: 'two', file: join(PACKAGE_ROOT, two) }];
    const hashes = () => kindCodeHashes(metafile, kinds, entry);
    const before = hashes();
    writeFileSync(join(PACKAGE_ROOT, own), '2');
    expect(hashes().one).not.toBe(before.one);
    expect(hashes().two).toBe(before.two);
    writeFileSync(join(PACKAGE_ROOT, shared), '2');
    expect(hashes().two).not.toBe(before.two);
  });

  it("a page kind's code hash names the packages its graph leaves for Node to load", () => {
    const dir = mkdtempSync(join(work, 'packages-'));
    const file = (name: string) => (writeFileSync(join(dir, name), '1'), relative(PACKAGE_ROOT, join(dir, name)));
    const [entry, kind] = [file('entry.ts'), file('kind.ts')];
    const withImport = (imports: { path: string; kind: 'import-statement'; external?: boolean; original?: string }[]) => ({
      inputs: { [entry]: { bytes: 1, imports: [] }, [kind]: { bytes: 1, imports } },
      outputs: {},
    });
    const kinds = [{ name: 'kind', file: join(PACKAGE_ROOT, kind) }];
    const none = kindCodeHashes(withImport([]), kinds, entry).kind;
    // Named as written, or by the path of the file Node finds (the renderer outside the package).
    const named = kindCodeHashes(withImport([{ path: 'stemmer', kind: 'import-statement', external: true }]), kinds, entry).kind;
    const byPath = kindCodeHashes(withImport([{ path: pathToFileURL(join(PACKAGE_ROOT, 'node_modules/stemmer/index.js')).href, original: 'stemmer', kind: 'import-statement', external: true }]), kinds, entry).kind;
    expect(named).not.toBe(none);
    expect(byPath).toBe(named);
    expect(kindCodeHashes(withImport([{ path: 'node:fs', kind: 'import-statement', external: true }]), kinds, entry).kind).toBe(none);
  });

  it('keyOf is stable and tells its parts apart', () => {
    expect(keyOf('a', 1)).toBe(keyOf('a', 1));
    expect(keyOf('a', 1)).not.toBe(keyOf('a1'));
  });
});

describe('the cache folder', () => {
  it('writes blobs whole, under their hash, and reads a damaged or missing one as a miss', async () => {
    const store = new BuildCacheDir(join(work, 'blobs'));
    const hash = store.putBlob('<p>page</p>');
    await store.settle();
    expect(hash).toBe(sha256('<p>page</p>'));
    expect((await store.readBlob(hash))?.toString()).toBe('<p>page</p>');
    const stamp = (await store.stamp(hash))!;
    expect((await store.readBlob(hash, stamp))?.toString()).toBe('<p>page</p>');
    // A write through a hard link (the site's copy of a page) changes the stamp: the blob is a miss, and
    // putting the page again replaces it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    writeFileSync(store.blobPath(hash), '<p>PAGE</p>');
    expect(await store.readBlob(hash, stamp)).toBeUndefined();
    expect(await store.readBlob(hash)).toBeUndefined();
    store.putBlob('<p>page</p>');
    await store.settle();
    expect((await store.readBlob(hash))?.toString()).toBe('<p>page</p>');
    expect(await store.readBlob(sha256('never written'))).toBeUndefined();
    expect(readdirSync(join(store.blobPath(hash), '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("stores a worker's blob as the main thread would, keeps one that is right, and says so when it cannot", async () => {
    const store = new BuildCacheDir(join(work, 'worker-blobs'));
    const bytes = new TextEncoder().encode('<p>card</p>');
    const stored = storeBlobSync(store.blobs, bytes)!;
    expect(stored.hash).toBe(sha256(bytes));
    expect((await store.readBlob(stored.hash, stored.stamp))?.toString()).toBe('<p>card</p>');
    const { ino } = statSync(store.blobPath(stored.hash));
    expect(storeBlobSync(store.blobs, bytes)).toEqual(stored);
    expect(statSync(store.blobPath(stored.hash)).ino).toBe(ino);
    // Damaged (written through the site's link): replaced.
    await new Promise((resolve) => setTimeout(resolve, 10));
    writeFileSync(store.blobPath(stored.hash), '<p>CARD</p>');
    const again = storeBlobSync(store.blobs, bytes)!;
    expect(readFileSync(store.blobPath(stored.hash), 'utf8')).toBe('<p>card</p>');
    expect((await store.readBlob(again.hash, again.stamp))?.toString()).toBe('<p>card</p>');
    // A file where the blobs' folder goes: nothing stored, nothing left behind.
    const blocked = join(work, 'blocked-blobs');
    writeFileSync(blocked, 'not a folder');
    expect(storeBlobSync(blocked, bytes)).toBeUndefined();
    expect(readdirSync(join(store.blobPath(stored.hash), '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('reads a record that does not parse as a miss', async () => {
    const store = new BuildCacheDir(join(work, 'records'));
    store.writeRecord('x', { a: 1 });
    await store.settle();
    expect(await store.readRecord('x')).toEqual({ a: 1 });
    writeFileSync(join(work, 'records/records/x.json'), '{"a":');
    expect(await store.readRecord('x')).toBeUndefined();
  });

  it('writes records in turn, each made into JSON only once the one before is written', async () => {
    const store = new BuildCacheDir(join(work, 'in-turn'));
    const writtenBefore: boolean[] = [];
    const record = (name: string, before?: string) => ({
      toJSON: () => {
        writtenBefore.push(before === undefined || existsSync(join(work, 'in-turn/records', `${before}.json`)));
        return { name };
      },
    });
    store.writeRecordsInTurn([
      ['a', record('a')],
      ['b', record('b', 'a')],
      ['c', record('c', 'b')],
    ]);
    expect(writtenBefore).toEqual([true]);
    await store.settle();
    expect(writtenBefore).toEqual([true, true, true]);
    for (const name of ['a', 'b', 'c']) expect(await store.readRecord(name)).toEqual({ name });
  });

  it('takes a blob it cannot write as a miss, not a crash of the build (an unhandled rejection ended it)', async () => {
    // As a cache folder another user made: here, a file where the blobs' folder goes.
    const dir = join(work, 'unwritable');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'blobs'), 'not a folder');
    const store = new BuildCacheDir(dir);
    const hash = store.putBlob('a page');
    await store.settle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.readBlobSync(hash)).toBeUndefined();
  });

  it('prunes what none of the last builds used, and keeps what they did', async () => {
    const dir = join(work, 'prune');
    expect(await markCacheDir(dir)).toBeUndefined(); // only a marked folder is pruned
    const first = new BuildCacheDir(dir);
    const old = first.putBlob('old');
    const kept = first.putBlob('kept');
    await first.finish(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 4; i++) {
      const next = new BuildCacheDir(dir);
      next.keep(kept);
      await next.finish(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(existsSync(new BuildCacheDir(dir).blobPath(kept))).toBe(true);
    expect(existsSync(new BuildCacheDir(dir).blobPath(old))).toBe(false);
    expect(readdirSync(join(dir, 'builds'))).toHaveLength(4);
  });
});

describe('--cache-dir and --no-cache', () => {
  const catalogue = new URL('../fixtures/valid/', import.meta.url).pathname;

  it('build --cache-dir keeps the cache there; --no-cache leaves it as it was', async () => {
    const cache = join(work, 'cli-cache');
    const built = await runCli(work, 'build', '-c', catalogue, '-o', 'dist-1', '--cache-dir', cache, '--verbose');
    expect(built.code, built.err).toBe(0);
    expect(readdirSync(cache).sort()).toEqual(expect.arrayContaining(['blobs', 'records', 'builds']));
    expect(built.out).toMatch(/cache {6}.*pages 0\/\d+/);
    const before = snapshot(cache);
    const clean = await runCli(work, 'build', '-c', catalogue, '-o', 'dist-2', '--no-cache', '--verbose');
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toContain('none (--no-cache)');
    expect(snapshot(cache)).toEqual(before);
    const warm = await runCli(work, 'build', '-c', catalogue, '-o', 'dist-3', '--cache-dir', cache, '--verbose');
    expect(warm.out).toMatch(/pages (\d+)\/\1/);
  }, 120_000);

  it('refuses --cache-dir with --no-cache, and start and dev take both flags', async () => {
    mkdirSync(join(work, 'flags'), { recursive: true });
    const both = await runCli(work, 'build', '--cache-dir', 'x', '--no-cache');
    expect(both.code).toBe(2);
    for (const command of ['start', 'dev']) {
      const help = await runCli(work, command, '--help');
      expect(help.out).toContain('--cache-dir <dir>');
      expect(help.out).toContain('--no-cache');
    }
  });
});
