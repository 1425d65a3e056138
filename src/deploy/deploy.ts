// `storefront deploy`: reads the built site, lists the bucket and reads the last deploy's manifest, plans
// (plan.ts), then uploads phase by phase, deletes, writes the new manifest and, if asked, invalidates the CDN.
// Returns what it did; report.ts prints it. A failure part-way stops the deploy where it is: what is in the
// bucket then is still a site whose pages name only files that are there (plan.ts), and the next run finishes.
import pLimit from 'p-limit';
import { describeCdnError, invalidate, invalidationPaths, type Invalidator } from './cdn.ts';
import { describeLock, lockStands, takeLock, type HeldLock } from './lock.ts';
import { readSite, type Kind } from './manifest.ts';
import { intentManifest, makePlan, needsHead, nextManifest, type Grace, type Head, type Plan, type PlanInput, type RemoteManifest, type Retained, type UploadReason } from './plan.ts';
import { describeStoreError, s3Store, type Store } from './s3.ts';
import { describeTarget, type Target } from './target.ts';

export interface DeployOptions {
  /** The built site. */
  dir: string;
  /** The folder as the maintainer named it, for messages. */
  shownDir?: string;
  target: Target;
  endpoint?: string;
  region?: string;
  /** Plan and report, change nothing. */
  dryRun?: boolean;
  /** Deploy a folder without the build marker; delete however many objects would go; write into a nested deploy. */
  force?: boolean;
  /** Stop before deleting more objects than this. Unset: 256, and at most a tenth of the site's pages. */
  maxDeletes?: number;
  /** Delete the objects under the target that no deploy wrote, too. */
  deleteForeign?: boolean;
  /** Requests at a time. */
  concurrency: number;
  grace: Grace;
  cloudfrontDistribution?: string;
  /** Attempts per request, retries included (SDK default 3). */
  maxAttempts?: number;
  now?: () => Date;
  /** How long the deploy's lock holds unless renewed (lock.ts; default two minutes). */
  leaseMs?: number;
  /** The bucket (default: S3 through the SDK). */
  store?: Store;
  invalidator?: Invalidator;
  /** Called after every upload, deletion and the manifest, before the deploy goes on (progress; tests watch the bucket). */
  onStep?: (step: Step) => void | Promise<void>;
  /** Called as each phase of the deploy ends (report.ts words it). */
  onPhase?: (event: PhaseEvent) => void;
}

export type PhaseEvent =
  | { phase: 'read'; files: number; bytes: number }
  | { phase: 'list'; objects: number; lastDeploy?: number }
  | { phase: 'plan'; number: number; uploads: number; unchanged: number; deletions: number }
  | { phase: 'upload'; done: number; total: number; step: number; steps: number; kinds: Kind[] }
  | { phase: 'delete'; count: number; reason: string }
  | { phase: 'manifest'; number: number };

/** The limits a deploy has when the maintainer sets none: `--max-deletes` replaces both. */
export const DEFAULT_MAX_DELETES = 256;
export const DEFAULT_PAGE_SHARE = 0.1;

export interface Step {
  action: 'upload' | 'delete' | 'manifest';
  path: string;
  kind?: Kind;
}

export interface DeployResult {
  ok: boolean;
  dryRun: boolean;
  dir: string;
  target: string;
  /** This deploy's number (in the manifest). */
  number?: number;
  /** Done, in the order they were done (a dry run: in the order they would be). */
  uploaded: { path: string; bytes: number; kind: Kind; reason: UploadReason }[];
  skipped: { files: number; bytes: number };
  deleted: { path: string; bytes: number; reason: string }[];
  retained: Retained[];
  /** Objects under the target that no deploy wrote: left alone unless deleteForeign. */
  foreign: string[];
  invalidation?: { paths: string[]; id?: string };
  warnings: string[];
  /** Why the deploy stopped before changing anything (too many deletions). */
  blocked?: string;
  /** What failed: the deploy stopped part-way, or (with `recorded`) CloudFront refused the invalidation after it. */
  error?: string;
  /** The deploy's manifest is written: every upload and deletion done. */
  recorded?: boolean;
  ms: number;
}

export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const started = performance.now();
  const now = (options.now ?? (() => new Date()))();
  const store = options.store ?? s3Store(options);
  const result = emptyResult(options);
  const phase = options.onPhase ?? (() => {});
  const limit = pLimit(options.concurrency);
  let lock: HeldLock | undefined;
  try {
    // Refused here, the folder's failure is the result's, reported in the format asked for (--format json).
    const site = await readSite(options.dir, options.shownDir, options.force);
    result.warnings.push(...site.warnings);
    phase({ phase: 'read', files: site.files.size, bytes: [...site.files.values()].reduce((n, f) => n + f.size, 0) });
    if (result.dryRun) result.warnings.push(...(await runningDeploy(store, now, result.target)));
    else {
      lock = await takeLock(store, result.target, { now: options.now ?? (() => new Date()), leaseMs: options.leaseMs });
      store.stopOn?.(lock.signal);
    }
    const { plan, input } = await planDeploy(site.files, store, limit, now, options);
    result.number = plan.number;
    result.skipped = { files: plan.skipped.length, bytes: plan.skipped.reduce((n, f) => n + f.size, 0) };
    result.foreign = plan.foreign;
    result.warnings.push(...planWarnings(plan, result.target, options.deleteForeign));
    const paths = options.cloudfrontDistribution ? invalidationPaths(plan, input.remote?.pendingInvalidation) : [];
    if (plan.blocked) {
      result.blocked = plan.blocked;
    } else if (result.dryRun) {
      result.uploaded = plan.phases.flat().map(({ file, reason }) => ({ path: file.path, bytes: file.size, kind: file.kind, reason }));
      result.deleted = plan.deletions.flat().map(({ path, size, reason }) => ({ path, bytes: size, reason }));
      if (paths.length) result.invalidation = { paths };
      result.retained = plan.retained;
      result.ok = true;
    } else {
      // Without a distribution to ask this time, what is pending stays pending.
      const invalidating = options.cloudfrontDistribution ? paths : input.remote?.pendingInvalidation;
      const done = await applyPlan(plan, { ...input, invalidating }, store, lock!, limit, result, options);
      // Kept for their grace period by this deploy's record; a deploy that stopped before it kept nothing.
      Object.assign(result, { recorded: true, retained: plan.retained });
      lock!.check();
      result.ok = await invalidateReplaced(paths, plan.number, now, result, options);
      // Taken by the CDN: the manifest need not ask the next deploy to invalidate them again (should this write
      // fail, the next deploy only invalidates them once more).
      if (options.cloudfrontDistribution && result.ok && done.pendingInvalidation) {
        lock!.check();
        await store.writeManifest({ ...done, pendingInvalidation: undefined }).catch(() => undefined);
      }
    }
  } catch (error) {
    const where =
      result.uploaded.length || result.deleted.length
        ? `The deploy stopped part-way${result.deleted.length ? ` (${result.deleted.length} ${result.deleted.length === 1 ? 'object' : 'objects'} already deleted)` : ''}. The bucket still serves a consistent site (files before the pages that name them, nothing deleted before the new pages were up); run the deploy again to finish it.`
        : 'Nothing was changed.';
    // Requests stopped because the lock was lost fail with the SDK's AbortError: the lock's reason says why.
    result.error = `${describeStoreError(lock?.signal.aborted ? lock.signal.reason : error, options.target)}\n${where}`;
  }
  await lock?.release().catch(() => result.warnings.push(`Could not release this deploy's lock on ${result.target}: a deploy from another machine waits until it runs out, two minutes after this one stopped.`));
  result.ms = performance.now() - started;
  return result;
}

/** A dry run takes no lock, but says when its plan may be out of date. */
async function runningDeploy(store: Store, now: Date, target: string): Promise<string[]> {
  const running = await store.readLock();
  return running && lockStands(running, now) ? [`${describeLock(running, target)} This plan may be out of date once it ends.`] : [];
}

function emptyResult(options: DeployOptions): DeployResult {
  const empty = { uploaded: [], skipped: { files: 0, bytes: 0 }, deleted: [], retained: [], foreign: [], warnings: [], ms: 0 };
  return { ok: false, dryRun: options.dryRun ?? false, dir: options.shownDir ?? options.dir, target: describeTarget(options.target), ...empty };
}

/** Lists the bucket, reads the last manifest, checks the headers of objects no deploy recorded, and plans. */
async function planDeploy(files: PlanInput['files'], store: Store, limit: Limit, now: Date, options: DeployOptions) {
  const [listing, remote, outer] = await Promise.all([store.list(), store.readManifest(), store.outerDeploy()]);
  options.onPhase?.({ phase: 'list', objects: listing.size, lastDeploy: remote?.deploys.at(-1)?.number });
  const heads = new Map<string, Head>();
  const checks = needsHead({ files, remote, listing }).map((path) =>
    limit(async () => {
      const head = await store.head(path);
      if (head) heads.set(path, head);
    }),
  );
  await Promise.all(checks);
  const input: PlanInput = {
    files,
    remote,
    listing,
    heads,
    now,
    grace: options.grace,
    maxDeletes: options.maxDeletes ?? DEFAULT_MAX_DELETES,
    pageShare: options.maxDeletes === undefined ? DEFAULT_PAGE_SHARE : undefined,
    force: options.force,
    deleteForeign: options.deleteForeign,
    outer,
  };
  const plan = makePlan(input);
  options.onPhase?.({ phase: 'plan', number: plan.number, uploads: plan.phases.flat().length, unchanged: plan.skipped.length, deletions: plan.deletions.flat().length });
  return { plan, input };
}

/** Records what it will upload, uploads phase by phase, deletes, then stores the new manifest. */
async function applyPlan(plan: Plan, input: PlanInput, store: Store, lock: HeldLock, limit: Limit, result: DeployResult, options: DeployOptions): Promise<RemoteManifest> {
  const phase = options.onPhase ?? (() => {});
  const intent = intentManifest(plan, input);
  lock.check();
  if (intent) await store.writeManifest(intent);
  // An upload or deletion starts only while the lock is still this deploy's.
  const task = (run: () => Promise<void>) => async () => (lock.check(), run());
  const etags = new Map<string, string>();
  const total = plan.phases.flat().length;
  for (const [index, batch] of plan.phases.entries()) {
    const uploads = batch.map(({ file, reason }) => task(async () => {
      etags.set(file.path, await store.upload(file, options.dir));
      result.uploaded.push({ path: file.path, bytes: file.size, kind: file.kind, reason });
      await options.onStep?.({ action: 'upload', path: file.path, kind: file.kind });
    }));
    await runAll(uploads, limit);
    phase({ phase: 'upload', done: result.uploaded.length, total, step: index + 1, steps: plan.phases.length, kinds: [...new Set(batch.map((u) => u.file.kind))] });
  }
  if (plan.deletions.length) await lock.confirm();
  for (const batch of plan.deletions) {
    const deletions = batch.map(({ path, size, reason, kind }) => task(async () => {
      await store.delete(path);
      result.deleted.push({ path, bytes: size, reason });
      await options.onStep?.({ action: 'delete', path, kind });
    }));
    await runAll(deletions, limit);
    phase({ phase: 'delete', count: batch.length, reason: batch[0]!.reason });
  }
  const manifest = nextManifest(plan, input, etags);
  await lock.confirm();
  await store.writeManifest(manifest);
  await options.onStep?.({ action: 'manifest', path: '' });
  phase({ phase: 'manifest', number: plan.number });
  return manifest;
}

/** Asks CloudFront to drop its copies of what changed, when asked to; false when it refused. */
async function invalidateReplaced(paths: string[], number: number, now: Date, result: DeployResult, options: DeployOptions): Promise<boolean> {
  if (!options.cloudfrontDistribution || !paths.length) return true;
  result.invalidation = { paths };
  try {
    result.invalidation.id = await invalidate(options.cloudfrontDistribution, paths, `storefront-deploy-${number}-${now.getTime()}`, options.invalidator);
    return true;
  } catch (error) {
    result.error = `The site is deployed, but CloudFront did not take the invalidation: ${describeCdnError(error, options.cloudfrontDistribution)}. Edge copies of replaced pages and images stay until they expire; the next deploy asks again.`;
    return false;
  }
}

/** What the maintainer should know about objects the deploy does not own: named once, then counted. */
function planWarnings(plan: Plan, target: string, deleteForeign = false): string[] {
  const warnings = plan.nested.map((prefix) => `Left alone ${target}${prefix}: another deploy publishes a site of its own there.`);
  if (plan.outer) warnings.push(`Wrote into the site that the deploy to ${plan.outer} publishes (--force); its files here are never deleted.`);
  if (!plan.foreign.length || deleteForeign) return warnings;
  const listed = plan.newForeign.slice(0, 10).join(', ') + (plan.newForeign.length > 10 ? ', …' : '');
  warnings.push(
    plan.newForeign.length
      ? `Left alone ${plan.foreign.length} objects under ${target} that no deploy wrote (put there by hand or by another tool): ${listed}. They stay; --delete-foreign deletes them. Each is named once.`
      : `Left alone ${plan.foreign.length} objects under ${target} that no deploy wrote, named in earlier deploys (--delete-foreign deletes them).`,
  );
  return warnings;
}

type Limit = ReturnType<typeof pLimit>;

/** Runs tasks a few at a time; after the first failure starts no more, waits for the running ones, then throws it. */
async function runAll(tasks: (() => Promise<void>)[], limit: Limit): Promise<void> {
  let failed = false;
  const settled = await Promise.allSettled(
    tasks.map((task) =>
      limit(async () => {
        if (failed) return;
        try {
          await task();
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
    ),
  );
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
}
