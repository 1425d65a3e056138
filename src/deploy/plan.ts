// The plan of a deploy, from what the site is (the local manifest) and what the bucket holds (its listing, and
// the manifest the last deploy stored there). Pure: no I/O, the clock passed in.
//
// The order keeps the bucket serving a consistent site at every moment, however a deploy stops:
//   1. uploads, by kind: hashed assets, images, the search index's entry points, pages, then 404.html,
//      sitemap.xml and robots.txt; within a kind, a file after the files it names. A phase starts when the one
//      before it has finished, so no page is up before the files it names.
//   2. deletions: pages that left the site, then files whose grace period is over (no page left names them).
//   3. the new manifest, last: a deploy that stopped before it is redone from the old one, and objects it had
//      already uploaded are recognised by their ETag and headers, not uploaded again.
import { z } from 'zod';
import { isPageKind, kindOf, UPLOAD_ORDER, type Kind, type LocalFile } from './manifest.ts';

export interface RemoteObject {
  sha256: string;
  size: number;
  /** The ETag the store gave it, without quotes. */
  etag: string;
  contentType: string;
  cacheControl: string;
  kind: Kind;
  /** The number of the last deploy whose site had this file. */
  lastDeploy: number;
  /** When the first deploy whose site no longer had it ran: its grace period starts then. */
  retiredAt?: string;
}

export interface DeployRecord {
  number: number;
  at: string;
  uploaded: number;
  deleted: number;
}

/** What the bucket holds according to the deploys: stored in it as MANIFEST_NAME, written last by each deploy. */
export interface RemoteManifest {
  version: 1;
  /** The latest deploys, newest last (at most KEPT_RECORDS). */
  deploys: DeployRecord[];
  objects: Record<string, RemoteObject>;
}

/** An object as a listing of the bucket shows it. */
export interface Listed {
  etag: string;
  size: number;
}

/** Headers of an object, read with HEAD. */
export interface Head {
  contentType?: string;
  cacheControl?: string;
}

export interface Grace {
  /** Keep a file until this many deploys, this one included, have not used it (at least 1). */
  deploys: number;
  /** ... and until this long after the first deploy that did not use it. */
  ms: number;
}

export interface PlanInput {
  files: ReadonlyMap<string, LocalFile>;
  /** The manifest the last complete deploy stored; undefined for a first deploy (or a bucket filled otherwise). */
  remote: RemoteManifest | undefined;
  /** What the bucket holds now, by path inside the site (the manifest itself left out). */
  listing: ReadonlyMap<string, Listed>;
  /** HEAD of the objects `needsHead` named. */
  heads?: ReadonlyMap<string, Head>;
  now: Date;
  grace: Grace;
  maxDeletes: number;
  force?: boolean;
}

export type UploadReason = 'new' | 'changed' | 'headers' | 'missing';

export interface Upload {
  file: LocalFile;
  reason: UploadReason;
  /** An object of that name is in the bucket now (a CDN may hold a copy). */
  replaces: boolean;
}

export interface Deletion {
  path: string;
  kind: Kind;
  reason: 'page removed' | 'grace over';
  size: number;
}

export interface Retained {
  path: string;
  /** Deploys since the site last used it, this one included. */
  unusedDeploys: number;
  retiredAt: string;
}

export interface Plan {
  /** This deploy's number: one more than the last recorded. */
  number: number;
  /** Uploads in order: each phase after the one before it has finished; within a phase, in any order. */
  phases: Upload[][];
  /** Files the bucket already holds with the same content and headers. */
  skipped: LocalFile[];
  /** Deletions in order: removed pages first, then files whose grace period is over. */
  deletions: Deletion[][];
  /** Files no longer in the site, kept for their grace period. */
  retained: Retained[];
  /** Objects under the target that no deploy recorded and no build makes (uploaded by other means): left alone. */
  foreign: string[];
  /** Why the deploy must stop before changing anything (too many deletions), or undefined. */
  blocked?: string;
}

const normalEtag = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '').toLowerCase();
const sameHeaders = (file: LocalFile, headers: { contentType?: string; cacheControl?: string }) =>
  headers.contentType === file.contentType && headers.cacheControl === file.cacheControl;

/** The object of the bucket is this file as the last deploy recorded it, untouched since. */
function recorded(file: LocalFile, listed: Listed, object: RemoteObject | undefined): boolean {
  return object !== undefined && object.sha256 === file.sha256 && normalEtag(object.etag) === normalEtag(listed.etag) && listed.size === file.size;
}

/** The object has this file's content by its ETag (the MD5 of an object uploaded in one piece). */
const sameContent = (file: LocalFile, listed: Listed) => normalEtag(listed.etag) === file.md5 && listed.size === file.size;

/**
 * Objects whose content matches a file but that no deploy recorded (one that stopped before writing its
 * manifest uploaded them): their headers are read with HEAD, so they are not uploaded again for nothing.
 */
export function needsHead({ files, remote, listing }: Pick<PlanInput, 'files' | 'remote' | 'listing'>): string[] {
  const paths: string[] = [];
  for (const file of files.values()) {
    const listed = listing.get(file.path);
    if (listed && !recorded(file, listed, remote?.objects[file.path]) && sameContent(file, listed)) paths.push(file.path);
  }
  return paths;
}

function uploadReason(file: LocalFile, input: PlanInput): UploadReason | undefined {
  const listed = input.listing.get(file.path);
  const object = input.remote?.objects[file.path];
  if (!listed) return object ? 'missing' : 'new';
  if (recorded(file, listed, object)) return sameHeaders(file, object!) ? undefined : 'headers';
  if (sameContent(file, listed)) {
    const head = input.heads?.get(file.path);
    return head && sameHeaders(file, head) ? undefined : 'headers';
  }
  return 'changed';
}

/**
 * Groups uploads into phases: by kind in UPLOAD_ORDER, then a file after the files of its kind it names. Hashed
 * assets go up in one phase: a new one is named by nothing the bucket serves until the pages that name it go up.
 */
export function phasesOf(uploads: readonly Upload[]): Upload[][] {
  const phases: Upload[][] = [];
  for (const kind of UPLOAD_ORDER) {
    const ofKind = new Map(uploads.filter((u) => u.file.kind === kind).map((u) => [u.file.path, u]));
    if (kind === 'asset') {
      if (ofKind.size) phases.push([...ofKind.keys()].sort().map((path) => ofKind.get(path)!));
      continue;
    }
    const levels = new Map<string, number>();
    const levelOf = (path: string, visiting: Set<string>): number => {
      const known = levels.get(path);
      if (known !== undefined) return known;
      visiting.add(path);
      let level = 0;
      for (const ref of ofKind.get(path)!.file.refs) {
        if (ofKind.has(ref) && !visiting.has(ref)) level = Math.max(level, levelOf(ref, visiting) + 1);
      }
      visiting.delete(path);
      levels.set(path, level);
      return level;
    };
    const byLevel: Upload[][] = [];
    for (const path of [...ofKind.keys()].sort()) (byLevel[levelOf(path, new Set())] ??= []).push(ofKind.get(path)!);
    phases.push(...byLevel.filter(Boolean));
  }
  return phases;
}

export function makePlan(input: PlanInput): Plan {
  const { files, remote, listing, now, grace } = input;
  const number = (remote?.deploys.at(-1)?.number ?? 0) + 1;
  const uploads: Upload[] = [];
  const skipped: LocalFile[] = [];
  for (const file of [...files.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const reason = uploadReason(file, input);
    if (reason) uploads.push({ file, reason, replaces: listing.has(file.path) });
    else skipped.push(file);
  }

  const pages: Deletion[] = [];
  const expired: Deletion[] = [];
  const retained: Retained[] = [];
  const foreign: string[] = [];
  for (const [path, listed] of [...listing].sort(([a], [b]) => a.localeCompare(b))) {
    if (files.has(path)) continue;
    if (!remote?.objects[path] && !BUILD_SHAPED.test(path)) {
      foreign.push(path);
      continue;
    }
    const kind = remote?.objects[path]?.kind ?? kindOf(path);
    if (isPageKind(kind)) {
      pages.push({ path, kind, reason: 'page removed', size: listed.size });
      continue;
    }
    const { unusedDeploys, retiredAt } = retirement(path, number, input);
    if (unusedDeploys >= grace.deploys && now.getTime() - Date.parse(retiredAt) >= grace.ms) {
      expired.push({ path, kind, reason: 'grace over', size: listed.size });
    } else retained.push({ path, unusedDeploys, retiredAt });
  }

  const deleting = pages.length + expired.length;
  const blocked =
    deleting > input.maxDeletes && !input.force
      ? `This deploy would delete ${deleting} objects (${pages.length} pages no longer in the site, ${expired.length} files past their grace period), more than --max-deletes ${input.maxDeletes}. Nothing was changed. Check that the folder is the site you mean to publish, then run again with --max-deletes ${deleting} or --force.`
      : undefined;
  return { number, phases: phasesOf(uploads), skipped, deletions: [pages, expired].filter((d) => d.length), retained, foreign, blocked };
}

/**
 * What a build writes (or an `aws s3 sync` of one uploaded): a deploy may prune such an object even when no
 * deploy recorded it, which is how a deploy cut off before its record is cleaned up. Anything else under the
 * target that no deploy recorded (a download, a verification file) is someone else's and is left alone.
 */
const BUILD_SHAPED = /^(assets|img|pagefind)\/|\.html?$|^(favicon\.svg|robots\.txt|sitemap\.xml|_headers|\.storefront-build)$/;

/** When a file that is not in the site stopped being used: recorded, or now for an object no deploy recorded. */
function retirement(path: string, number: number, { remote, now }: PlanInput): { unusedDeploys: number; retiredAt: string } {
  const object = remote?.objects[path];
  const lastDeploy = object?.lastDeploy ?? number - 1;
  return { unusedDeploys: number - lastDeploy, retiredAt: object?.retiredAt ?? now.toISOString() };
}

/** How many deploys the manifest remembers (for the report; grace needs only the last number). */
export const KEPT_RECORDS = 50;

/**
 * The manifest after a complete deploy: every file of the site as uploaded or found, the retained files with
 * the start of their grace period, and this deploy's record. `etags`: what the store answered for each upload.
 */
export function nextManifest(plan: Plan, input: PlanInput, etags: ReadonlyMap<string, string>): RemoteManifest {
  const objects: Record<string, RemoteObject> = {};
  for (const file of [...input.files.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const etag = etags.get(file.path) ?? input.listing.get(file.path)?.etag;
    if (etag === undefined) throw new Error(`No ETag for ${file.path}: it was neither uploaded nor found in the bucket.`);
    const { sha256, size, contentType, cacheControl, kind } = file;
    objects[file.path] = { sha256, size, etag: normalEtag(etag), contentType, cacheControl, kind, lastDeploy: plan.number };
  }
  for (const { path, retiredAt } of plan.retained) {
    const listed = input.listing.get(path)!;
    const known = input.remote?.objects[path];
    objects[path] = known
      ? { ...known, retiredAt }
      : { sha256: '', size: listed.size, etag: normalEtag(listed.etag), contentType: '', cacheControl: '', kind: kindOf(path), lastDeploy: plan.number - 1, retiredAt };
  }
  const uploaded = plan.phases.reduce((n, phase) => n + phase.length, 0);
  const deleted = plan.deletions.reduce((n, batch) => n + batch.length, 0);
  const deploys = [...(input.remote?.deploys ?? []), { number: plan.number, at: input.now.toISOString(), uploaded, deleted }].slice(-KEPT_RECORDS);
  return { version: 1, deploys, objects };
}

const manifestSchema = z.object({
  version: z.literal(1),
  deploys: z.array(z.object({ number: z.number().int(), at: z.string(), uploaded: z.number(), deleted: z.number() })),
  objects: z.record(
    z.string(),
    z.object({
      sha256: z.string(),
      size: z.number(),
      etag: z.string(),
      contentType: z.string(),
      cacheControl: z.string(),
      kind: z.enum(['asset', 'image', 'search', 'page', 'final']),
      lastDeploy: z.number().int(),
      retiredAt: z.string().optional(),
    }),
  ),
});

/** Reads a stored manifest; throws with what is wrong when it is not one this version wrote. */
export function parseManifest(text: string): RemoteManifest {
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** '7d', '12h', '30m', '45s', '2w' or '0' in milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h|d|w)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[(match[2] ?? 's') as 's'];
  const amount = Number(match[1]);
  if (amount !== 0 && !match[2]) return undefined; // a bare number other than 0 is ambiguous
  return amount * unit;
}
