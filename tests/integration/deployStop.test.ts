// A deploy whose lock is lost (deploy/lock.ts) stops its requests: one the bucket has not answered is cut off,
// and none starts after, so that none lands once another deploy may hold the lock. Against a bucket that takes
// requests and never answers them, as a stalled network does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LockError } from '../../src/deploy/lock.ts';
import { s3Client, s3Store } from '../../src/deploy/s3.ts';
import { parseTarget } from '../../src/deploy/target.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-deploy-stop-'));
const requests: string[] = [];
/** The connections of requests the bucket has not answered. */
const open = new Set<Socket>();
const silent = createServer((request) => {
  requests.push(`${request.method} ${request.url?.split('?')[0]}`);
  open.add(request.socket);
  request.socket.on('close', () => open.delete(request.socket));
  request.resume();
});
let endpoint = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe("a deploy's requests once its lock is lost", () => {
  it('are cut off when unanswered, and none starts after', async () => {
    writeFileSync(join(work, 'index.html'), '<!doctype html><title>Home</title>');
    const options = { target: parseTarget('s3://site'), endpoint, maxAttempts: 3 };
    const client = s3Client(options);
    client.config.credentials = async () => ({ accessKeyId: 'key', secretAccessKey: 'secret' });
    const store = s3Store(options, client);
    const lost = new AbortController();
    store.stopOn!(lost.signal);
    const file = { path: 'index.html', size: 34, sha256: '', md5: '0'.repeat(32), contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache', kind: 'page' as const, refs: [] };
    const upload = store.upload(file, work);
    const outcome = upload.then(() => 'answered', (error: unknown) => error);
    await vi.waitFor(() => expect(open.size).toBe(1), { timeout: 30_000, interval: 10 });
    lost.abort(new LockError('Another deploy took over the lock.'));
    await expect(outcome).resolves.toBeInstanceOf(Error);
    await vi.waitFor(() => expect(open.size).toBe(0), { timeout: 30_000, interval: 10 });
    const before = requests.length;
    await expect(store.delete('old/index.html')).rejects.toBeDefined();
    await expect(store.list()).rejects.toBeDefined();
    expect(requests.length).toBe(before);
    expect(requests).toEqual(['PUT /site/index.html']);
  }, 60_000);
});
