// The deploy lock (src/deploy/lock.ts) against an in-memory bucket that either checks a write's condition, as
// S3, MinIO and R2 do, or ignores it, as some S3-compatible stores do.
import { describe, expect, it, vi } from 'vitest';
import { LockError, lockStands, parseLock, processTable, takeLock, type DeployLock, type LockRead, type LockStore } from '../../src/deploy/lock.ts';

/** A bucket that holds one lock object; every call yields first, so that concurrent calls interleave. */
function memoryStore({ checksConditions }: { checksConditions: boolean }) {
  let object: LockRead | undefined;
  let version = 0;
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const store: LockStore & { failing: boolean; writes: number } = {
    failing: false,
    writes: 0,
    async readLock() {
      await tick();
      if (store.failing) throw new Error('connect ECONNREFUSED');
      return object && { ...object, lock: { ...object.lock } };
    },
    async writeLock(lock, etag) {
      await tick();
      if (store.failing) throw new Error('connect ECONNREFUSED');
      if (checksConditions && (etag === undefined ? object !== undefined : object?.etag !== etag)) return false;
      store.writes++;
      object = { lock, etag: `v${++version}` };
      return object.etag;
    },
    async deleteLock() {
      await tick();
      object = undefined;
    },
  };
  // `ageMs`: how long ago the store says the lock was written (none: a store that gives no dates).
  return { store, held: () => object?.lock, put: (lock: DeployLock, ageMs?: number) => (object = { lock, etag: `v${++version}`, ...(ageMs !== undefined && { ageMs }) }) };
}

const T0 = new Date('2026-11-29T10:00:00.000Z');
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const TARGET = 's3://site/';
const elsewhere = (expires: Date): DeployLock => ({ id: 'other', host: 'ci-runner-7', pid: 4242, started: T0.toISOString(), expires: expires.toISOString() });

describe('the deploy lock', () => {
  it('is taken when free, held while the deploy runs, and gone once released', async () => {
    const { store, held } = memoryStore({ checksConditions: true });
    const lock = await takeLock(store, TARGET, { now: at(0) });
    expect(held()).toMatchObject({ pid: process.pid, started: '2026-11-29T10:00:00.000Z', expires: '2026-11-29T10:02:00.000Z' });
    expect(() => lock.check()).not.toThrow();
    await lock.release();
    expect(held()).toBeUndefined();
  });

  it('stops a second deploy, naming the first and when its lock runs out', async () => {
    const { store, put } = memoryStore({ checksConditions: true });
    put(elsewhere(new Date(T0.getTime() + 120_000)));
    const taking = takeLock(store, TARGET, { now: at(30_000) });
    await expect(taking).rejects.toBeInstanceOf(LockError);
    await expect(taking).rejects.toThrow(
      'Another deploy to s3://site/ is running: started 2026-11-29 10:00:00 UTC on ci-runner-7 (process 4242). Wait for it to end, then deploy again. Should that deploy have stopped without ending, its lock runs out at 2026-11-29 10:02:00 UTC; if you know it has stopped, delete s3://site/.storefront-deploy.lock and deploy again.',
    );
    expect(store.writes).toBe(0);
  });

  it('takes over a lock whose lease ran out, and one left on this machine by a process that has ended', async () => {
    const { store, put, held } = memoryStore({ checksConditions: true });
    put(elsewhere(new Date(T0.getTime() + 120_000)));
    const afterLease = await takeLock(store, TARGET, { now: at(120_000) });
    expect(held()?.pid).toBe(process.pid);
    await afterLease.release();

    put({ ...elsewhere(new Date(T0.getTime() + 120_000)), host: 'laptop', pid: 99_999_999, processes: processTable() });
    const afterExit = await takeLock(store, TARGET, { now: at(1_000), host: 'laptop' });
    expect(held()?.pid).toBe(process.pid);
    await afterExit.release();
    // The same process number on another machine, or in a container of the same name with a process table of its
    // own, says nothing about that process.
    const gone = { ...elsewhere(new Date(T0.getTime() + 120_000)), pid: 99_999_999 };
    expect(lockStands({ lock: gone, etag: 'v1' }, at(1_000)(), 'laptop')).toBe(true);
    expect(lockStands({ lock: { ...gone, host: 'laptop', processes: 'pid:[1]' }, etag: 'v1' }, at(1_000)(), 'laptop', 'pid:[2]')).toBe(true);
    expect(lockStands({ lock: { ...gone, host: 'laptop', processes: 'pid:[1]' }, etag: 'v1' }, at(1_000)(), 'laptop', 'pid:[1]')).toBe(false);
  });

  it.each([true, false])('lets one of two deploys that start at once through (store checks conditions: %s)', async (checksConditions) => {
    const { store, held } = memoryStore({ checksConditions });
    const results = await Promise.allSettled([takeLock(store, TARGET, { now: at(0) }), takeLock(store, TARGET, { now: at(0) })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(refused.reason).toBeInstanceOf(LockError);
    expect(held()).toBeDefined();
  });

  it('renews its lease, and stops the deploy once another deploy has taken the lock over', async () => {
    const { store, held, put } = memoryStore({ checksConditions: false });
    // Renewed on the real timer; the lock's clock counts renewals only (check() reads it).
    let time = T0.getTime();
    const lock = await takeLock(store, TARGET, { now: () => new Date((time += 1)), leaseMs: 40 });
    const first = held()!.expires;
    await vi.waitFor(() => expect(held()!.expires).not.toBe(first), { timeout: 30_000, interval: 5 });
    expect(() => lock.check()).not.toThrow();
    // Another deploy found the lease over while this one stalled.
    put(elsewhere(new Date(Date.now() + 60_000)));
    await vi.waitFor(() => expect(() => lock.check()).toThrow(/took over the lock/), { timeout: 30_000, interval: 5 });
    await lock.release();
    expect(held()?.id).toBe('other');
  });

  it('stops the deploy once half its lease has passed without a renewal, whether the bucket refuses or never answers', async () => {
    for (const trouble of ['refuses', 'never answers'] as const) {
      const { store } = memoryStore({ checksConditions: true });
      let time = T0.getTime();
      const lock = await takeLock(store, TARGET, { now: () => new Date(time), leaseMs: 40 });
      if (trouble === 'refuses') store.failing = true;
      else store.readLock = () => new Promise(() => {});
      time += 20;
      expect(() => lock.check()).not.toThrow();
      time += 1;
      expect(() => lock.check()).toThrow(/could not renew its lock on s3:\/\/site\/ for half its lease/);
      await expect(lock.release()).resolves.toBeUndefined();
    }
  });

  it("aborts its signal, with the reason, once half its lease has passed without a renewal, though the renewal never returns", async () => {
    const { store } = memoryStore({ checksConditions: true });
    let time = T0.getTime();
    const lock = await takeLock(store, TARGET, { now: () => new Date(time), leaseMs: 40 });
    store.readLock = () => new Promise(() => {});
    expect(lock.signal.aborted).toBe(false);
    time += 21;
    await vi.waitFor(() => expect(lock.signal.aborted).toBe(true), { timeout: 30_000, interval: 5 });
    expect(lock.signal.reason).toBeInstanceOf(LockError);
    expect((lock.signal.reason as LockError).message).toMatch(/could not renew its lock on s3:\/\/site\/ for half its lease/);
    await expect(lock.release()).resolves.toBeUndefined();
  });

  it('stops its renewal\'s request once the lock is lost, so that a bucket that never answers does not keep the process running', async () => {
    const { store } = memoryStore({ checksConditions: true });
    let time = T0.getTime();
    const lock = await takeLock(store, TARGET, { now: () => new Date(time), leaseMs: 40 });
    const asked: AbortSignal[] = [];
    store.readLock = (signal?: AbortSignal) => {
      if (signal) asked.push(signal);
      return new Promise(() => {});
    };
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
    expect(asked[0]!.aborted).toBe(false);
    time += 21;
    await vi.waitFor(() => expect(lock.signal.aborted).toBe(true), { timeout: 30_000, interval: 5 });
    expect(asked.every((signal) => signal.aborted)).toBe(true);
    await lock.release();
  });

  it('confirm reads the lock again: a late write of another deploy stops this one, on a store that ignores conditions', async () => {
    const { store, put } = memoryStore({ checksConditions: false });
    const lock = await takeLock(store, TARGET, { now: at(0) });
    await expect(lock.confirm()).resolves.toBeUndefined();
    // The other deploy's write, sent before this one took the lock, lands after this one read its own back.
    put(elsewhere(new Date(T0.getTime() + 120_000)));
    expect(() => lock.check()).not.toThrow();
    await expect(lock.confirm()).rejects.toThrow(/took over the lock/);
    expect(lock.signal.aborted).toBe(true);
    expect(() => lock.check()).toThrow(/took over the lock/);
    await lock.release();
  });

  it('tries a renewal once more when the bucket answers 409 (a write that raced another), and keeps the lock', async () => {
    const { store, held } = memoryStore({ checksConditions: true });
    let time = T0.getTime();
    const lock = await takeLock(store, TARGET, { now: () => new Date((time += 1)), leaseMs: 40 });
    const write = store.writeLock.bind(store);
    let refused = 0;
    store.writeLock = async (next, etag) => (refused++ === 0 ? false : write(next, etag));
    const first = held()!.expires;
    await vi.waitFor(() => expect(held()!.expires).not.toBe(first), { timeout: 30_000, interval: 5 });
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(() => lock.check()).not.toThrow();
    await lock.release();
  });

  it("judges another deploy's lease by the store's clock where the store gives one, not by the time the lock names", async () => {
    // Written 10 s ago by the store's clock, by a machine whose clock runs 10 minutes behind this one's.
    const behind = elsewhere(new Date(T0.getTime() - 8 * 60_000));
    expect(lockStands({ lock: behind, etag: 'v1' }, T0)).toBe(false);
    expect(lockStands({ lock: behind, etag: 'v1', ageMs: 10_000 }, T0)).toBe(true);
    const { store, put } = memoryStore({ checksConditions: true });
    put(behind, 10_000);
    await expect(takeLock(store, TARGET, { now: at(0) })).rejects.toThrow(/its lock runs out at 2026-11-29 10:01:50 UTC;/);
    // Written three minutes ago by a machine whose clock runs ahead: its lease is out.
    const ahead = elsewhere(new Date(T0.getTime() + 10 * 60_000));
    expect(lockStands({ lock: ahead, etag: 'v1' }, T0)).toBe(true);
    expect(lockStands({ lock: ahead, etag: 'v1', ageMs: 180_000 }, T0)).toBe(false);
    // The lease the lock names, where it names one.
    expect(lockStands({ lock: { ...ahead, leaseMs: 300_000 }, etag: 'v1', ageMs: 180_000 }, T0)).toBe(true);
    put(ahead, 180_000);
    const taken = await takeLock(store, TARGET, { now: at(0) });
    await taken.release();
  });

  it('reads only a lock it can trust', () => {
    const lock = elsewhere(T0);
    expect(parseLock(JSON.stringify(lock))).toEqual(lock);
    expect(parseLock(JSON.stringify({ ...lock, leaseMs: 120_000 }))).toEqual({ ...lock, leaseMs: 120_000 });
    expect(parseLock('{"id":"x"}')).toBeUndefined();
    expect(parseLock(JSON.stringify({ ...lock, expires: 'soon' }))).toBeUndefined();
    expect(parseLock(JSON.stringify({ ...lock, leaseMs: 'long' }))).toBeUndefined();
    expect(parseLock('not json')).toBeUndefined();
  });
});
