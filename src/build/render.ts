// Stage: render. Every page to a complete HTML document with the prerenderer (src/client/prerender.tsx). A
// page that fails is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
// A page whose inputs are unchanged comes from the build cache (cache.ts) instead: its key is the hash of the
// source files its page kind's module graph reaches (codeHashOf), the site shell, its assets and its data (with
// each description by its own key: treeKeys.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import { InternalError } from '../errors.ts';
import { deepFreeze, type Site } from '../model/model.ts';
import { siteShell } from '../model/shell.ts';
import { codeHashOf, type Renderer } from './bundle.ts';
import { keyOf, sha256, type BuildCacheDir } from './cache.ts';
import { keyJson, sameKeyJson } from './treeKeys.ts';

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
}

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
  /** Write each page rendered now into the new site's folder at once and keep none of its bytes (emit reads
   *  the file again for its scans): a cold build of 10,000 heavy services held 190 MB of pages until emit.
   *  A page the cache holds is linked from there at once, unread. Not with `memo`, which keeps the bytes anyway. */
  staging?: { dir: string; write(path: string, file: { content: Uint8Array } | { copyFrom: string }): Promise<void>; paths(page: RenderedPage): readonly string[] };
  /** Pages to render before all others, by route, and what to do with them before the others are rendered:
   *  dev shows the pages open in a browser first (dev.ts). */
  first?: { routes: ReadonlySet<string>; ready(pages: readonly RenderedPage[]): Promise<unknown> };
}

/** Renders every page that neither `memo` nor the cache holds; `progress` hears of each page done. */
export async function renderPages(site: Site, pages: readonly Page[], renderer: Renderer, assetsFor: (kind: string) => DocumentAssets, options: RenderOptions = {}): Promise<RenderedPage[]> {
  const { memo, progress, store, indexName = 'pages', linkFiles = true } = options;
  const staging = memo ? undefined : options.staging;
  let writes: Promise<void>[] = [];
  let lastWrites: Promise<unknown> = Promise.resolve();
  const shell = siteShell(site);
  const common = keyOf('page', sha256(JSON.stringify(shell)));
  const index = (store && (await store.readRecord<PageIndex>(indexName))) || {};
  const nextIndex: PageIndex = {};
  /** Pages put into the cache now: their index entries are made once the blobs are written (their stamps). */
  const written: [key: string, hash: string][] = [];
  const failures: { route: string; cause: unknown }[] = [];
  let done = 0;
  // A page's key must say what it renders: its data and assets are frozen before they are keyed.
  const assetsByKind = new Map<string, DocumentAssets>();
  const assetsOf = (kind: string) => assetsByKind.get(kind) ?? assetsByKind.set(kind, deepFreeze(assetsFor(kind))).get(kind)!;
  const lastKeys = memo?.keys?.common === common ? memo.keys.pages : undefined;
  const keys: NonNullable<RenderMemo['keys']>['pages'] = new Map();
  // The pages of a kind share one assets object, and so did theirs in the rebuild before: each of those is
  // compared once. It is only asked of a page of the same kind (the page's walk compared the kinds), so the
  // assets object of the rebuild before says which kind's assets it is compared with.
  const assetsCompared = new Map<DocumentAssets, boolean>();
  const sameAssets = (now: DocumentAssets, before: DocumentAssets) => {
    let same = assetsCompared.get(before);
    if (same === undefined) assetsCompared.set(before, (same = sameKeyJson(now, before)));
    return same;
  };
  /** The page to render and its key. A page equal to the one the rebuild before keyed is that page: its
   *  frozen object and key, and this one is neither frozen nor keyed (10,000 pages' data frozen again was 70 ms
   *  of a dev rebuild). */
  const keyOfPage = (page: Page, assets: DocumentAssets): [Page, string] => {
    const code = codeHashOf(renderer, page.kind);
    const last = lastKeys?.get(page.route);
    if (last && last.code === code && sameKeyJson(page, last.page) && sameAssets(assets, last.assets)) {
      keys.set(page.route, last);
      return [last.page, last.key];
    }
    deepFreeze(page);
    const key = createHash('sha256').update(common).update(code).update(keyJson([page, assets])).digest('base64url');
    if (memo) keys.set(page.route, { page, assets, code, key });
    return [page, key];
  };
  const renderOne = (given: Page): [RenderedPage, string] => {
    const assets = assetsOf(given.kind);
    const [page, key] = keyOfPage(given, assets);
    const remembered = memo?.pages?.get(key);
    const entry = remembered?.blob ?? index[key];
    const [hash, stamp] = entry ? [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)] : [];
    // A one-off build links the cache's copy into the new site, checked by its stamp but not read: reading
    // 10,000 pages (185 MB) to keep them for emit was a third of a warm build's render stage. Should the copy go
    // (another build's prune) before it is linked, the page is rendered after all.
    if (staging && store && hash && stamp && linkFiles && store.stampSync(hash) === stamp) {
      store.count('pages', true);
      store.keep(hash);
      nextIndex[key] = entry!;
      progress?.(++done, pages.length);
      const paths = staging.paths({ page, html: '' });
      for (const path of paths) {
        const linked = staging.write(path, { copyFrom: store.blobPath(hash) });
        writes.push(linked.catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? writeFile(join(staging.dir, path), renderer.renderPage(page, shell, assets)) : Promise.reject(error))));
      }
      return [stagedPage(page, join(staging.dir, paths[0]!), { hash }), key];
    }
    let bytes = remembered?.bytes;
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
        nextIndex[key] = entry!;
        blob = hash;
      } else if (store) written.push([key, (blob = store.putBlob(bytes))]);
    } else {
      store?.count('pages', false);
      try {
        bytes = Buffer.from(renderer.renderPage(page, shell, assets));
        if (store) written.push([key, (blob = store.putBlob(bytes))]);
      } catch (cause) {
        failures.push({ route: page.route, cause });
        bytes = Buffer.alloc(0);
      }
    }
    progress?.(++done, pages.length);
    const extra = { ...(stored && linkFiles && { file: store!.blobPath(hash!) }), ...(blob && { hash: blob }) };
    if (!staging || extra.file || !bytes.length) return [renderedPage(page, bytes, extra), key];
    const paths = staging.paths(renderedPage(page, bytes));
    for (const path of paths) writes.push(staging.write(path, { content: bytes }));
    return [stagedPage(page, join(staging.dir, paths[0]!), extra), key];
  };
  const early = new Map<Page, [RenderedPage, string]>();
  if (options.first?.routes.size) {
    for (const page of pages) if (options.first.routes.has(page.route)) early.set(page, renderOne(page));
    // A page that failed is reported with the others, after the loop.
    const rendered = [...early].filter(([page]) => !failures.some((f) => f.route === page.route)).map(([, [done]]) => done);
    if (rendered.length) await options.first.ready(rendered);
  }
  const results: [RenderedPage, string][] = [];
  for (const page of pages) {
    results.push(early.get(page) ?? renderOne(page));
    // Rendering is synchronous: let the writes of the pages just rendered finish (their bytes go), and Pagefind's
    // messages through (search.ts).
    if (results.length % 10 === 0) await new Promise(setImmediate);
    // At most two hundred pages' bytes waiting for the disk: rendering outran the writes (and the cache's copies,
    // queued before them) and held 400 MB more at 10,000 pages with the cache.
    if (results.length % 100 === 0) {
      await lastWrites;
      lastWrites = Promise.all(writes);
      lastWrites.catch(() => undefined); // awaited at the next hundred, or after the loop
      writes = [];
    }
  }
  await lastWrites;
  await Promise.all(writes);
  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${pages.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  if (memo) {
    memo.pages = new Map(results.map(([r, key]) => [key, { bytes: r.bytes as Buffer, ...(nextIndex[key] && { blob: nextIndex[key] }) }]));
    memo.keys = { common, pages: keys };
  }
  store?.whenWritten(async () => {
    for (const [key, hash] of written) {
      const stamp = await store.stamp(hash);
      if (!stamp) continue;
      nextIndex[key] = `${hash}:${stamp}`;
      const remembered = memo?.pages?.get(key);
      if (remembered) remembered.blob = nextIndex[key];
    }
    if (!sameIndex(index, nextIndex)) store.writeRecord(indexName, nextIndex);
    else store.keepFile(`records/${indexName}`);
  });
  return results.map(([r]) => r);
}

/** A rendered page that holds its bytes only; `html` decodes them when read. */
export function renderedPage(page: Page, bytes: Buffer, extra: { file?: string; hash?: string } = {}): RenderedPage {
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
function stagedPage(page: Page, staged: string, extra: { file?: string; hash?: string }): RenderedPage {
  return {
    page,
    staged,
    get html() {
      return readFileSync(staged, 'utf8');
    },
    ...extra,
  };
}

const sameIndex = (a: PageIndex, b: PageIndex) => {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
};
