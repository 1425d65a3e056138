// One deploy at a time per target. Two deploys that overlap (CI and a maintainer's laptop, or two CI runs
// outside one concurrency group) each plan from the manifest they read first, so the one that ends last writes a
// manifest that forgets what the other uploaded, and may delete pages the other's site names.
//
// The lock is an object beside the manifest with a lease: the deploy that holds it renews it while it runs, and
// one that stopped without releasing it (killed, or cut off from the bucket) loses it when the lease runs out.
// Taking it is a conditional write where the store supports one (S3's If-None-Match and If-Match, MinIO, R2),
// and is read back afterwards for the stores that ignore the condition. There, a write that took long to land
// can still replace another deploy's lock after that one read its own back: the deploy reads it again before
// it deletes anything and before it writes its manifest, so that one of the two stops before either.
//
// A deploy that cannot renew its lease stops every request it has in flight (the lock's signal) well before the
// lease runs out, and starts no other, so that none lands once another deploy may hold the lock.
//
// Whether a lease has run out is judged by the store's clock where it says (the time since the lock object was
// last written), not by the time the lock names, which is its writer's: a machine whose clock runs minutes ahead
// of the writer's would otherwise take over a lock renewed seconds ago, and one whose clock is behind would wait
// that much longer for a lock left behind.
import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { LOCK_NAME } from './target.ts';

export interface DeployLock {
  id: string;
  host: string;
  pid: number;
  /** The process table the pid is from (Linux: the pid namespace), so that a container with the host's name does
   *  not judge another's process by its own table. */
  processes?: string;
  /** ISO times, by the writer's clock. */
  started: string;
  expires: string;
  /** How long the lock holds after each write, in ms (LEASE_MS when absent). */
  leaseMs?: number;
}

export interface LockRead {
  lock: DeployLock;
  /** What a conditional write must match to replace it. */
  etag: string;
  /** How long ago the lock object was last written, by the store's clock (its answer's date less the object's);
   *  absent where the store gives no dates. */
  ageMs?: number;
}

/** What the lock needs of the bucket (s3.ts). */
export interface LockStore {
  /** `signal`: stops the request (a renewal no longer wanted). */
  readLock(signal?: AbortSignal): Promise<LockRead | undefined>;
  /**
   * Writes the lock if its object is still the one read (`etag`), or is still absent (undefined). Resolves to the
   * new ETag, or to false when another deploy wrote it first (on a store that checks the condition).
   */
  writeLock(lock: DeployLock, etag: string | undefined, signal?: AbortSignal): Promise<string | false>;
  deleteLock(): Promise<void>;
}

/** The lock stops this deploy: the message says who holds it. */
export class LockError extends Error {
  override name = 'LockError';
}

/** How long a lock holds without being renewed; it is renewed four times as often. */
export const LEASE_MS = 120_000;

export function parseLock(text: string): DeployLock | undefined {
  try {
    const lock = JSON.parse(text) as Partial<DeployLock>;
    const valid =
      typeof lock.id === 'string' &&
      typeof lock.host === 'string' &&
      typeof lock.pid === 'number' &&
      !Number.isNaN(Date.parse(lock.started ?? '')) &&
      !Number.isNaN(Date.parse(lock.expires ?? '')) &&
      (lock.leaseMs === undefined || (typeof lock.leaseMs === 'number' && lock.leaseMs > 0));
    return valid ? (lock as DeployLock) : undefined;
  } catch {
    return undefined;
  }
}

/** This process's table of processes, where the system says (Linux). */
export const processTable = (): string | undefined => {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
};

const processGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

/** When the lock's lease runs out, in ms by this machine's clock at `now`: from its age by the store's clock,
 *  or, where the store gives none, from the time the lock names. */
const leaseEnd = ({ lock, ageMs }: LockRead, now: Date): number =>
  ageMs === undefined ? Date.parse(lock.expires) : now.getTime() + (lock.leaseMs ?? LEASE_MS) - Math.max(0, ageMs);

/**
 * Whether a lock still stands against a deploy starting at `now` on this machine: not when its lease has run
 * out, nor when it was taken on this machine by a process that no longer runs (a deploy stopped with Ctrl-C).
 * A lock this storefront cannot read stands until it expires by its object's age.
 */
export function lockStands(read: LockRead | undefined, now: Date, host = hostname(), processes = processTable()): boolean {
  if (!read) return false;
  if (leaseEnd(read, now) <= now.getTime()) return false;
  const { lock } = read;
  return !(lock.host === host && lock.processes === processes && processGone(lock.pid));
}

const shownTime = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
const shownMs = (ms: number) => shownTime(new Date(ms).toISOString());

/** Who holds the lock. */
export const describeLock = ({ lock }: LockRead, target: string) =>
  `Another deploy to ${target} is running: started ${shownTime(lock.started)} on ${lock.host}${lock.pid ? ` (process ${lock.pid})` : ''}.`;

/** The message that stops a second deploy at `now`. */
const heldBy = (read: LockRead, target: string, now: Date) =>
  `${describeLock(read, target)} Wait for it to end, then deploy again. Should that deploy have stopped without ending, its lock runs out at ${shownMs(leaseEnd(read, now))}; if you know it has stopped, delete ${target}${LOCK_NAME} and deploy again.`;

export interface HeldLock {
  /** Throws when another deploy took the lock over (this one stalled past its lease): stop before the next change. */
  check(): void;
  /** As check, after reading the lock from the bucket again: before a step that cannot be undone. */
  confirm(): Promise<void>;
  /** Aborted, with the LockError, once the lock is lost or half its lease has passed without a renewal. */
  readonly signal: AbortSignal;
  release(): Promise<void>;
}

interface LockOptions {
  now: () => Date;
  leaseMs?: number;
  host?: string;
}

/** Takes the target's lock, or throws a LockError naming the deploy that holds it. Renews it until released. */
export async function takeLock(store: LockStore, target: string, options: LockOptions): Promise<HeldLock> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const host = options.host ?? hostname();
  const started = options.now();
  const processes = processTable();
  const mine = (): DeployLock => ({ id, host, pid: process.pid, ...(processes && { processes }), started: started.toISOString(), expires: new Date(options.now().getTime() + leaseMs).toISOString(), leaseMs });
  const id = randomUUID();
  const found = await store.readLock();
  if (found && lockStands(found, started, host, processes)) throw new LockError(heldBy(found, target, started));
  const written = await store.writeLock(mine(), found?.etag);
  const after = await store.readLock();
  if (written === false || after?.lock.id !== id) throw new LockError(after ? heldBy(after, target, options.now()) : `Another deploy to ${target} took the lock at the same moment. Deploy again once it has ended.`);
  const clock = () => options.now().getTime();
  let renewedAt = clock();
  let lost: string | undefined;
  const stopped = new AbortController();
  // The renewals' own requests: stopped once the lock is lost or released, so that one the bucket never answers
  // does not keep the process running for minutes after the deploy has ended.
  const renewals = new AbortController();
  const lose = (message: string) => {
    lost ??= message;
    stopped.abort(new LockError(lost));
    renewals.abort(new LockError(lost));
  };
  const stalled = () => {
    if (clock() - renewedAt > leaseMs / 2) lose(`This deploy could not renew its lock on ${target} for half its lease (${leaseMs / 2000} s), and another deploy may take it over once the lease is out: it stopped.`);
  };
  const tookIt = `Another deploy to ${target} took over the lock: this deploy stopped, and the other one finishes the site.`;
  const takenOver = `Another deploy to ${target} took over the lock while this one stalled for longer than its lease (${leaseMs / 1000} s): this deploy stopped, and the other one finishes the site.`;
  // Read before it is written, for the stores that ignore a write's condition: a deploy that stalled past its
  // lease must not take the lock back from the one that took it over. S3 answers 409 to a write that raced
  // another on the same object: tried once more.
  const attempt = async () => {
    const current = await store.readLock(renewals.signal);
    if (current?.lock.id !== id) throw new LockError(takenOver);
    return store.writeLock(mine(), current.etag, renewals.signal);
  };
  const renew = async () => {
    if ((await attempt()) === false && (await attempt()) === false) throw new LockError(tookIt);
    renewedAt = clock();
  };
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    // Here, not after the renewal queued below: a renewal the bucket does not answer must not delay it.
    stalled();
    // A request the bucket never answers must not hold every later renewal back: each gets a quarter lease.
    renewing = renewing.then(() =>
      lost
        ? undefined
        : within(renew(), leaseMs / 4).catch((error: unknown) => {
            if (error instanceof LockError) lose(error.message);
          }),
    );
  }, leaseMs / 4);
  timer.unref();
  const check = () => {
    // Stops at half the lease without a renewal, well before another deploy may take the lock.
    stalled();
    if (lost) throw new LockError(lost);
  };
  return {
    check,
    async confirm() {
      check();
      if ((await store.readLock())?.lock.id !== id) lose(tookIt);
      check();
    },
    signal: stopped.signal,
    async release() {
      clearInterval(timer);
      await within(renewing, leaseMs / 4).catch(() => undefined);
      renewals.abort(new Error('released'));
      if (lost) return;
      const now = await store.readLock();
      if (now?.lock.id === id) await store.deleteLock();
    },
  };
}

/** `promise`, or a rejection once `ms` have passed without it settling. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
