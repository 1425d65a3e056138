// Stage: render. Every page to a complete HTML document with the prerenderer (src/client/prerender.tsx). A
// page that fails is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
// A page whose inputs are unchanged comes from the build cache (cache.ts) instead: its key is the hash of the
// source files its page kind's module graph reaches (codeHashOf), the site shell, and its data and assets as JSON.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import { PageRenderError } from '../errors.ts';
import { deepFreeze, type Site } from '../model/model.ts';
import { siteShell } from '../model/shell.ts';
import { codeHashOf, type Renderer } from './bundle.ts';
import { keyOf, sha256, type BuildCacheDir } from './cache.ts';
import { renderOutcome, type RenderOutcome, type RenderTask } from './renderWorker.ts';
import { scanPage, ScanStrings, type PageScan } from './pageScan.ts';
import { sameKeyJson } from './sameKeyJson.ts';
import type { SiteFile } from './staging.ts';
import type { Workers } from './workers.ts';

export interface RenderedPage {
  page: Page;
  /** The document as text: from renderPages, decoded from `bytes` on each read and not kept (see below). */
  readonly html: string;
  /** The document's UTF-8 bytes, what is written. renderPages keeps only these: nearly every page has a character
   *  beyond Latin-1 (a curly apostrophe, an emoji), so V8 would hold its text at two bytes a character, 370 MB
   *  for 10,000 heavy services against 185 MB as UTF-8, outside the JavaScript heap (docs/decisions.md). */
  bytes?: Uint8Array;
  /** Where the document was written already, in the new site's folder (RenderOptions.staging); no bytes are kept. */
  staged?: string;
  /** The cache's copy of the document (same bytes), which emit links into the site rather than writing it. */
  file?: string;
  /** The document's hash (its blob's name in the cache), when there is a cache: what the page facts of the
   *  last build are found by (pageFacts.ts). */
  hash?: string;
  /** What emit's checks take of the document (pageScan.ts), when it was at hand: rendered now. emit scans the
   *  other pages' documents itself, or takes what the last build learnt of them (pageFacts.ts). */
  scan?: PageScan;
}

/** What emit's checks take of a page: from render, else from its document. */
export const scanOf = (rendered: RenderedPage): PageScan => rendered.scan ?? scanPage(rendered.html);

/**
 * The pages of the builds before, in memory (dev): the HTML and its blob's hash by page key. renderPages keeps
 * one site's worth in it.
 */
export interface RenderMemo {
  pages?: Map<string, { bytes: Buffer; blob?: string }>;
  /** Each page's key by route, with what it was made of (the site shell's part once): a page whose data is the
   *  same as then (sameKeyJson) keeps its key without its JSON being written and hashed again. */
  keys?: { common: string; pages: Map<string, { page: Page; assets: DocumentAssets; code: string; key: string }> };
}

/** The page keys of one catalogue's last build (a record of the cache): each page's blob, as
 *  `hash:size:mtime` (the blob's stamp once written: see BuildCacheDir.readBlob). */
export type PageIndex = Record<string, string>;

export interface RenderOptions {
  memo?: RenderMemo;
  progress?: (done: number, total: number) => void;
  store?: BuildCacheDir;
  /** The record that holds this site's page index (one per catalogue and output folder). */
  indexName?: string;
  /** Hand emit the cache's copy of each page to link (default true). dev writes only the pages that changed
   *  (liveSite.ts), so it skips the stat per page (70 ms at 10,000) that checks a copy is still as written. */
  linkFiles?: boolean;
  /** Write each page rendered now into the new site's folder at once and keep none of its bytes, only its scan
   *  (pageScan.ts): a cold build of 10,000 heavy services held 190 MB of pages until emit.
   *  A page the cache holds is linked from there at once, unread. Not with `memo`, which keeps the bytes anyway. */
  staging?: { dir: string; write(path: string, file: { content: Uint8Array } | CachedFile): Promise<void>; paths(page: RenderedPage): readonly string[] };
  /** The threads that render the pages no cache holds, when there are enough of them (Workers.worth). */
  workers?: Workers;
}

/** Pages per task of the worker pool: a tenth of a second's work or so, and few enough that threads end together. */
export const RENDER_BATCH = 100;

/** Renders every page that neither `memo` nor the cache holds; `progress` hears of each page done. */
export async function renderPages(site: Site, pages: readonly Page[], renderer: Renderer, assetsFor: (kind: string) => DocumentAssets, options: RenderOptions = {}): Promise<RenderedPage[]> {
  const shell = siteShell(site);
  const keys = new PageKeys(keyOf('page', sha256(JSON.stringify(shell))), renderer, assetsFor, options.memo);
  const index = (options.store && (await options.store.readRecord<PageIndex>(options.indexName ?? 'pages'))) || {};
  const run = new RenderRun(shell, pages.length, renderer, keys, index, options);
  const results = new Array<[RenderedPage, string]>(pages.length);
  // The pages the cache holds are taken from it as they are keyed; those it lacks go to the worker pool as they
  // are keyed too, once there are enough of them, or are rendered here after the others.
  const fresh = run.freshPages((at, result) => (results[at] = result));
  try {
    for (const [at, given] of pages.entries()) {
      const keyed = keys.keyed(given);
      if (run.isNew(keyed)) await fresh.add({ at, keyed });
      else await run.paced(() => (results[at] = run.renderOne(keyed)));
    }
  } catch (error) {
    // The batches sent end before the stage fails: nothing then writes into the failed build's folder.
    await fresh.settled();
    throw error;
  }
  await fresh.done();
  await run.finish(results);
  return results.map(([r]) => r);
}

type KeyedPage = { page: Page; assets: DocumentAssets; code: string; key: string };
/** A page ready to render or find: the page object to render, its kind's assets and its key. */
type Keyed = { page: Page; assets: DocumentAssets; key: string };
export type Fresh = { at: number; keyed: Keyed };

/** Each page's key in the cache, and the page object that is rendered. A page's key must say what it renders: its
 *  data and assets are frozen before they are keyed. */
class PageKeys {
  readonly common: string;
  /** This build's keys by route, kept in the memo for the next rebuild. */
  readonly pages = new Map<string, KeyedPage>();
  private readonly renderer: Renderer;
  private readonly assetsFor: (kind: string) => DocumentAssets;
  private readonly remember: boolean;
  private readonly last: Map<string, KeyedPage> | undefined;
  /** Each kind's assets, frozen, and the hash of their JSON: the same for all its pages (4 MB of JSON for 10,000). */
  private readonly assetsByKind = new Map<string, { assets: DocumentAssets; hash: string }>();
  // The pages of a kind share one assets object, and so did theirs in the rebuild before: each of those is
  // compared once. It is only asked of a page of the same kind (the page's walk compared the kinds), so the
  // assets object of the rebuild before says which kind's assets it is compared with.
  private readonly assetsCompared = new Map<DocumentAssets, boolean>();

  constructor(common: string, renderer: Renderer, assetsFor: (kind: string) => DocumentAssets, memo: RenderMemo | undefined) {
    this.common = common;
    this.renderer = renderer;
    this.assetsFor = assetsFor;
    this.remember = memo !== undefined;
    this.last = memo?.keys?.common === common ? memo.keys.pages : undefined;
  }

  /** The page to render, its assets and its key. */
  keyed(given: Page): Keyed {
    const assets = this.assetsOf(given.kind);
    const [page, key] = this.keyOf(given, assets);
    return { page, assets: assets.assets, key };
  }

  private assetsOf(kind: string) {
    let kindAssets = this.assetsByKind.get(kind);
    if (!kindAssets) {
      const assets = deepFreeze(this.assetsFor(kind));
      this.assetsByKind.set(kind, (kindAssets = { assets, hash: sha256(JSON.stringify(assets)) }));
    }
    return kindAssets;
  }

  /** The page to render and its key. A page equal to the one the rebuild before keyed is that page: its
   *  frozen object and key, and this one is neither frozen nor keyed (10,000 pages' data frozen again was 70 ms
   *  of a dev rebuild). */
  private keyOf(page: Page, { assets, hash }: { assets: DocumentAssets; hash: string }): [Page, string] {
    const code = codeHashOf(this.renderer, page.kind);
    const last = this.last?.get(page.route);
    if (last && last.code === code && sameKeyJson(page, last.page) && this.sameAssets(assets, last.assets)) {
      this.pages.set(page.route, last);
      return [last.page, last.key];
    }
    deepFreeze(page);
    // Hashes of fixed length, then the page's JSON: no two pages' parts run together the same.
    const key = createHash('sha256').update(this.common).update(code).update(hash).update(JSON.stringify(page)).digest('base64url');
    if (this.remember) this.pages.set(page.route, { page, assets, code, key });
    return [page, key];
  }

  private sameAssets(now: DocumentAssets, before: DocumentAssets) {
    let same = this.assetsCompared.get(before);
    if (same === undefined) this.assetsCompared.set(before, (same = sameKeyJson(now, before)));
    return same;
  }
}

type Extra = { file?: string; hash?: string; scan?: PageScan };
/** A page's copy in the cache, to link into the new site (BuildCacheDir.blobFile). */
type CachedFile = Extract<SiteFile, { copyFrom: string }>;

/** A page rendered just now (here or by a worker) and not stored: its bytes, or its error. */
type MadeOutcome = Exclude<RenderOutcome, { stored: unknown }>;

/** One renderPages: the pages rendered or taken from the cache, the writes into the new site's folder, the
 *  pages that failed, and the page index the cache keeps for the next build. */
class RenderRun {
  private readonly shell: ReturnType<typeof siteShell>;
  private readonly total: number;
  private readonly renderer: Renderer;
  private readonly keys: PageKeys;
  private readonly options: RenderOptions;
  private readonly store: BuildCacheDir | undefined;
  private readonly linkFiles: boolean;
  private readonly staging: RenderOptions['staging'];
  private readonly index: PageIndex;
  private readonly nextIndex: PageIndex = {};
  /** Pages put into the cache now: their index entries are made once the blobs are written (their stamps). */
  private readonly written: [key: string, hash: string][] = [];
  private readonly failures: { page: Page; cause: unknown }[] = [];
  private readonly scanStrings = new ScanStrings();
  private done = 0;
  private stepped = 0;
  private writes: Promise<void>[] = [];
  private lastWrites: Promise<unknown> = Promise.resolve();

  constructor(shell: ReturnType<typeof siteShell>, total: number, renderer: Renderer, keys: PageKeys, index: PageIndex, options: RenderOptions) {
    this.shell = shell;
    this.total = total;
    this.renderer = renderer;
    this.keys = keys;
    this.index = index;
    this.options = options;
    this.store = options.store;
    this.linkFiles = options.linkFiles ?? true;
    this.staging = options.memo ? undefined : options.staging;
  }

  /** Whether the new site links its pages from the cache's blobs: a one-off build with the cache. */
  private get linkable(): boolean {
    return this.staging !== undefined && this.store !== undefined && this.linkFiles;
  }

  /** Whether neither the memo nor the cache's index holds the page. */
  isNew({ key }: Keyed): boolean {
    return !this.options.memo?.pages?.has(key) && !this.index[key];
  }

  /** Runs `step`, a page's synchronous work. Every tenth page lets the event loop run, so that dev's server answers
   *  the page a reload asks for while the rest of the site is rendered (docs/decisions.md); every hundredth waits
   *  for the disk to take the writes so far. */
  async paced(step: () => unknown) {
    step();
    if (++this.stepped % 10 === 0) await new Promise(setImmediate);
    if (this.stepped % 100 === 0) await this.paceWrites();
  }

  /** The pages no cache holds, rendered as `add` is given them (FreshPages). */
  freshPages(place: (at: number, result: [RenderedPage, string]) => void): FreshPages {
    const blobs = this.linkable ? this.store!.blobs : undefined;
    return new FreshPages(this.options.workers, {
      here: (at, keyed) => this.paced(() => place(at, this.renderOne(keyed, renderOutcome(() => this.renderer.renderPage(keyed.page, this.shell, keyed.assets), blobs)))),
      task: (batch) => ({ module: this.renderer.moduleUrl, shell: this.shell, pages: batch.map(({ keyed }) => [keyed.page, keyed.assets]), ...(blobs !== undefined && { blobs }) }),
      rendered: async (batch, outcomes) => {
        batch.forEach(({ at, keyed }, i) => place(at, this.renderOne(keyed, outcomes[i])));
        await this.paceWrites();
      },
    });
  }

  /** A page, from the memo, the cache or `rendered` (just now, here or by a worker), else rendered now. */
  renderOne({ page, assets, key }: Keyed, rendered?: RenderOutcome): [RenderedPage, string] {
    const remembered = this.options.memo?.pages?.get(key);
    const entry = remembered?.blob ?? this.index[key];
    const [hash, stamp] = entry ? [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)] : [];
    // A one-off build links the cache's copy into the new site, checked by its stamp but not read: reading
    // 10,000 pages (185 MB) to keep them for emit was a third of a warm build's render stage. Should the copy go
    // (another build's prune) before it is linked, the page is rendered after all.
    // Stored just now (renderFresh asks for it only when the page is to be linked).
    if (rendered && 'stored' in rendered) return [this.linkCached({ page, assets, key }, `${rendered.stored.hash}:${rendered.stored.stamp}`, false, this.scanStrings.own(rendered.scan)), key];
    const cached = this.linkable && hash && stamp ? this.store!.blobFile(hash, stamp) : undefined;
    if (cached) return [this.linkCached({ page, assets, key }, entry!, true, undefined, cached), key];
    const { bytes, extra } = this.bytesOf(page, assets, key, remembered, { entry, hash, stamp }, rendered);
    this.options.progress?.(++this.done, this.total);
    return [this.handOver(page, bytes, extra), key];
  }

  /** Links a page's copy in the cache (its index entry, `hash:stamp`) into the new site's folder, rendering the
   *  page should the copy be gone. */
  private linkCached({ page, assets, key }: Keyed, entry: string, fromCache: boolean, scan?: PageScan, cached?: CachedFile): RenderedPage {
    const store = this.store!;
    const staging = this.staging!;
    const hash = entry.slice(0, entry.indexOf(':'));
    store.count('pages', fromCache);
    store.keep(hash);
    this.nextIndex[key] = entry;
    this.options.progress?.(++this.done, this.total);
    const blob = cached ?? { copyFrom: store.blobPath(hash) };
    const paths = staging.paths({ page, html: '' });
    for (const path of paths) {
      const linked = staging.write(path, blob);
      this.writes.push(linked.catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? writeFile(join(staging.dir, path), this.renderer.renderPage(page, this.shell, assets)) : Promise.reject(error))));
    }
    return stagedPage(page, join(staging.dir, paths[0]!), { hash, ...(scan && { scan }) });
  }

  /** A page's bytes: remembered (dev), read from the cache folder, or rendered now (put into the cache; a failure
   *  is collected and has none); with the cache's copy and hash when there is one. */
  private bytesOf(page: Page, assets: DocumentAssets, key: string, remembered: { bytes: Buffer } | undefined, found: { entry?: string; hash?: string; stamp?: string }, rendered?: MadeOutcome) {
    const { store, linkFiles } = this;
    const { entry, hash, stamp } = found;
    let bytes = remembered?.bytes;
    let scan: PageScan | undefined;
    let stored = false;
    let blob: string | undefined;
    if (store && hash && stamp) {
      // From the cache folder: read and checked by its stamp. From memory (dev): linked only while its blob is
      // as it was written.
      bytes ??= store.readBlobSync(hash, stamp);
      stored = bytes !== undefined && (remembered === undefined || !linkFiles || store.stampSync(hash) === stamp);
    }
    if (bytes !== undefined) {
      store?.count('pages', true);
      if (stored) {
        store!.keep(hash!);
        this.nextIndex[key] = entry!;
        blob = hash;
      } else if (store) this.written.push([key, (blob = store.putBlob(bytes))]);
    } else {
      store?.count('pages', false);
      try {
        const made = rendered ? madeNow(rendered) : this.renderHere(page, assets);
        bytes = made.bytes;
        scan = this.scanStrings.own(made.scan);
        if (store) this.written.push([key, (blob = store.putBlob(bytes))]);
      } catch (cause) {
        this.failures.push({ page, cause });
        bytes = Buffer.alloc(0);
      }
    }
    const extra: Extra = { ...(stored && linkFiles && { file: store!.blobPath(hash!) }), ...(blob && { hash: blob }), ...(scan && { scan }) };
    return { bytes, extra };
  }

  /** The pages that failed, the first with what it threw where renderToString said only that it suspended. */
  private async failure(): Promise<PageRenderError> {
    const [first, ...rest] = this.failures;
    const found = await this.renderer.renderError(first!.page, this.shell).catch(() => undefined);
    const cause = found?.error ?? first!.cause;
    const said = (e: unknown) => (e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e));
    const where = found?.components.length ? ` (thrown in ${found.components.slice(0, 3).join(' in ')})` : '';
    // Those that only suspended (renderPage's words) most likely failed as the first did: named on one line.
    const suspended = rest.filter((f) => f.cause instanceof Error && / suspended while prerendering: /.test(f.cause.message));
    const others = rest.filter((f) => !suspended.includes(f)).map((f) => `  ${f.page.route}: ${said(f.cause)}`);
    const alike = suspended.length ? [`  and ${suspended.length} more, most likely the same way: ${suspended.slice(0, 3).map((f) => f.page.route).join(', ')}${suspended.length > 3 ? ', …' : ''}`] : [];
    const list = [`  ${first!.page.route}: ${said(cause)}${where}`, ...others, ...alike].join('\n');
    return new PageRenderError(`${this.failures.length} of ${this.total} pages failed to render:\n${list}`, cause, found?.components ?? []);
  }

  private renderHere(page: Page, assets: DocumentAssets) {
    const html = this.renderer.renderPage(page, this.shell, assets);
    return { bytes: Buffer.from(html), scan: scanPage(html) };
  }

  /** A page as emit gets it: written into the new site's folder at once when staging (not when the cache's copy
   *  is to be linked, or it failed), else holding its bytes. */
  private handOver(page: Page, bytes: Buffer, extra: Extra): RenderedPage {
    const { staging } = this;
    if (!staging || extra.file || !bytes.length) return renderedPage(page, bytes, extra);
    const paths = staging.paths(renderedPage(page, bytes));
    for (const path of paths) this.writes.push(staging.write(path, { content: bytes }));
    return stagedPage(page, join(staging.dir, paths[0]!), extra);
  }

  /** At most two hundred pages' bytes waiting for the disk: rendering outran the writes (and the cache's copies,
   *  queued before them) and held 400 MB more at 10,000 pages with the cache. */
  async paceWrites() {
    const before = this.lastWrites;
    // Every write so far, so that batches of the worker pool pacing at once still leave finish all of them.
    this.lastWrites = Promise.all([before, ...this.writes]);
    this.lastWrites.catch(() => undefined); // awaited at the next hundred, or in finish
    this.writes = [];
    await before;
  }

  /** Waits for the writes, throws for the pages that failed, and keeps what the next build reuses. */
  async finish(results: [RenderedPage, string][]) {
    await this.lastWrites;
    await Promise.all(this.writes);
    if (this.failures.length) throw await this.failure();
    const { memo, store } = this.options;
    if (memo) {
      memo.pages = new Map(results.map(([r, key]) => [key, { bytes: r.bytes as Buffer, ...(this.nextIndex[key] && { blob: this.nextIndex[key] }) }]));
      memo.keys = { common: this.keys.common, pages: this.keys.pages };
    }
    store?.whenWritten(() => this.writeIndex(store));
  }

  /** The page index once the new blobs are written (their stamps), unless it is the same as before. */
  private async writeIndex(store: BuildCacheDir) {
    const { memo, indexName = 'pages' } = this.options;
    for (const [key, hash] of this.written) {
      const stamp = await store.stamp(hash);
      if (!stamp) continue;
      this.nextIndex[key] = `${hash}:${stamp}`;
      const remembered = memo?.pages?.get(key);
      if (remembered) remembered.blob = this.nextIndex[key];
    }
    if (!sameIndex(this.index, this.nextIndex)) store.writeRecord(indexName, this.nextIndex);
    else store.keepFile(`records/${indexName}`);
  }
}

/**
 * The pages no cache holds, rendered as they are keyed. Once there are enough of them to repay starting the worker
 * pool's threads (Workers.worth: a thread takes 0.2-0.5 s to start and load React and the templates), each batch
 * goes to the pool as soon as it is keyed, so that the threads render while this thread keys the rest (keying
 * 10,000 pages first left both threads idle for 0.7 s of a cold build). Fewer are rendered here, once all are keyed.
 */
export class FreshPages {
  private readonly workers: Workers | undefined;
  private readonly steps: {
    here(at: number, keyed: Keyed): Promise<void>;
    task(batch: readonly Fresh[]): RenderTask;
    rendered(batch: readonly Fresh[], outcomes: RenderOutcome[]): Promise<void>;
  };
  private waiting: Fresh[] = [];
  private count = 0;
  private readonly sent: Promise<void>[] = [];
  // Two batches per thread in flight: one rendering, one waiting, and no more pages held than that.
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(workers: Workers | undefined, steps: FreshPages['steps']) {
    this.workers = workers;
    this.steps = steps;
    this.limit = pLimit((workers?.size ?? 1) * 2);
  }

  async add(fresh: Fresh): Promise<void> {
    this.waiting.push(fresh);
    this.count += 1;
    if (this.waiting.length < RENDER_BATCH || !this.workers?.worth(this.count)) return;
    this.send(false);
    // The event loop takes the batches done meanwhile, and the next ones start.
    await new Promise(setImmediate);
  }

  /** Waits for the batches sent so far, whatever their outcome. */
  settled = () => Promise.allSettled(this.sent);

  /** Renders the pages left, and waits for them all. */
  async done(): Promise<void> {
    if (this.workers?.worth(this.count)) this.send(true);
    else for (const { at, keyed } of this.waiting.splice(0)) await this.steps.here(at, keyed);
    await Promise.all(this.sent);
  }

  /** Sends the pages waiting in batches: all of them, or only full batches. */
  private send(all: boolean) {
    const workers = this.workers!;
    const batches = chunks(this.waiting.splice(0), RENDER_BATCH);
    if (!all && batches.at(-1)!.length < RENDER_BATCH) this.waiting = batches.pop()!;
    for (const batch of batches) {
      const sent = this.limit(async () => this.steps.rendered(batch, await workers.run<RenderTask, RenderOutcome[]>('renderPages', this.steps.task(batch))));
      sent.catch(() => undefined); // thrown by done(), once every page is keyed
      this.sent.push(sent);
    }
  }
}

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A rendered page that holds its bytes only; `html` decodes them when read. */
export function renderedPage(page: Page, bytes: Buffer, extra: Extra = {}): RenderedPage {
  return {
    page,
    bytes,
    get html() {
      return bytes.toString('utf8');
    },
    ...extra,
  };
}

/** A page already in the new site's folder: `html` reads it from there. */
function stagedPage(page: Page, staged: string, extra: Extra): RenderedPage {
  return {
    page,
    staged,
    get html() {
      return readFileSync(staged, 'utf8');
    },
    ...extra,
  };
}

/** A page rendered just now as bytes (not copied) with its scan, or its error thrown here. */
function madeNow(outcome: MadeOutcome): { bytes: Buffer; scan: PageScan } {
  if ('bytes' in outcome) return { bytes: Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength), scan: outcome.scan };
  const error = new Error(outcome.error);
  if (outcome.name) error.name = outcome.name;
  if (outcome.stack) error.stack = outcome.stack;
  throw error;
}

const sameIndex = (a: PageIndex, b: PageIndex) => {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
};
