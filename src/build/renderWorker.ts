// A worker's task (workers.ts): pages rendered off the main thread by the prerenderer module at `module` (Node's
// module map keeps it loaded for the thread's next tasks), each returned as its UTF-8 bytes with what emit's checks
// take of it (pageScan.ts), or the error it threw.
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import type { SiteShell } from '../model/shell.ts';
import type { PrerendererModule } from './bundle.ts';
import { scanPage, type PageScan } from './pageScan.ts';

export interface RenderTask {
  module: string;
  shell: SiteShell;
  pages: [Page, DocumentAssets][];
}

export type RenderOutcome = { bytes: Uint8Array; scan: PageScan } | { error: string; stack?: string };

const encoder = new TextEncoder();

export default async ({ module, shell, pages }: RenderTask): Promise<RenderOutcome[]> => {
  const renderer = (await import(module)) as PrerendererModule;
  return pages.map(([page, assets]) => {
    try {
      const html = renderer.renderPage(page, shell, assets);
      return { bytes: encoder.encode(html), scan: scanPage(html) };
    } catch (cause) {
      return cause instanceof Error ? { error: cause.message, ...(cause.stack && { stack: cause.stack }) } : { error: String(cause) };
    }
  });
};
