import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliProcess } from '../support/cliRun.ts';

const fixtures = new URL('../fixtures/', import.meta.url).pathname;

const cli = (...args: string[]) => runCli(fixtures, ...args);

describe('storefront validate', () => {
  it('exits 0 on a valid catalogue', async () => {
    const result = await cli('validate', '--catalogue', 'valid');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/The catalogue is valid\. 2 categories, 3 services\./);
  });

  it('exits 1 and prints every problem grouped by file, with line, field and hint', async () => {
    const result = await cli('validate', '-c', 'several-problems');
    expect(result.code).toBe(1);
    expect(result.err).toContain('several-problems/site.yaml\n  3:10    error   baseUrl: Expected an absolute URL');
    expect(result.err).toMatch(/several-problems\/categories\/alpha\.yaml\n  12:12 +error +services\[0\]\.price: .*\n +→ Base or starting price/);
    expect(result.err).toContain('6 errors in 4 files.');
    // validate never builds, so it does not say that nothing was built.
    expect(result.err).toMatch(/The catalogue has errors; fix them and run again\.\n?$/);
  });

  it('exits 0 and shows warnings on a catalogue with only warnings', async () => {
    const result = await cli('validate', '-c', 'long-meta-description');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/warning +services\[0\]\.metaDescription/);
    expect(result.out).toContain('1 warning in 1 file.');
  });

  it('keeps what it compiled in the build cache, and never hides a problem an edit brings', async () => {
    const work = mkdtempSync(join(tmpdir(), 'storefront-validate-cache-'));
    try {
      cpSync(join(fixtures, 'valid'), join(work, 'catalogue'), { recursive: true });
      const validate = () => runCli(work, 'validate', '--cache-dir', 'cache');
      expect((await validate()).code).toBe(0);
      const shards = readdirSync(join(work, 'cache', 'records')).filter((f) => f.startsWith('descriptions-'));
      expect(shards.length).toBeGreaterThan(0);
      const written = shards.map((f) => statSync(join(work, 'cache', 'records', f)).mtimeMs);
      // A second run takes every description from the cache: no record is written again.
      expect((await validate()).code).toBe(0);
      expect(shards.map((f) => statSync(join(work, 'cache', 'records', f)).mtimeMs)).toEqual(written);
      appendFileSync(join(work, 'catalogue', 'descriptions', 'beta-1.md'), '\nSee [a page that is not there](/service/nothing-here/beta-9/).\n');
      const edited = await validate();
      expect(edited.code).toBe(1);
      expect(edited.err).toMatch(/descriptions\/beta-1\.md\n +\d+:\d+ +error +link \/service\/nothing-here\/beta-9\//);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('exits 1 with one clear line when the catalogue folder does not exist', async () => {
    const result = await cli('validate', '-c', 'no-such-folder');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/There is no catalogue folder at .*no-such-folder/);
    // A file given for the folder is named as one.
    const file = await cli('validate', '-c', new URL('../../package.json', import.meta.url).pathname);
    expect(file.code).toBe(1);
    expect(file.err).toMatch(/There is no catalogue folder at .*package\.json: it is a file\./);
  });

  it('start says a busy port before it builds, and writes nothing', async () => {
    const work = mkdtempSync(join(tmpdir(), 'storefront-cli-busy-port-'));
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    try {
      const port = (holder.address() as AddressInfo).port;
      const result = await runCli(work, 'start', '-c', join(fixtures, 'valid'), '-o', 'dist', '-p', String(port));
      expect(result.code).toBe(1);
      expect(result.err.trim()).toBe(`Port ${port} on 127.0.0.1 is in use; pass --port with another number.`);
      expect(existsSync(join(work, 'dist'))).toBe(false);
    } finally {
      await new Promise((done) => holder.close(done));
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('build, with its default cache, says the same, not "Internal error"', async () => {
    const work = mkdtempSync(join(tmpdir(), 'storefront-cli-no-catalogue-'));
    try {
      const result = await runCli(work, 'build');
      expect(result.err).not.toMatch(/Internal error/);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^There is no catalogue folder at .*catalogue\. Pass --catalogue DIR/m);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('usage', () => {
  it('exits 2 on an unknown command or option', async () => {
    expect((await cli('vaildate')).code).toBe(2);
    expect((await cli('validate', '--nope')).code).toBe(2);
  });

  it('exits 2 when --base-url is not the address of a site root, before building anything', async () => {
    const result = await cli('build', '--base-url', 'https://staging.example.com/shop?x=1', '-o', join(tmpdir(), 'storefront-never-written'));
    expect(result.code).toBe(2);
    expect(result.err).toContain(`--base-url must be the address of the site's root, such as https://www.example.com, but "https://staging.example.com/shop?x=1" has a path (/shop) and a query (?…).`);
    expect(existsSync(join(tmpdir(), 'storefront-never-written'))).toBe(false);
  });

  it('exits 2 and shows help when no command is given', async () => {
    const result = await cli();
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Usage: storefront/);
  });

  it('--help lists the commands and exits 0', async () => {
    const result = await cli('--help');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/validate \[options\]/);
  });

  it('each command has its own --help', async () => {
    const result = await cli('validate', '--help');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/-c, --catalogue <dir>/);
  });
});

describe('storefront serve', () => {
  it('exits 1 with the reason when --host is no address of this machine', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-cli-serve-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    const result = await cli('serve', '-d', dir, '-p', '0', '--host', '203.0.113.7');
    rmSync(dir, { recursive: true });
    expect(result.code).toBe(1);
    expect(result.err).toBe('This machine has no address 203.0.113.7; pass --host with one of its addresses, such as 127.0.0.1.');
  });
});

describe('storefront schema', () => {
  it('writes the schema files into the catalogue folder', async () => {
    const work = mkdtempSync(join(tmpdir(), 'storefront-cli-schema-'));
    try {
      mkdirSync(join(work, 'catalogue'));
      const result = await runCli(work, 'schema');
      expect(result).toMatchObject({ code: 0, out: 'Wrote 2 schema files to catalogue/.schema/' });
      expect(readdirSync(join(work, 'catalogue', '.schema')).sort()).toEqual(['category.schema.json', 'site.schema.json']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('exits 1 when the catalogue folder is missing or a file, and makes nothing', async () => {
    const work = mkdtempSync(join(tmpdir(), 'storefront-cli-schema-'));
    try {
      writeFileSync(join(work, 'site.yaml'), 'brand: x\n');
      const missing = await runCli(work, 'schema', '-c', 'no-such-folder');
      expect(missing).toMatchObject({ code: 1, err: 'There is no catalogue folder at no-such-folder. Pass --catalogue DIR, or run in a folder that has catalogue/.' });
      const file = await runCli(work, 'schema', '-c', 'site.yaml');
      expect(file).toMatchObject({ code: 1, err: 'There is no catalogue folder at site.yaml: it is a file. Pass --catalogue DIR, or run in a folder that has catalogue/.' });
      expect(readdirSync(work)).toEqual(['site.yaml']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it.runIf(existsSync('/sys/kernel'))('exits 1 with the reason when the folder cannot be written', async () => {
    const result = await runCli(fixtures, 'schema', '-c', '/sys/kernel');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Cannot write the schema files into \/sys\/kernel\/\.schema: (the system does not allow writing into \/sys\/kernel|\/sys\/kernel is on a read-only file system)\.$/);
  });

  // Node's recursive mkdir retries forever there: run as a process of its own, killed if it does not end.
  it.runIf(existsSync('/proc/1'))('exits 1 for a folder under /proc, and ends', async () => {
    const result = await runCliProcess(fixtures, ['schema', '-c', '/proc/1']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Cannot write the schema files into \/proc\/1\/\.schema: the system makes no folders in \/proc\/1 /);
  }, 90_000);
});

// Node's recursive mkdir retries forever under /proc: each build runs as a process of its own, killed if it
// does not end, and must stop with the reason and exit 1.
describe.runIf(existsSync('/proc/1'))('storefront build into a folder under /proc', () => {
  const built = (...args: string[]) => runCliProcess(fixtures, ['build', '-c', 'valid', '--quiet', ...args]);
  const refusal = (folder: string) => new RegExp(`Cannot write into ${folder}: the system makes no folders in /proc/1 `);

  it('refuses the output folder', async () => {
    const result = await built('-o', '/proc/1/site/dist', '--no-cache');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(refusal('/proc/1/site'));
  }, 90_000);

  it('refuses the cache folder', async () => {
    const out = mkdtempSync(join(tmpdir(), 'storefront-cli-proc-'));
    try {
      const result = await built('-o', join(out, 'dist'), '--cache-dir', '/proc/1/cache');
      expect(result.code).toBe(1);
      expect(result.err).toMatch(refusal('/proc/1/cache'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses the deploy folder', async () => {
    const out = mkdtempSync(join(tmpdir(), 'storefront-cli-proc-'));
    try {
      const result = await built('-o', join(out, 'dist'), '--no-cache', '--deploy-dir', '/proc/1/deploy');
      expect(result.code).toBe(1);
      expect(result.err).toMatch(refusal('/proc/1/deploy'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 90_000);
});
