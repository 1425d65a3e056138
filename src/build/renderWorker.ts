// A worker's task (workers.ts): pages rendered off the main thread by the prerenderer module at `module` (Node's
// module map keeps it loaded for the thread's next tasks), each returned with what emit's checks take of it
// (pageScan.ts) as its UTF-8 bytes, or, given the build cache's blobs folder, as the blob it was stored in there
// (the main thread links it into the site, and 10,000 pages' 177 MB do not pass through it); or the error it threw.
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import type { SiteShell } from '../model/shell.ts';
import type { PrerendererModule } from './bundle.ts';
import { storeBlobSync, type StoredBlob } from './cache.ts';
import { scanPage, type PageScan } from './pageScan.ts';

export interface RenderTask {
  module: string;
  shell: SiteShell;
  pages: [Page, DocumentAssets][];
  /** The build cache's blobs folder, when the pages are to be stored there. */
  blobs?: string;
}

/** A failure keeps its error's name (TypeError, …): the build's report of the pages that failed shows it. */
export type RenderOutcome = { bytes: Uint8Array; scan: PageScan } | { stored: StoredBlob; scan: PageScan } | { error: string; name?: string; stack?: string };

const encoder = new TextEncoder();

export default async ({ module, shell, pages, blobs }: RenderTask): Promise<RenderOutcome[]> => {
  const renderer = (await import(module)) as PrerendererModule;
  return pages.map(([page, assets]) => renderOutcome(() => renderer.renderPage(page, shell, assets), blobs));
};

/** A page rendered by `render`, stored in `blobs` when given (and possible), as a thread or the main thread
 *  hands it to render.ts. */
export function renderOutcome(render: () => string, blobs?: string): RenderOutcome {
  try {
    const html = render();
    const bytes = encoder.encode(html);
    const stored = blobs === undefined ? undefined : storeBlobSync(blobs, bytes);
    return stored ? { stored, scan: scanPage(html) } : { bytes, scan: scanPage(html) };
  } catch (cause) {
    return cause instanceof Error ? { error: cause.message, name: cause.name, ...(cause.stack && { stack: cause.stack }) } : { error: String(cause) };
  }
}
