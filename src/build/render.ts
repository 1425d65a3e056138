// Stage: render. Every page to a complete HTML document with the prerenderer (src/client/prerender.tsx). A
// page that fails is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
// A page whose inputs are unchanged comes from the build cache (cache.ts) instead: its key is the hash of the
// source files its page kind's module graph reaches (codeHashOf), the site shell, its assets and its data.
import { createHash } from 'node:crypto';
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import { InternalError } from '../errors.ts';
import type { Site } from '../model/model.ts';
import { siteShell } from '../model/shell.ts';
import { codeHashOf, type Renderer } from './bundle.ts';
import { keyOf, sha256, type BuildCacheDir } from './cache.ts';

export interface RenderedPage {
  page: Page;
  html: string;
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
  pages?: Map<string, { html: string; blob?: string }>;
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
}

/** Renders every page that neither `memo` nor the cache holds; `progress` hears of each page done. */
export async function renderPages(site: Site, pages: readonly Page[], renderer: Renderer, assetsFor: (kind: string) => DocumentAssets, options: RenderOptions = {}): Promise<RenderedPage[]> {
  const { memo, progress, store, indexName = 'pages', linkFiles = true } = options;
  const shell = siteShell(site);
  const common = keyOf('page', sha256(JSON.stringify(shell)));
  const index = (store && (await store.readRecord<PageIndex>(indexName))) || {};
  const nextIndex: PageIndex = {};
  /** Pages put into the cache now: their index entries are made once the blobs are written (their stamps). */
  const written: [key: string, hash: string][] = [];
  const failures: { route: string; cause: unknown }[] = [];
  let done = 0;
  const renderOne = async (page: Page): Promise<[RenderedPage, string]> => {
    const assets = assetsFor(page.kind);
    const key = createHash('sha256').update(common).update(codeHashOf(renderer, page.kind)).update(JSON.stringify([page, assets])).digest('base64url');
    const remembered = memo?.pages?.get(key);
    const entry = remembered?.blob ?? index[key];
    const [hash, stamp] = entry ? [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)] : [];
    let html = remembered?.html;
    let file: string | undefined;
    let blob: string | undefined;
    if (store && hash && stamp) {
      // From the cache folder: read and checked by its stamp. From memory (dev): linked only while its blob is
      // as it was written.
      if (html === undefined) html = store.readBlobSync(hash, stamp)?.toString('utf8');
      if (html !== undefined && (remembered === undefined || !linkFiles || store.stampSync(hash) === stamp)) file = store.blobPath(hash);
    }
    if (html !== undefined) {
      store?.count('pages', true);
      if (file) {
        store!.keep(hash!);
        nextIndex[key] = entry!;
        blob = hash;
      } else if (store) written.push([key, (blob = store.putBlob(html))]);
    } else {
      store?.count('pages', false);
      try {
        html = renderer.renderPage(page, shell, assets);
        if (store) written.push([key, (blob = store.putBlob(html))]);
      } catch (cause) {
        failures.push({ route: page.route, cause });
        html = '';
      }
    }
    progress?.(++done, pages.length);
    return [{ page, html, ...(file && linkFiles && { file }), ...(blob && { hash: blob }) }, key];
  };
  const results = await Promise.all(pages.map(renderOne));
  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${pages.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  if (memo) memo.pages = new Map(results.map(([r, key]) => [key, { html: r.html, ...(nextIndex[key] && { blob: nextIndex[key] }) }]));
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

const sameIndex = (a: PageIndex, b: PageIndex) => {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
};
