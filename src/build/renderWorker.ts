// A worker thread of renderWorkers.ts: imports the bundled prerenderer and renders the batches of pages it
// is sent, answering each with the documents (or the failures) in the same order.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Page, SiteShell } from '../model/pages.ts';
import type { RouteKind } from '../model/routes.ts';
import type { DocumentAssets } from '../../templates/document.ts';
import type { renderPage as RenderPage } from '../../templates/server.tsx';

export interface RenderWorkerData {
  rendererFile: string;
  shell: SiteShell;
  assets: Partial<Record<RouteKind, DocumentAssets>>;
}

export type RenderOutcome = { html: string } | { error: string; stack?: string };

const { rendererFile, shell, assets } = workerData as RenderWorkerData;
const { renderPage } = (await import(pathToFileURL(rendererFile).href)) as { renderPage: typeof RenderPage };

parentPort!.on('message', async (pages: Page[]) => {
  const outcomes: RenderOutcome[] = [];
  for (const page of pages) {
    try {
      outcomes.push({ html: await renderPage(page, shell, assets[page.kind]!) });
    } catch (error) {
      outcomes.push(error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) });
    }
  }
  parentPort!.postMessage(outcomes);
});
