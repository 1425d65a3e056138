// What emit learns of every page (its scan: pageScan.ts), kept for the next build into the same folder. A page
// rendered now comes with its scan, but one taken from the cache unread would have to be read for it (100 MB of
// HTML at 10,000 services, 0.45 s), and after one description changed all but a few pages are the same bytes as
// last time (the same blob hash, render.ts).
// - Links: a page whose bytes are the same as in the last build has the same links as when that build checked
//   them (and found none broken), and a link resolves to the one file its path names (links.ts resolveUrl). The
//   record keeps the files the pages linked to; while each is still there, only the changed pages are checked.
//   Files that come and go unlinked (a search index's parts, a card renamed by a price edit) change nothing;
//   a linked file gone, or a changed page whose ids changed (an unchanged page may link to one by #id), makes
//   every page checked, as always.
// - Inline scripts: each page's set of hashes is kept by page; the union is the same as one scan of all pages.
// The record is written only after a build that passed, and read only by the next build into the same folder.
import { createHash } from 'node:crypto';
import type { KindInfo } from '../client/pageKind.ts';
import { codeVersion, type BuildCacheDir } from './cache.ts';
import { pagePaths } from './emit.ts';
import { documentScan, findBrokenLinks, type BrokenLink, type Documents } from './links.ts';
import { idsOf } from './pageScan.ts';
import { scanOf, type RenderedPage } from './render.ts';

interface FactsRecord {
  /** The files the pages' links resolved to: after a check of every page, theirs; after a check of the changed
   *  pages, those of the record before (each still there) and theirs. */
  linked: string[];
  /** Each page document, by path: its hash, and the index of its inline scripts' hashes in `scripts`. */
  pages: Record<string, [hash: string, scripts: number]>;
  scripts: (readonly string[])[];
}

export class PageFacts {
  private readonly last: FactsRecord | undefined;
  private readonly store: BuildCacheDir;
  private readonly name: string;
  /** Path → page hash, for this build's documents (a page without a hash is never taken as unchanged). */
  private readonly hashes = new Map<string, string | undefined>();
  private linked: Set<string> | undefined;
  private scripts = new Map<string, number>();
  private scriptSets: (readonly string[])[] = [];
  private pageScripts = new Map<string, number>();

  private constructor(store: BuildCacheDir, name: string, last: FactsRecord | undefined, pages: readonly RenderedPage[], kinds: Readonly<Record<string, KindInfo>>) {
    this.store = store;
    this.name = name;
    this.last = last;
    for (const rendered of pages) for (const path of pagePaths(rendered, kinds)) this.hashes.set(path, rendered.hash);
  }

  static async read(store: BuildCacheDir, name: string, pages: readonly RenderedPage[], kinds: Readonly<Record<string, KindInfo>>): Promise<PageFacts> {
    const last = await store.readRecord<FactsRecord>(name);
    const valid = last && Array.isArray(last.linked) && last.pages && Array.isArray(last.scripts) ? last : undefined;
    return new PageFacts(store, name, valid, pages, kinds);
  }

  private unchanged(path: string): boolean {
    const hash = this.hashes.get(path);
    return hash !== undefined && this.last?.pages[path]?.[0] === hash;
  }

  /** findBrokenLinks, looking again only at what may have changed since the last build. */
  checkLinks = (documents: Documents, files: ReadonlySet<string>): BrokenLink[] => {
    const changed = [...documents.keys()].filter((path) => !this.unchanged(path));
    const partial = this.last !== undefined && this.last.linked.every((file) => files.has(file)) && changed.every((path) => this.sameIds(path, documents.get(path)));
    this.linked = new Set(partial ? this.last!.linked : []);
    return findBrokenLinks(documents, files, partial ? changed : undefined, this.linked);
  };

  /** Whether a changed page has the ids its previous version had (read from the cache; gone: no). */
  private sameIds(path: string, document: ReturnType<Documents['get']>): boolean {
    const before = this.last?.pages[path]?.[0];
    if (!before) return false; // a new page: every page is checked, as before the record
    const old = this.store.readBlobSync(before);
    if (!old) return false;
    const [a, b] = [idsOf(old.toString('utf8')), new Set(documentScan(document)?.ids)];
    return a.size === b.size && [...a].every((id) => b.has(id));
  }

  /** inlineScriptHashes of the pages, scanning only the pages that changed since the last build. */
  scriptHashes = (pages: readonly RenderedPage[], kinds: Readonly<Record<string, KindInfo>>): string[] => {
    const union = new Set<string>();
    for (const rendered of pages) {
      for (const path of pagePaths(rendered, kinds)) {
        const kept = this.unchanged(path) ? this.last!.scripts[this.last!.pages[path]![1]] : undefined;
        // An unchanged page is not read (decoded) at all.
        const hashes = kept ?? scanOf(rendered).scripts;
        const key = hashes.join(' ');
        let index = this.scripts.get(key);
        if (index === undefined) {
          this.scripts.set(key, (index = this.scriptSets.length));
          this.scriptSets.push(hashes);
        }
        this.pageScripts.set(path, index);
        for (const hash of hashes) union.add(hash);
      }
    }
    return [...union].sort();
  };

  /** After the build passed: what the next one compares with. */
  keep(): void {
    const pages: FactsRecord['pages'] = {};
    for (const [path, hash] of this.hashes) {
      const scripts = this.pageScripts.get(path);
      if (hash !== undefined && scripts !== undefined) pages[path] = [hash, scripts];
    }
    if (this.linked) this.store.writeRecord(this.name, { linked: [...this.linked], pages, scripts: this.scriptSets } satisfies FactsRecord);
  }
}

/** The record of the last build into `outDir`, as this code checks links: a change to the check (what a scan
 *  takes, what counts as broken) makes every page checked again, not only the changed ones. */
export const factsName = (outDir: string) => `page-facts-${createHash('sha256').update(outDir).update(codeVersion(['src/build/pageFacts.ts'])).digest('hex').slice(0, 16)}`;
