// Stage: search. The site's search index, made by Pagefind from the records the page kinds offer
// (`searchRecords`, e.g. one per service), written under /pagefind/. Pagefind splits the index into chunks by
// word, so a search fetches the parts it needs, not the whole catalogue: that keeps search fast at 10,000
// services. Its indexer is a prebuilt binary in the npm package, run as a service process; the records are
// handed over as they are, no HTML parsed.
//
// The service is fed from this thread: rendering lets its messages through every 100 pages (render.ts). When
// rendering was one synchronous stretch (4 s at 10,000 services), Pagefind began indexing only after it, and
// a worker thread fed it instead, at 60 MB more memory (docs/decisions.md).
import { close, createIndex } from 'pagefind';
import type { SearchRecord } from '../client/pageKind.ts';
import { SITE_FOLDERS } from '../core/siteFolders.ts';

export const SEARCH_FOLDER = SITE_FOLDERS.search;

// Pagefind also writes its ready-made search UIs, a playground, and a WebAssembly build for pages of no known
// language (every record here is English); the site has its own search page.
const RUNTIME_FILE = /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.en\.pagefind|pagefind\.[\w-]+\.pf_meta|(index|fragment|filter)\/[\w.-]+)$/;

// One fragment file per record, as Pagefind makes them by default: a search loads the file of each result it
// shows. Ten records to a file (maxFragments 1,000) saved 9,000 files at 10,000 services but cost the first
// search 63 KB more, over its budget (docs/decisions.md).

/** The indexes being made in this process: builds running side by side (sibling output folders) share
 *  Pagefind's service, which only the last of them closes. */
const indexing = new Set<object>();

/** The index's files, by path inside the site; none when no page kind offers search. */
export async function searchIndex(records: readonly SearchRecord[]): Promise<Map<string, Uint8Array>> {
  if (!records.length) return new Map();
  const self = {};
  indexing.add(self);
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`Pagefind could not start an index: ${errors.join('; ')}`);
    try {
      const added = await Promise.all(records.map((record) => index.addCustomRecord({ ...record, language: 'en' })));
      const failed = added.flatMap((response) => response.errors);
      if (failed.length) throw new Error(`Pagefind refused search records: ${failed.slice(0, 3).join('; ')}`);
      const { files, errors: writeErrors } = await index.getFiles();
      if (writeErrors.length) throw new Error(`Pagefind could not make the index: ${writeErrors.join('; ')}`);
      return new Map(files.filter((file) => RUNTIME_FILE.test(file.path)).map((file) => [`${SEARCH_FOLDER}/${file.path}`, file.content]));
    } finally {
      await index.deleteIndex();
    }
  } finally {
    // The indexer keeps the memory it built the index in (400 MB at 10,000 services) until it exits.
    indexing.delete(self);
    if (!indexing.size) await close();
  }
}
