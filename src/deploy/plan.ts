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
//
// A deploy owns only what a deploy to the same target uploaded: the manifest lists it (before its first upload
// a deploy records what it is about to upload, so a cut-off deploy still owns its objects). Anything else under
// the target (a verification file put there by hand, another deploy's site under a deeper prefix) is left
// alone, and named once.
import { z } from 'zod';
import { isPageKind, kindOf, UPLOAD_ORDER, type Kind, type LocalFile } from './manifest.ts';
import { LOCK_NAME, MANIFEST_NAME } from './target.ts';

export { parseDuration } from './duration.ts';

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
  /** What deploys to this target uploaded (or are uploading): the only objects a deploy may delete. */
  objects: Record<string, RemoteObject>;
  /** Objects under the target that no deploy wrote, already named to the maintainer (each is named once). */
  foreign?: string[];
  /** CDN paths a deploy changed and no invalidation has covered yet (it was cut off, or the CDN refused). */
  pendingInvalidation?: string[];
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
  /** Stop before deleting more objects than this. */
  maxDeletes: number;
  /** ... or more than this share of the pages the last deploy published (0.1 for 10 %); undefined: no such limit. */
  pageShare?: number;
  force?: boolean;
  /** Delete the objects under the target that no deploy wrote, too. */
  deleteForeign?: boolean;
  /** A deploy to a shorter prefix of the bucket whose site has files under this target, if any. */
  outer?: OuterDeploy;
  /** The CDN paths this deploy invalidates once done (cdn.ts): recorded before its first change, and kept in
   *  the manifest until the CDN has taken them. */
  invalidating?: readonly string[];
}

/** A deploy to a prefix around this target ('s3://b/' around 's3://b/blog/') that owns files under it. */
export interface OuterDeploy {
  /** That deploy's target, as shown. */
  target: string;
  /** The files it owns, by path inside this target. */
  owned: ReadonlySet<string>;
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
  reason: 'page removed' | 'grace over' | 'not written by a deploy';
  size: number;
}

export interface Retained {
  path: string;
  /** Deploys since the site last used it, this one included. */
  unusedDeploys: number;
  retiredAt: string;
  /** Past its grace period, but beyond what this deploy may delete (--max-deletes): a later deploy deletes it. */
  later?: true;
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
  /** Objects under the target that no deploy to it wrote: left alone (deleted only with deleteForeign). */
  foreign: string[];
  /** Those of them no earlier deploy named to the maintainer. */
  newForeign: string[];
  /** Deeper prefixes where another deploy publishes its own site ('staging/'): never touched. */
  nested: string[];
  /** The target of a deploy around this one whose files under it this one writes among (with force only). */
  outer?: string;
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
 * New pages go up before the pages replaced: a replaced page may link to a new one (a category's page to a service
 * added), and a deploy cut off between the two left such links leading to a 404 until the next deploy.
 */
export function phasesOf(uploads: readonly Upload[]): Upload[][] {
  const phases: Upload[][] = [];
  for (const kind of UPLOAD_ORDER) {
    const ofKind = new Map(uploads.filter((u) => u.file.kind === kind).map((u) => [u.file.path, u]));
    if (kind === 'asset') {
      if (ofKind.size) phases.push([...ofKind.keys()].sort().map((path) => ofKind.get(path)!));
      continue;
    }
    if (kind === 'page') {
      const sorted = [...ofKind.keys()].sort().map((path) => ofKind.get(path)!);
      phases.push(...[sorted.filter((u) => !u.replaces), sorted.filter((u) => u.replaces)].filter((phase) => phase.length));
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
  const { files, remote, now, grace } = input;
  const number = (remote?.deploys.at(-1)?.number ?? 0) + 1;
  const nested = nestedDeploys(input.listing);
  const listing = new Map([...input.listing].filter(([path]) => !nested.some((prefix) => path.startsWith(prefix))));
  const uploads: Upload[] = [];
  const skipped: LocalFile[] = [];
  for (const file of [...files.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const reason = uploadReason(file, input);
    if (reason) uploads.push({ file, reason, replaces: listing.has(file.path) });
    else skipped.push(file);
  }

  const pages: Deletion[] = [];
  const expired: { deletion: Deletion; kept: Retained }[] = [];
  const unowned: Deletion[] = [];
  const retained: Retained[] = [];
  for (const [path, listed] of [...listing].sort(([a], [b]) => a.localeCompare(b))) {
    if (files.has(path)) continue;
    const object = remote?.objects[path];
    // Another deploy's file is neither this deploy's to delete nor foreign to it.
    if (!object && input.outer?.owned.has(path)) continue;
    if (!object) {
      unowned.push({ path, kind: kindOf(path), reason: 'not written by a deploy', size: listed.size });
      continue;
    }
    if (isPageKind(object.kind)) {
      pages.push({ path, kind: object.kind, reason: 'page removed', size: listed.size });
      continue;
    }
    const { unusedDeploys, retiredAt } = retirement(object, number, now);
    if (unusedDeploys >= grace.deploys && now.getTime() - Date.parse(retiredAt) >= grace.ms) {
      expired.push({ deletion: { path, kind: object.kind, reason: 'grace over', size: listed.size }, kept: { path, unusedDeploys, retiredAt, later: true } });
    } else retained.push({ path, unusedDeploys, retiredAt });
  }
  // No page of the site has used a file past its grace period for that many deploys: deleting it is housekeeping,
  // which the limit on deletions (a guard against publishing the wrong folder) must not refuse. Those beyond the
  // limit wait for the next deploys, the longest unused going first.
  const room = Math.max(0, input.maxDeletes - pages.length - (input.deleteForeign ? unowned.length : 0));
  expired.sort((a, b) => a.kept.retiredAt.localeCompare(b.kept.retiredAt) || a.kept.path.localeCompare(b.kept.path));
  retained.push(...expired.slice(room).map(({ kept }) => kept));
  retained.sort((a, b) => a.path.localeCompare(b.path));
  const housekeeping = expired.slice(0, room).map(({ deletion }) => deletion);
  const foreign = unowned.map((d) => d.path);
  const named = new Set(remote?.foreign);
  const deletions = [pages, housekeeping, input.deleteForeign ? unowned : []].filter((d) => d.length);
  // --force lets a deploy write where another publishes; only --max-deletes lets it delete more (a folder copied
  // without its .storefront-build, deployed with --force as the refusal says, must not empty the site).
  const blocked = (input.force ? undefined : (intoOuter(input.outer) ?? intoNested(files, nested))) ?? tooManyDeletions(input, pages.length, deletions.flat().length, housekeeping.length);
  const outer = input.force && input.outer?.owned.size ? input.outer.target : undefined;
  return { number, phases: phasesOf(uploads), skipped, deletions, retained, foreign, newForeign: foreign.filter((p) => !named.has(p)), nested, ...(outer && { outer }), blocked };
}

/** The deeper prefixes under the target that hold another deploy's manifest ('staging/'). */
function nestedDeploys(listing: ReadonlyMap<string, Listed>): string[] {
  const prefixes: string[] = [];
  // A deploy's lock marks its prefix too: a first deploy has no manifest while it plans.
  for (const path of listing.keys()) {
    const name = [MANIFEST_NAME, LOCK_NAME].find((n) => path.endsWith(`/${n}`));
    if (name) prefixes.push(path.slice(0, -name.length));
  }
  return [...new Set(prefixes)].sort();
}

function intoOuter(outer: OuterDeploy | undefined): string | undefined {
  if (!outer?.owned.size) return undefined;
  return `This target lies inside the site that the deploy to ${outer.target} publishes: its manifest records ${outer.owned.size} ${outer.owned.size === 1 ? 'file' : 'files'} here. Nothing was changed. Deploy this site to a prefix of its own, or pass --force to write into it (that deploy's files are never deleted).`;
}

function intoNested(files: ReadonlyMap<string, LocalFile>, nested: readonly string[]): string | undefined {
  const prefix = nested.find((p) => [...files.keys()].some((path) => path.startsWith(p)));
  if (prefix === undefined) return undefined;
  return `The site has files under ${prefix}, where another deploy publishes a site of its own (it has its own ${MANIFEST_NAME}). Nothing was changed. Deploy this site to another prefix, or pass --force to write into it.`;
}

function tooManyDeletions(input: PlanInput, pages: number, deleting: number, expired: number): string | undefined {
  const advice = `Nothing was changed. Check that the folder is the site you mean to publish, then run again with --max-deletes ${deleting}.`;
  if (deleting > input.maxDeletes) {
    const others = deleting - pages - expired;
    return `This deploy would delete ${deleting} objects (${pages} pages no longer in the site, ${expired} files past their grace period${others ? `, ${others} objects no deploy wrote` : ''}), more than --max-deletes ${input.maxDeletes}. ${advice}`;
  }
  if (input.pageShare === undefined || !input.remote) return undefined;
  const published = Object.values(input.remote.objects).filter((o) => isPageKind(o.kind)).length;
  const allowed = Math.max(1, Math.floor(published * input.pageShare));
  if (pages <= allowed) return undefined;
  return `This deploy would delete ${pages} of the ${published} pages the last deploy published (${Math.round((pages / published) * 100)} %), more than ${Math.round(input.pageShare * 100)} %. ${advice}`;
}

/** When a file that is not in the site stopped being used: as recorded, or now for the first deploy without it. */
function retirement(object: RemoteObject, number: number, now: Date): { unusedDeploys: number; retiredAt: string } {
  return { unusedDeploys: number - object.lastDeploy, retiredAt: object.retiredAt ?? now.toISOString() };
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
  for (const { path, retiredAt } of plan.retained) objects[path] = { ...input.remote!.objects[path]!, retiredAt };
  const uploaded = plan.phases.reduce((n, phase) => n + phase.length, 0);
  const deleted = plan.deletions.reduce((n, batch) => n + batch.length, 0);
  const deploys = [...(input.remote?.deploys ?? []), { number: plan.number, at: input.now.toISOString(), uploaded, deleted }].slice(-KEPT_RECORDS);
  const foreign = input.deleteForeign ? [] : plan.foreign;
  return { version: 1, deploys, objects, ...(foreign.length && { foreign }), ...pending(input) };
}

const pending = ({ invalidating }: Pick<PlanInput, 'invalidating'>) => (invalidating?.length ? { pendingInvalidation: [...invalidating] } : {});

/**
 * The manifest a deploy stores before its first upload: the last one, with every file it is about to upload
 * recorded as this target's. A deploy cut off after that still owns what it uploaded, and the next one prunes
 * it; one cut off before it uploaded nothing. A path the bucket already holds and no deploy wrote (a file put
 * there by hand) is not claimed: cut off before its upload, the deploy would own a file it never wrote, and the
 * next site without it would delete it. Such a path becomes this target's in the manifest of a complete deploy.
 * Undefined when there is nothing to record.
 */
export function intentManifest(plan: Plan, input: PlanInput): RemoteManifest | undefined {
  const objects = { ...input.remote?.objects };
  const adding = plan.phases.flat().filter(({ file }) => !objects[file.path] && !input.listing.has(file.path));
  const invalidatingMore = (input.invalidating ?? []).some((path) => !input.remote?.pendingInvalidation?.includes(path));
  if (!adding.length && !invalidatingMore) return undefined;
  for (const { file } of adding) {
    const { sha256, size, contentType, cacheControl, kind } = file;
    // No ETag yet: the next deploy checks the object's content and headers before trusting it.
    objects[file.path] = { sha256, size, etag: '', contentType, cacheControl, kind, lastDeploy: plan.number };
  }
  return { version: 1, deploys: input.remote?.deploys ?? [], objects, ...(input.remote?.foreign && { foreign: input.remote.foreign }), ...pending(input) };
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
  foreign: z.array(z.string()).optional(),
  pendingInvalidation: z.array(z.string()).optional(),
});

/** Reads a stored manifest; throws with what is wrong when it is not one this version wrote. */
export function parseManifest(text: string): RemoteManifest {
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}
