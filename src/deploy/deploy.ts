// `storefront deploy`: reads the built site, lists the bucket and reads the last deploy's manifest, plans
// (plan.ts), then uploads phase by phase, deletes, writes the new manifest and, if asked, invalidates the CDN.
// Returns what it did; report.ts prints it. A failure part-way stops the deploy where it is: what is in the
// bucket then is still a site whose pages name only files that are there (plan.ts), and the next run finishes.
import pLimit from 'p-limit';
import { invalidate, invalidationPaths, type Invalidator } from './cdn.ts';
import { readSite, type Kind } from './manifest.ts';
import { makePlan, needsHead, nextManifest, type Grace, type Head, type PlanInput, type Retained, type UploadReason } from './plan.ts';
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
  /** Delete even when more than maxDeletes objects would go. */
  force?: boolean;
  maxDeletes: number;
  /** Requests at a time. */
  concurrency: number;
  grace: Grace;
  cloudfrontDistribution?: string;
  /** Attempts per request, retries included (SDK default 3). */
  maxAttempts?: number;
  now?: () => Date;
  /** The bucket (default: S3 through the SDK). */
  store?: Store;
  invalidator?: Invalidator;
  /** Called after every upload, deletion and the manifest, before the deploy goes on (progress; tests watch the bucket). */
  onStep?: (step: Step) => void | Promise<void>;
}

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
  invalidation?: { paths: string[]; id?: string };
  warnings: string[];
  /** Why the deploy stopped before changing anything (too many deletions). */
  blocked?: string;
  /** What failed, when the deploy stopped part-way. */
  error?: string;
  ms: number;
}

export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const started = performance.now();
  const now = (options.now ?? (() => new Date()))();
  const store = options.store ?? s3Store(options);
  const dryRun = options.dryRun ?? false;
  const result: DeployResult = {
    ok: false,
    dryRun,
    dir: options.shownDir ?? options.dir,
    target: describeTarget(options.target),
    uploaded: [],
    skipped: { files: 0, bytes: 0 },
    deleted: [],
    retained: [],
    warnings: [],
    ms: 0,
  };
  const site = await readSite(options.dir, options.shownDir);
  result.warnings.push(...site.warnings);
  const limit = pLimit(options.concurrency);
  try {
    const [listing, remote] = await Promise.all([store.list(), store.readManifest()]);
    const heads = new Map<string, Head>();
    await Promise.all(
      needsHead({ files: site.files, remote, listing }).map((path) =>
        limit(async () => {
          const head = await store.head(path);
          if (head) heads.set(path, head);
        }),
      ),
    );
    const input: PlanInput = { files: site.files, remote, listing, heads, now, grace: options.grace, maxDeletes: options.maxDeletes, force: options.force };
    const plan = makePlan(input);
    result.number = plan.number;
    result.skipped = { files: plan.skipped.length, bytes: plan.skipped.reduce((n, f) => n + f.size, 0) };
    result.retained = plan.retained;
    if (plan.foreign.length) {
      const shown = plan.foreign.slice(0, 5).join(', ');
      result.warnings.push(`Left alone ${plan.foreign.length} objects under ${result.target} that no deploy wrote and no build makes: ${shown}${plan.foreign.length > 5 ? ', …' : ''}.`);
    }
    const paths = options.cloudfrontDistribution ? invalidationPaths(plan) : [];
    if (plan.blocked) {
      result.blocked = plan.blocked;
      return finish(result, started);
    }
    if (dryRun) {
      result.uploaded = plan.phases.flat().map(({ file, reason }) => ({ path: file.path, bytes: file.size, kind: file.kind, reason }));
      result.deleted = plan.deletions.flat().map(({ path, size, reason }) => ({ path, bytes: size, reason }));
      if (paths.length) result.invalidation = { paths };
      result.ok = true;
      return finish(result, started);
    }

    const etags = new Map<string, string>();
    for (const phase of plan.phases) {
      await runAll(
        phase.map(({ file, reason }) => async () => {
          etags.set(file.path, await store.upload(file, options.dir));
          result.uploaded.push({ path: file.path, bytes: file.size, kind: file.kind, reason });
          await options.onStep?.({ action: 'upload', path: file.path, kind: file.kind });
        }),
        limit,
      );
    }
    for (const batch of plan.deletions) {
      await runAll(
        batch.map(({ path, size, reason, kind }) => async () => {
          await store.delete(path);
          result.deleted.push({ path, bytes: size, reason });
          await options.onStep?.({ action: 'delete', path, kind });
        }),
        limit,
      );
    }
    await store.writeManifest(nextManifest(plan, input, etags));
    await options.onStep?.({ action: 'manifest', path: '' });

    if (options.cloudfrontDistribution && paths.length) {
      result.invalidation = { paths };
      try {
        result.invalidation.id = await invalidate(options.cloudfrontDistribution, paths, `storefront-deploy-${plan.number}-${now.getTime()}`, options.invalidator);
      } catch (error) {
        result.error = `The site is deployed, but CloudFront refused the invalidation: ${describeStoreError(error, options.target)}. Edge copies of replaced pages and images stay until they expire.`;
        return finish(result, started);
      }
    }
    result.ok = true;
  } catch (error) {
    const where = result.uploaded.length
      ? 'The deploy stopped part-way. The bucket still serves a consistent site (files before the pages that name them, nothing deleted before the new pages were up); run the deploy again to finish it.'
      : 'Nothing was changed.';
    result.error = `${describeStoreError(error, options.target)}\n${where}`;
  }
  return finish(result, started);
}

function finish(result: DeployResult, started: number): DeployResult {
  result.ms = performance.now() - started;
  return result;
}

/** Runs tasks a few at a time; after the first failure starts no more, waits for the running ones, then throws it. */
async function runAll(tasks: (() => Promise<void>)[], limit: ReturnType<typeof pLimit>): Promise<void> {
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
