// `storefront deploy` against a real S3 API server: s3rver from npm, run in this process on 127.0.0.1 with its
// buckets in a temporary folder. The sites are built with the real CLI from tests/fixtures/valid, and from a copy
// of it with one description edited.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.ts';
import { deploy, type DeployOptions, type DeployResult } from '../../src/deploy/deploy.ts';
import { s3Store } from '../../src/deploy/s3.ts';
import { LEASE_MS } from '../../src/deploy/lock.ts';
import { startServer } from '../../src/serve.ts';

const fixtures = new URL('../fixtures/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-deploy-'));
const CHANGED_PAGE = 'service/influencer-tier-one/beta-1/index.html';
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

const cli = (...args: string[]) => runCli(work, ...args);

interface S3 {
  server: S3rver;
  endpoint: string;
  client: S3Client;
  /** Stops the server at once, cutting the requests in flight. */
  stop(): Promise<void>;
}

async function startS3(directory: string): Promise<S3> {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const stop = async () => {
    const http = (server as unknown as { httpServer: import('node:http').Server }).httpServer;
    http.closeAllConnections();
    await server.close();
  };
  return { server, endpoint, client, stop };
}

/** Every file of a folder, by '/'-separated path, with the SHA-256 of its content. */
function hashes(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path).split(sep).join('/'), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

/** The files a deploy should publish, worked out here without the deploy's code. */
function published(dir: string): Map<string, string> {
  const all = hashes(dir);
  return new Map([...all].filter(([path]) => path !== '_headers' && path !== '.storefront-build' && !(/\.(br|gz)$/.test(path) && all.has(path.replace(/\.(br|gz)$/, '')))));
}

async function listing(client: S3Client, bucket: string): Promise<Map<string, string>> {
  const objects = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) objects.set(object.Key!, object.ETag!.replace(/"/g, ''));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

const bodies = new Map<string, string>();
async function body(client: S3Client, bucket: string, key: string, etag: string): Promise<string> {
  const id = `${bucket}/${key}@${etag}`;
  if (!bodies.has(id)) bodies.set(id, await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString());
  return bodies.get(id)!;
}

/**
 * What a visitor could find missing right now: for every page in the bucket, each file it names (scripts,
 * styles, fonts, images, the search index), and each file those scripts and styles name in turn, must be in the
 * bucket. Read from the bucket itself, with a pattern of this test's own.
 */
async function brokenReferences(client: S3Client, bucket: string): Promise<string[]> {
  const objects = await listing(client, bucket);
  const broken: string[] = [];
  // A backslash ends an address too: the search index's result data holds each card's image as JSON in a string.
  const named = (text: string) => [...text.matchAll(/["'(]\/((?:assets|img|search-index)\/[^"'()\s?#<>\\]+|favicon\.svg)/g)].map((m) => m[1]!);
  for (const page of [...objects.keys()].filter((key) => key.endsWith('.html'))) {
    const seen = new Set<string>();
    const queue = [page];
    while (queue.length) {
      const key = queue.shift()!;
      if (seen.has(key)) continue;
      seen.add(key);
      const etag = objects.get(key);
      if (etag === undefined) {
        broken.push(`${page} → /${key}`);
        continue;
      }
      if (key === page || /\.(js|css|json)$/.test(key)) queue.push(...named(await body(client, bucket, key, etag)));
    }
  }
  return broken;
}

let s3: S3;
let v1: string;
let v2: string;

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  v1 = join(work, 'v1');
  v2 = join(work, 'v2');
  const catalogue = join(work, 'catalogue-v2');
  cpSync(join(fixtures, 'valid'), catalogue, { recursive: true });
  const description = join(catalogue, 'descriptions', 'beta-1.md');
  // An edit that adds no word search indexes ("of" and "you" find nothing): only the service's page changes.
  writeFileSync(description, readFileSync(description, 'utf8').replace('what is required before', 'what is required of you before'));
  for (const [from, to] of [
    [join(fixtures, 'valid'), v1],
    [catalogue, v2],
  ] as const) {
    const built = await cli('build', '-c', from, '-o', to, '--deploy-dir', join(work, 'deploy'));
    expect(built.code, built.err).toBe(0);
  }
  s3 = await startS3(join(work, 's3'));
}, 120_000);

afterAll(async () => {
  await s3?.stop();
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id;
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret;
  if (savedEnv.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (savedEnv.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  rmSync(work, { recursive: true, force: true });
});

const bucket = async (name: string) => {
  await s3.client.send(new CreateBucketCommand({ Bucket: name }));
  return name;
};

/** `storefront deploy` with --format json, and what it reported. */
async function deployCli(dir: string, target: string, ...args: string[]) {
  const result = await cli('deploy', '-d', dir, '--target', target, '--endpoint', s3.endpoint, '--format', 'json', ...args);
  return { ...result, report: result.out ? (JSON.parse(result.out) as DeployResult) : undefined };
}

/**
 * A run cut off from the bucket cannot release its lock, and this process, which held it, still runs: the run
 * that finishes the job starts once the lock's lease is over by the bucket's clock (here, its reads of the lock
 * say the lock was written a lease ago).
 */
const afterLease = (options: DeployOptions): DeployOptions => {
  const store = s3Store({ target: options.target, endpoint: options.endpoint, maxAttempts: options.maxAttempts });
  const readLock = async () => {
    const read = await store.readLock();
    return read && { ...read, ageMs: LEASE_MS };
  };
  return { ...options, store: { ...store, readLock } };
};

const md5 = (dir: string, path: string) => createHash('md5').update(readFileSync(join(dir, path))).digest('hex');
const site = (objects: Map<string, string>) => [...objects.keys()].filter((key) => key !== '.storefront-deploy.json').sort();

describe('storefront deploy to an S3 API server', () => {
  it('first deploy: uploads every file of the site with its type and cache policy, and nothing else', async () => {
    const name = await bucket('first');
    const { code, err, report } = await deployCli(v1, `s3://${name}`);
    expect(code, err).toBe(0);
    const expected = published(v1);
    expect(report!.uploaded.map((u) => u.path).sort()).toEqual([...expected.keys()].sort());
    expect(report!.skipped.files).toBe(0);

    const objects = await listing(s3.client, name);
    expect(site(objects)).toEqual([...expected.keys()].sort());
    expect(objects.has('.storefront-deploy.json')).toBe(true);
    expect(site(objects).filter((key) => /(^|\/)(_headers|\.storefront-build)$|\.(br|gz)$/.test(key))).toEqual([]);
    for (const path of expected.keys()) expect(objects.get(path), path).toBe(md5(v1, path));

    // The headers `storefront serve` sends from the same dist/_headers: what the build decided.
    const served = await startServer({ dir: v1, port: 0 });
    try {
      for (const path of expected.keys()) {
        const head = await s3.client.send(new HeadObjectCommand({ Bucket: name, Key: path }));
        const address = `/${path.replace(/(^|\/)index\.html$/, '$1')}`;
        const response = await fetch(`${served.url}${address}`, { method: 'HEAD' });
        expect(head.ContentType, path).toBe(response.headers.get('content-type'));
        expect(head.CacheControl, path).toBe(response.headers.get('cache-control'));
        expect(head.ContentEncoding, path).toBeUndefined();
      }
    } finally {
      await served.close();
    }
    const headOf = (key: string) => s3.client.send(new HeadObjectCommand({ Bucket: name, Key: key }));
    const page = await headOf(CHANGED_PAGE);
    expect([page.ContentType, page.CacheControl]).toEqual(['text/html; charset=utf-8', 'public, max-age=0, must-revalidate']);
    const style = await headOf([...expected.keys()].find((key) => /^assets\/styles-.*\.css$/.test(key))!);
    expect([style.ContentType, style.CacheControl]).toEqual(['text/css; charset=utf-8', 'public, max-age=31536000, immutable']);
    const image = await headOf('img/services/beta-1.svg');
    expect([image.ContentType, image.CacheControl]).toEqual(['image/svg+xml', 'public, max-age=86400']);
    const index = await headOf('search-index/entry.json');
    expect([index.ContentType, index.CacheControl]).toEqual(['application/json; charset=utf-8', 'public, max-age=0, must-revalidate']);
    const sitemap = await headOf('sitemap.xml');
    expect(sitemap.ContentType).toBe('application/xml; charset=utf-8');
    expect(await brokenReferences(s3.client, name)).toEqual([]);
  }, 60_000);

  it('a second deploy of the same site uploads nothing; a changed description uploads only the pages that changed', async () => {
    const name = await bucket('incremental');
    expect((await deployCli(v1, `s3://${name}/www`)).code).toBe(0);

    const again = await deployCli(v1, `s3://${name}/www`);
    expect(again.code, again.err).toBe(0);
    expect(again.report!.uploaded).toEqual([]);
    expect(again.report!.deleted).toEqual([]);
    expect(again.report!.skipped.files).toBe(published(v1).size);

    const before = published(v1);
    const changed = [...published(v2)].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
    expect(changed).toEqual([CHANGED_PAGE]);
    const update = await deployCli(v2, `s3://${name}/www`);
    expect(update.code, update.err).toBe(0);
    expect(update.report!.uploaded.map((u) => u.path)).toEqual(changed);
    expect(update.report!.deleted).toEqual([]);
    expect((await listing(s3.client, name)).get(`www/${CHANGED_PAGE}`)).toBe(md5(v2, CHANGED_PAGE));

    // The text report says what was uploaded and skipped, with bytes and time.
    const text = await cli('deploy', '-d', v2, '--target', `s3://${name}/www`, '--endpoint', s3.endpoint);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/^Uploaded 0 files \(0 B\), skipped \d+ unchanged \([\d.]+ [KM]B\), deleted 0 \(0 B\), in [\d.]+ s\.$/m);
  }, 60_000);

  it('a dry run reports what it would do and changes nothing', async () => {
    const name = await bucket('dry-run');
    expect((await deployCli(v1, `s3://${name}`)).code).toBe(0);
    const before = await listing(s3.client, name);
    const manifest = await body(s3.client, name, '.storefront-deploy.json', before.get('.storefront-deploy.json')!);
    const dry = await deployCli(v2, `s3://${name}`, '--dry-run', '--cloudfront-distribution', 'E2EXAMPLE');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.report!.dryRun).toBe(true);
    expect(dry.report!.uploaded.map((u) => u.path)).toEqual([CHANGED_PAGE]);
    expect(dry.report!.invalidation?.paths).toEqual(['/service/influencer-tier-one/beta-1/', '/service/influencer-tier-one/beta-1/index.html']);
    expect(await listing(s3.client, name)).toEqual(before);
    bodies.clear();
    expect(await body(s3.client, name, '.storefront-deploy.json', before.get('.storefront-deploy.json')!)).toBe(manifest);
  }, 60_000);

  it('keeps an asset the site stopped using for its grace period, then deletes it', async () => {
    const name = await bucket('grace');
    const withOld = join(work, 'v1-with-old-asset');
    cpSync(v1, withOld, { recursive: true });
    writeFileSync(join(withOld, 'assets', 'old-ABCD1234.js'), 'export const old = 1;\n');
    writeFileSync(join(withOld, 'img', 'retired.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    expect((await deployCli(withOld, `s3://${name}`)).code).toBe(0);
    const has = async (key: string) => (await listing(s3.client, name)).has(key);
    expect(await has('assets/old-ABCD1234.js')).toBe(true);

    // By deploys: kept while fewer than 2 deploys have not used it.
    const first = await deployCli(v1, `s3://${name}`, '--keep-deploys', '2', '--keep-for', '0');
    expect(first.code, first.err).toBe(0);
    expect(first.report!.retained.map((r) => r.path)).toEqual(['assets/old-ABCD1234.js', 'img/retired.svg']);
    expect(first.report!.deleted).toEqual([]);
    expect(await has('assets/old-ABCD1234.js')).toBe(true);
    const second = await deployCli(v1, `s3://${name}`, '--keep-deploys', '2', '--keep-for', '0');
    expect(second.code, second.err).toBe(0);
    expect(second.report!.deleted.map((d) => d.path).sort()).toEqual(['assets/old-ABCD1234.js', 'img/retired.svg']);
    expect(await has('assets/old-ABCD1234.js')).toBe(false);
    expect(await has('img/retired.svg')).toBe(false);

    // By time: kept until --keep-for has passed since the first deploy that did not use it.
    expect((await deployCli(withOld, `s3://${name}`)).code).toBe(0);
    const options = (hours: number): DeployOptions => ({
      dir: v1,
      target: { bucket: name, prefix: '' },
      endpoint: s3.endpoint,
      maxDeletes: 256,
      concurrency: 4,
      grace: { deploys: 1, ms: 24 * 3_600_000 },
      now: () => new Date(Date.UTC(2030, 0, 1) + hours * 3_600_000),
    });
    expect((await deploy(options(0))).retained.map((r) => r.path)).toContain('assets/old-ABCD1234.js');
    const early = await deploy(options(23));
    expect(early.retained.find((r) => r.path === 'assets/old-ABCD1234.js')?.retiredAt).toBe('2030-01-01T00:00:00.000Z');
    expect(await has('assets/old-ABCD1234.js')).toBe(true);
    const late = await deploy(options(24));
    expect(late.ok).toBe(true);
    expect(late.deleted.map((d) => d.path).sort()).toEqual(['assets/old-ABCD1234.js', 'img/retired.svg']);
    expect(await has('assets/old-ABCD1234.js')).toBe(false);
  }, 60_000);

  it('--max-deletes stops a deploy that would delete more, before it changes anything, even with --force; a higher one goes ahead', async () => {
    const name = await bucket('max-deletes');
    expect((await deployCli(v1, `s3://${name}`)).code).toBe(0);
    const fewer = join(work, 'v1-fewer-pages');
    cpSync(v1, fewer, { recursive: true });
    const removed = ['alternatives/alternative-to-icoda/index.html', 'alternatives/alternative-to-crypto-promoters-global/index.html', 'thread/index.html'];
    for (const page of removed) rmSync(join(fewer, page));
    writeFileSync(join(fewer, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const before = await listing(s3.client, name);

    const stopped = await deployCli(fewer, `s3://${name}`, '--max-deletes', '2');
    expect(stopped.code).toBe(1);
    expect(stopped.err).toMatch(/would delete 3 objects \(3 pages no longer in the site, 0 files past their grace period\), more than --max-deletes 2\. Nothing was changed\./);
    expect(await listing(s3.client, name)).toEqual(before);

    const forced = await deployCli(fewer, `s3://${name}`, '--max-deletes', '2', '--force');
    expect(forced.code).toBe(1);
    expect(forced.err).toMatch(/more than --max-deletes 2\. Nothing was changed\. Check that the folder is the site you mean to publish, then run again with --max-deletes 3\.$/m);
    expect(await listing(s3.client, name)).toEqual(before);

    const allowed = await deployCli(fewer, `s3://${name}`, '--max-deletes', '3');
    expect(allowed.code, allowed.err).toBe(0);
    expect(allowed.report!.deleted.map((d) => d.path).sort()).toEqual([...removed].sort());
    expect(allowed.report!.uploaded.map((u) => u.path)).toEqual(['robots.txt']);
    const after = await listing(s3.client, name);
    for (const page of removed) expect(after.has(page)).toBe(false);
  }, 60_000);

  it('refuses wrong usage and a folder that is no built site', async () => {
    expect((await cli('deploy', '-d', v1)).code).toBe(2); // no --target
    const wrong = await cli('deploy', '-d', v1, '--target', 'https://bucket');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/--target must look like s3:\/\/BUCKET/);
    expect((await cli('deploy', '-d', v1, '--target', 's3://site', '--max-deletes', '-1')).code).toBe(2);
    expect((await cli('deploy', '-d', v1, '--target', 's3://site', '--keep-for', 'a week')).code).toBe(2);
    const notSite = await cli('deploy', '-d', fixtures, '--target', 's3://site', '--endpoint', s3.endpoint);
    expect(notSite.code).toBe(1);
    expect(notSite.err).toMatch(/There is no built site in .*run `storefront build` first/);
    const noBucket = await cli('deploy', '-d', v1, '--target', 's3://no-such-bucket', '--endpoint', s3.endpoint);
    expect(noBucket.code).toBe(1);
    expect(noBucket.err).toMatch(/There is no bucket "no-such-bucket"/);
  }, 60_000);
});

describe('a deploy owns only what it uploaded', () => {
  const put = (name: string, key: string, body: string) => s3.client.send(new PutObjectCommand({ Bucket: name, Key: key, Body: body, ContentType: 'text/html' }));
  const under = (objects: Map<string, string>, prefix: string) => new Map([...objects].filter(([key]) => key.startsWith(prefix)));

  it('a deploy to a prefix and one to the root of the same bucket leave each other intact', async () => {
    const name = await bucket('prefixes');
    expect((await deployCli(v1, `s3://${name}/staging`)).code).toBe(0);
    const staging = under(await listing(s3.client, name), 'staging/');
    expect(staging.size).toBe(published(v1).size + 1);

    const root = await deployCli(v2, `s3://${name}`);
    expect(root.code, root.err).toBe(0);
    expect(root.report!.deleted).toEqual([]);
    expect(root.report!.warnings.join('\n')).toMatch(/Left alone s3:\/\/prefixes\/staging\/: another deploy publishes a site of its own there/);
    expect(under(await listing(s3.client, name), 'staging/')).toEqual(staging);

    const rootObjects = new Map([...(await listing(s3.client, name))].filter(([key]) => !key.startsWith('staging/')));
    const again = await deployCli(v2, `s3://${name}/staging`);
    expect(again.code, again.err).toBe(0);
    expect(new Map([...(await listing(s3.client, name))].filter(([key]) => !key.startsWith('staging/')))).toEqual(rootObjects);
  }, 60_000);

  it("a deploy into a prefix where the root's site has files stops; forced, it deletes none of them", async () => {
    const name = await bucket('outer');
    expect((await deployCli(v1, `s3://${name}`)).code).toBe(0);
    const before = await listing(s3.client, name);
    const rootsUnder = [...before.keys()].filter((key) => key.startsWith('service/'));
    expect(rootsUnder.length).toBeGreaterThan(0);

    const stopped = await deployCli(v2, `s3://${name}/service`);
    expect(stopped.code).toBe(1);
    expect(stopped.err).toMatch(/This target lies inside the site that the deploy to s3:\/\/outer\/ publishes: its manifest records \d+ files here\. Nothing was changed\./);
    expect(await listing(s3.client, name)).toEqual(before);

    const forced = await deployCli(v2, `s3://${name}/service`, '--force', '--delete-foreign');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.report!.warnings.join('\n')).toMatch(/Wrote into the site that the deploy to s3:\/\/outer\/ publishes/);
    expect(forced.report!.deleted).toEqual([]);
    expect(forced.report!.foreign).toEqual([]);
    const after = await listing(s3.client, name);
    for (const key of rootsUnder) expect(after.has(key), key).toBe(true);
  }, 60_000);

  it("an outer site's manifest this storefront cannot read stops a deploy under it, without the advice to delete it", async () => {
    const name = await bucket('outer-unread');
    await put(name, '.storefront-deploy.json', '{"version":2,"deploys":[],"objects":{}}');
    const stopped = await deployCli(v1, `s3://${name}/www`);
    expect(stopped.code).toBe(1);
    expect(stopped.err).toMatch(/The deploy manifest s3:\/\/outer-unread\/\.storefront-deploy\.json, the record of the site deployed to s3:\/\/outer-unread\/, is not one this storefront reads \(.*\), so it cannot tell whether this target lies inside that site\. Nothing was changed\./);
    expect(stopped.err).not.toMatch(/Delete it/);
    expect([...(await listing(s3.client, name)).keys()]).toEqual(['.storefront-deploy.json']);
  }, 60_000);

  it('a hand-placed object survives every deploy and is named once', async () => {
    const name = await bucket('hand-placed');
    expect((await deployCli(v1, `s3://${name}`)).code).toBe(0);
    await put(name, 'google0123456789abcdef.html', 'google-site-verification: google0123456789abcdef.html');
    await put(name, 'downloads/brochure.pdf', '%PDF-1.4');
    const first = await deployCli(v2, `s3://${name}`);
    expect(first.code, first.err).toBe(0);
    expect(first.report!.deleted).toEqual([]);
    expect(first.report!.foreign).toEqual(['downloads/brochure.pdf', 'google0123456789abcdef.html']);
    expect(first.report!.warnings.join('\n')).toMatch(/Left alone 2 objects under s3:\/\/hand-placed\/ that no deploy wrote .*: downloads\/brochure\.pdf, google0123456789abcdef\.html\. They stay; --delete-foreign deletes them/);
    const second = await deployCli(v1, `s3://${name}`, '--keep-deploys', '1', '--keep-for', '0');
    expect(second.code, second.err).toBe(0);
    expect(second.report!.warnings.join('\n')).not.toMatch(/google0123456789abcdef/);
    expect(second.report!.warnings.join('\n')).toMatch(/Left alone 2 objects .* named in earlier deploys/);
    const objects = await listing(s3.client, name);
    expect(objects.has('google0123456789abcdef.html')).toBe(true);
    expect(objects.has('downloads/brochure.pdf')).toBe(true);

    const removed = await deployCli(v1, `s3://${name}`, '--delete-foreign');
    expect(removed.code, removed.err).toBe(0);
    expect(removed.report!.deleted.map((d) => d.path).sort()).toEqual(['downloads/brochure.pdf', 'google0123456789abcdef.html']);
  }, 60_000);

  it("publishes the site's public/ files, .well-known/ among them, with their types, and keeps what it did not upload", async () => {
    const folder = join(work, 'with-public');
    cpSync(join(fixtures, 'valid'), join(folder, 'catalogue'), { recursive: true });
    const files: [string, string, string][] = [
      ['google0123456789abcdef.html', 'google-site-verification: google0123456789abcdef.html\n', 'text/html'],
      ['.well-known/security.txt', 'Contact: mailto:security@example.com\n', 'text/plain'],
      ['files/price-list.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf'],
    ];
    for (const [path, content] of files) {
      mkdirSync(join(folder, 'public', path, '..'), { recursive: true });
      writeFileSync(join(folder, 'public', path), content);
    }
    const out = join(folder, 'dist');
    const built = await cli('build', '-c', join(folder, 'catalogue'), '-o', out, '--deploy-dir', join(folder, 'deploy'));
    expect(built.code, built.err).toBe(0);
    const name = await bucket('with-public');
    await put(name, 'ads.txt', 'placed by hand');
    const result = await deployCli(out, `s3://${name}`);
    expect(result.code, result.err).toBe(0);
    expect(result.report!.foreign).toEqual(['ads.txt']);
    for (const [path, content, type] of files) {
      const object = await s3.client.send(new GetObjectCommand({ Bucket: name, Key: path }));
      expect(object.ContentType, path).toMatch(new RegExp(`^${type}`));
      expect(await object.Body!.transformToString(), path).toBe(content);
    }
    expect(site(await listing(s3.client, name)).filter((key) => key !== 'ads.txt')).toEqual([...published(out).keys()].sort());
    expect((await deployCli(out, `s3://${name}`)).report!.deleted).toEqual([]);
    expect((await listing(s3.client, name)).has('ads.txt')).toBe(true);
  }, 60_000);

  it('refuses a folder storefront did not build, and never uploads dotfiles', async () => {
    const name = await bucket('foreign-folder');
    expect((await deployCli(v1, `s3://${name}`)).code).toBe(0);
    const before = await listing(s3.client, name);
    const folder = join(work, 'not-a-build');
    mkdirSync(join(folder, '.git'), { recursive: true });
    writeFileSync(join(folder, 'index.html'), '<!doctype html><title>x</title>');
    cpSync(join(v1, '_headers'), join(folder, '_headers'));
    writeFileSync(join(folder, '.env'), 'SECRET=1\n');
    writeFileSync(join(folder, '.git', 'config'), '[core]\n');
    const refused = await deployCli(folder, `s3://${name}`);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/was not written by `storefront build` \(it has no \.storefront-build file\)/);
    expect(await listing(s3.client, name)).toEqual(before);

    // Forced, it still publishes no dotfile; the deletions it would make are then the maintainer's call.
    const forced = await deployCli(folder, `s3://${name}/other`, '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.report!.uploaded.map((u) => u.path)).toEqual(['index.html']);
    expect(forced.report!.warnings.join('\n')).toMatch(/Left out 2 files whose name or folder starts with a dot, which a deploy never publishes: \.env, \.git\/config/);
  }, 60_000);

  // Deployed with exit 0 and a warning a page, and the stylesheet, no longer in the site, was deleted from the bucket
  // once its grace period was over: 19 live pages without their styles.
  it('refuses a folder that lacks a file its pages name, in the format asked for; --force deploys it with a warning', async () => {
    const name = await bucket('incomplete');
    expect((await deployCli(v1, `s3://${name}`)).code).toBe(0);
    const before = await listing(s3.client, name);
    const incomplete = join(work, 'v1-without-a-stylesheet');
    cpSync(v1, incomplete, { recursive: true });
    const stylesheet = readdirSync(join(incomplete, 'assets')).find((f) => f.endsWith('.css'))!;
    for (const file of readdirSync(join(incomplete, 'assets')).filter((f) => f.startsWith(stylesheet))) rmSync(join(incomplete, 'assets', file));
    const refused = await deployCli(incomplete, `s3://${name}`);
    expect(refused.code).toBe(1);
    expect(refused.report!.ok).toBe(false);
    expect(refused.report!.error).toMatch(new RegExp(`^\\S+ lacks a file that its pages name: /assets/${stylesheet.replace(/[.]/g, '\\.')} \\(named by .*\\)\\. A build writes them all.*or pass --force to deploy it as it is\\.\\nNothing was changed\\.$`));
    expect(await listing(s3.client, name)).toEqual(before);
    const forced = await deployCli(incomplete, `s3://${name}`, '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.report!.warnings.join('\n')).toContain(`/assets/${stylesheet}, which is not in the site.`);
  }, 60_000);

  it('never blocks on a FIFO in the folder: one named index.html is no site, another is skipped', async () => {
    const name = await bucket('fifo');
    const fifoSite = join(work, 'fifo-index');
    mkdirSync(fifoSite);
    cpSync(join(v1, '_headers'), join(fifoSite, '_headers'));
    execFileSync('mkfifo', [join(fifoSite, 'index.html')]);
    const refused = await deployCli(fifoSite, `s3://${name}`);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/There is no built site in/);

    const withFifo = join(work, 'v1-with-fifo');
    cpSync(v1, withFifo, { recursive: true });
    execFileSync('mkfifo', [join(withFifo, 'pipe')]);
    const deployed = await deployCli(withFifo, `s3://${name}`);
    expect(deployed.code, deployed.err).toBe(0);
    expect(deployed.report!.warnings).toContain('pipe is not a regular file (a FIFO, socket or device): skipped.');
  }, 60_000);

  it('a deploy that would delete 30 % of a 128-page site stops before changing anything', async () => {
    const name = await bucket('share');
    const example = join(work, 'example');
    const built = await cli('build', '-c', join(fixtures, '..', '..', 'examples/agency/catalogue'), '-o', example, '--deploy-dir', join(work, 'deploy-example'), '--no-cache');
    expect(built.code, built.err).toBe(0);
    const pages = [...published(example).keys()].filter((path) => path.endsWith('index.html'));
    expect(pages.length).toBe(128);
    expect((await deployCli(example, `s3://${name}`)).code).toBe(0);
    const before = await listing(s3.client, name);

    const fewer = join(work, 'example-fewer');
    cpSync(example, fewer, { recursive: true });
    const removed = pages.filter((path) => path.startsWith('service/')).slice(0, 36);
    for (const page of removed) rmSync(join(fewer, page));
    const stopped = await deployCli(fewer, `s3://${name}`);
    expect(stopped.code).toBe(1);
    expect(stopped.err).toMatch(/would delete 36 of the \d+ pages the last deploy published \(\d+ %\), more than 10 %\. Nothing was changed/);
    expect(await listing(s3.client, name)).toEqual(before);
  }, 120_000);

  it('prints each phase as it goes', async () => {
    const name = await bucket('phases');
    const text = await cli('deploy', '-d', v1, '--target', `s3://${name}`, '--endpoint', s3.endpoint);
    expect(text.code, text.err).toBe(0);
    const lines = text.err.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Read the site: \d+ files to publish/);
    expect(lines[1]).toBe('Listed s3://phases/: 0 objects, no earlier deploy.');
    expect(lines[2]).toMatch(/^Deploy 1: \d+ to upload, 0 unchanged, 0 to delete\.$/);
    expect(lines.filter((line) => /^Uploaded \d+ of \d+ \(step \d+ of \d+: /.test(line)).length).toBeGreaterThan(2);
    expect(lines.at(-1)).toBe('Recorded deploy 1.');
  }, 60_000);
});

describe('one deploy at a time', () => {
  const LOCK = '.storefront-deploy.lock';
  const lockOf = (host: string, expiresInMs: number, leaseMs?: number) =>
    JSON.stringify({ id: 'elsewhere', host, pid: 4242, started: new Date(Date.now() - 60_000).toISOString(), expires: new Date(Date.now() + expiresInMs).toISOString(), leaseMs });
  const putLock = (name: string, key: string, body: string) => s3.client.send(new PutObjectCommand({ Bucket: name, Key: key, Body: body, ContentType: 'application/json' }));

  it('a second deploy while one runs stops before changing anything; the first ends and releases the lock', async () => {
    const name = await bucket('overlap');
    const options = (dir: string, onStep?: DeployOptions['onStep']): DeployOptions => ({ dir, target: { bucket: name, prefix: '' }, endpoint: s3.endpoint, concurrency: 1, grace: { deploys: 1, ms: 0 }, onStep });
    let second: DeployResult | undefined;
    let seen: Map<string, string> | undefined;
    const first = await deploy(
      options(v1, async () => {
        if (second) return;
        seen = await listing(s3.client, name);
        second = await deploy(options(v2));
      }),
    );
    expect(first.ok, first.error).toBe(true);
    expect(second!.ok).toBe(false);
    expect(second!.error).toMatch(new RegExp(`^Another deploy to s3://${name}/ is running: started .+ on ${hostname()} \\(process ${process.pid}\\)\\. Wait for it to end, then deploy again\\.[^\\n]+runs out at .+\\nNothing was changed\\.$`));
    expect(second!.uploaded).toEqual([]);
    expect(seen!.has(LOCK)).toBe(true);
    const objects = await listing(s3.client, name);
    expect(objects.has(LOCK)).toBe(false);
    expect(site(objects)).toEqual([...published(v1).keys()].sort());
    const after = await deploy(options(v2));
    expect(after.ok, after.error).toBe(true);
    expect(after.uploaded.map((u) => u.path)).toEqual([CHANGED_PAGE]);
  }, 60_000);

  it('stops before its first write, its record included, once half its lease has passed without a renewal', async () => {
    const name = await bucket('stalled');
    const target = { bucket: name, prefix: '' };
    const store = s3Store({ target, endpoint: s3.endpoint });
    // The bucket's listing takes longer than half the lease (as seen by the deploy's clock), and no renewal came.
    let stalled = false;
    const slow = { ...store, list: async () => ((stalled = true), store.list()) };
    const start = Date.now();
    const result = await deploy({ dir: v1, target, endpoint: s3.endpoint, concurrency: 1, grace: { deploys: 1, ms: 0 }, store: slow, now: () => new Date(start + (stalled ? LEASE_MS : 0)) });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/could not renew its lock on s3:\/\/stalled\/ for half its lease/);
    expect(result.uploaded).toEqual([]);
    expect([...(await listing(s3.client, name)).keys()]).not.toContain('.storefront-deploy.json');
  }, 60_000);

  it("stops while another machine's lock stands, takes one whose lease ran out, and knows a nested deploy by its lock", async () => {
    const name = await bucket('locked');
    await putLock(name, LOCK, lockOf('ci-runner-7', 60_000));
    const stopped = await deployCli(v1, `s3://${name}`);
    expect(stopped.code).toBe(1);
    expect(stopped.report!.error).toMatch(/^Another deploy to s3:\/\/locked\/ is running: started .+ UTC on ci-runner-7 \(process 4242\)\./);
    expect([...(await listing(s3.client, name)).keys()]).toEqual([LOCK]);
    const dry = await deployCli(v1, `s3://${name}`, '--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.report!.warnings).toContainEqual(expect.stringMatching(/^Another deploy to s3:\/\/locked\/ is running: .+ This plan may be out of date once it ends\.$/));

    // A lease of a millisecond, out once the bucket's clock (to the second) has moved on from the lock's write.
    await putLock(name, LOCK, lockOf('ci-runner-7', -1_000, 1));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // A first deploy to blog/ is running: it has a lock there and no manifest yet.
    await putLock(name, `blog/${LOCK}`, lockOf('ci-runner-8', 60_000));
    const taken = await deployCli(v1, `s3://${name}`);
    expect(taken.code, taken.err).toBe(0);
    expect(taken.report!.foreign).toEqual([]);
    expect(taken.report!.warnings).toContain(`Left alone s3://${name}/blog/: another deploy publishes a site of its own there.`);
    const objects = await listing(s3.client, name);
    expect(objects.has(LOCK)).toBe(false);
    expect(objects.has(`blog/${LOCK}`)).toBe(true);
  }, 60_000);
});

describe('a lock written by a machine whose clock is wrong', () => {
  it("stands for its lease by the bucket's clock, though the time it names has passed by this machine's", async () => {
    const name = await bucket('skewed');
    // Written now by a machine whose clock runs ten minutes behind: by the time it names, its lease ran out.
    const behind = Date.now() - 10 * 60_000;
    const lock = { id: 'elsewhere', host: 'ci-runner-9', pid: 4242, started: new Date(behind).toISOString(), expires: new Date(behind + LEASE_MS).toISOString() };
    await s3.client.send(new PutObjectCommand({ Bucket: name, Key: '.storefront-deploy.lock', Body: JSON.stringify(lock), ContentType: 'application/json' }));
    const stopped = await deployCli(v1, `s3://${name}`);
    expect(stopped.code).toBe(1);
    expect(stopped.report!.error).toMatch(/^Another deploy to s3:\/\/skewed\/ is running: .+ on ci-runner-9 \(process 4242\)\./);
    expect([...(await listing(s3.client, name)).keys()]).toEqual(['.storefront-deploy.lock']);
  }, 60_000);
});

describe('an interrupted deploy', () => {
  it('leaves every page in the bucket naming only files that are there, and the next run finishes the job', async () => {
    const directory = join(work, 's3-interrupted');
    let server = await startS3(directory);
    await server.client.send(new CreateBucketCommand({ Bucket: 'site' }));
    const broken: string[] = [];
    let listings = 0;
    /** After every upload and deletion: the bucket as a visitor would find it. */
    const watch = (stopAfter?: (step: { action: string; kind?: string }, count: number) => boolean) => {
      let count = 0;
      return async (step: { action: string; kind?: string }) => {
        count++;
        if (stopAfter?.(step, count)) {
          await server.stop();
          return;
        }
        listings++;
        broken.push(...(await brokenReferences(server.client, 'site')));
      };
    };
    const options = (dir: string, onStep: DeployOptions['onStep']): DeployOptions => ({
      dir,
      target: { bucket: 'site', prefix: '' },
      endpoint: server.endpoint,
      maxDeletes: 256,
      concurrency: 4,
      grace: { deploys: 1, ms: 0 },
      maxAttempts: 1,
      onStep,
    });
    const restart = async () => {
      server = await startS3(directory);
      broken.push(...(await brokenReferences(server.client, 'site')));
    };

    // A first deploy cut off among the assets.
    const cut = await deploy(options(v1, watch((_, count) => count === 20)));
    expect(cut.ok).toBe(false);
    expect(cut.error).toMatch(/stopped part-way[\s\S]*run the deploy again/);
    await restart();
    const resumed = await deploy(afterLease(options(v1, watch())));
    expect(resumed.ok, resumed.error).toBe(true);
    expect(resumed.uploaded.length).toBeLessThan(published(v1).size);
    expect(resumed.uploaded.length + resumed.skipped.files).toBe(published(v1).size);

    // An update cut off among the pages, with a page removed from the site and an asset it no longer uses.
    const next = join(work, 'v2-interrupted');
    cpSync(v2, next, { recursive: true });
    rmSync(join(next, 'thread', 'index.html'));
    // The theme's stylesheet: only pages name it (the kinds' stylesheets are also in the client loader).
    const styles = readdirSync(join(next, 'assets')).find((file) => /^theme-.*\.css$/.test(file))!;
    const renamed = styles.replace('theme-', 'theme-NEW');
    cpSync(join(next, 'assets', styles), join(next, 'assets', renamed));
    rmSync(join(next, 'assets', styles));
    for (const page of [...published(next).keys()].filter((p) => p.endsWith('.html'))) {
      const file = join(next, page);
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`/assets/${styles}`, `/assets/${renamed}`));
    }
    const cutAgain = await deploy(options(next, watch((step) => step.action === 'upload' && step.kind === 'page')));
    expect(cutAgain.ok).toBe(false);
    await restart();
    expect((await listing(server.client, 'site')).has(`assets/${styles}`)).toBe(true);
    const finished = await deploy(afterLease(options(next, watch())));
    expect(finished.ok, finished.error).toBe(true);
    expect(finished.deleted.map((d) => d.path).sort()).toEqual([`assets/${styles}`, 'thread/index.html']);

    const objects = await listing(server.client, 'site');
    const expected = published(next);
    expect(site(objects)).toEqual([...expected.keys()].sort());
    for (const path of expected.keys()) expect(objects.get(path), path).toBe(md5(next, path));
    expect(listings).toBeGreaterThan(50);
    expect(broken).toEqual([]);
    await server.stop();
  }, 120_000);

  it('invalidates on the CDN what a cut-off run replaced, and again what the CDN refused', async () => {
    const directory = join(work, 's3-cdn');
    let server = await startS3(directory);
    await server.client.send(new CreateBucketCommand({ Bucket: 'site' }));
    const sent: string[][] = [];
    let refuse = false;
    const invalidator = {
      send: async (command: { input: { InvalidationBatch?: { Paths?: { Items?: string[] } } } }) => {
        if (refuse) throw new Error('Throttled');
        sent.push(command.input.InvalidationBatch!.Paths!.Items!);
        return { Invalidation: { Id: `I${sent.length}` } };
      },
    };
    // One attempt a request for the run cut off (the server stopped under it); the SDK's three for the others, which
    // a busy machine's slow answer would otherwise fail.
    const options = (dir: string, onStep?: DeployOptions['onStep']): DeployOptions => ({ dir, target: { bucket: 'site', prefix: '' }, endpoint: server.endpoint, maxDeletes: 256, concurrency: 1, grace: { deploys: 1, ms: 0 }, maxAttempts: onStep ? 1 : 3, cloudfrontDistribution: 'E123', invalidator: invalidator as DeployOptions['invalidator'], onStep });
    const first = await deploy(options(v1));
    expect(first.ok, first.error).toBe(true);
    // The next site replaces an image (kept by name, so cached on the edge) and its pages.
    const next = join(work, 'v1-new-image');
    cpSync(v1, next, { recursive: true });
    const image = readdirSync(join(next, 'img'), { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('.svg'))!;
    writeFileSync(join(next, 'img', image), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="2" height="2"/></svg>\n');
    const cut = await deploy(options(next, async (step) => (step.action === 'upload' ? server.stop() : undefined)));
    expect(cut.uploaded.map((u) => u.path)).toEqual([`img/${image}`]);
    server = await startS3(directory);
    sent.length = 0;
    const resumed = await deploy(afterLease(options(next)));
    expect(resumed.ok, resumed.error).toBe(true);
    expect(resumed.uploaded.map((u) => u.path)).not.toContain(`img/${image}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`/img/${image.split('/').map(encodeURIComponent).join('/')}`);

    // Refused by the CDN: the next deploy, with nothing to upload, asks again; the one after has nothing to ask.
    writeFileSync(join(next, 'img', image), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="3" height="3"/></svg>\n');
    refuse = true;
    const refused = await deploy(options(next));
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^The site is deployed, but CloudFront did not take the invalidation: .*the next deploy asks again\.$/);
    refuse = false;
    sent.length = 0;
    // A deploy without the distribution keeps what is pending for one that has it.
    const withoutCdn = await deploy({ ...options(next), cloudfrontDistribution: undefined });
    expect(withoutCdn.ok, withoutCdn.error).toBe(true);
    const again = await deploy(options(next));
    expect(again.ok, again.error).toBe(true);
    expect(again.uploaded).toEqual([]);
    expect(sent).toEqual([refused.invalidation!.paths]);
    expect((await deploy(options(next))).invalidation).toBeUndefined();
    expect(sent).toHaveLength(1);
    await server.stop();
  }, 120_000);

  it('cut off while it only deletes, says what it already deleted rather than "Nothing was changed"', async () => {
    const directory = join(work, 's3-cut-deleting');
    let server = await startS3(directory);
    await server.client.send(new CreateBucketCommand({ Bucket: 'site' }));
    const options = (dir: string, onStep?: DeployOptions['onStep']): DeployOptions => ({ dir, target: { bucket: 'site', prefix: '' }, endpoint: server.endpoint, maxDeletes: 256, concurrency: 1, grace: { deploys: 1, ms: 0 }, maxAttempts: 1, onStep });
    expect((await deploy(options(v1))).ok).toBe(true);
    const fewer = join(work, 'v1-without-thread');
    cpSync(v1, fewer, { recursive: true });
    rmSync(join(fewer, 'thread', 'index.html'));
    const cut = await deploy(options(fewer, async (step) => (step.action === 'delete' ? server.stop() : undefined)));
    expect(cut.uploaded).toEqual([]);
    expect(cut.deleted.map((d) => d.path)).toEqual(['thread/index.html']);
    expect(cut.error).toMatch(/stopped part-way \(1 object already deleted\)[\s\S]*run the deploy again/);
    expect(cut.error).not.toMatch(/Nothing was changed/);
    server = await startS3(directory);
    expect((await listing(server.client, 'site')).has('thread/index.html')).toBe(false);
    await server.stop();
  }, 120_000);
});
