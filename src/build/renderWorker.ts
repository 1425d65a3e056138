// A worker thread of renderWorkers.ts: imports the bundled prerenderer and renders the batches of pages it
// is sent, answering each with the documents (or the failures) in the same order.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import type { renderPage as RenderPage } from '../client/prerender.tsx';
import type { SiteShell } from '../model/shell.ts';

export interface RenderWorkerData {
  rendererFile: string;
  shell: SiteShell;
  assets: Record<string, DocumentAssets>;
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
