// Pages rendered on every core. Prerendering is most of a large build's CPU time (about 1 ms a page) and each
// page is independent, so from WORTH_WORKERS pages on (workerPool.ts) they are shared out, in small batches,
// to worker threads that import the same bundled prerenderer; the main thread writes each page as it comes
// back. Below that the main thread renders them faster: each worker loads React and the templates first.
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import type { SiteShell } from '../model/shell.ts';
import { runInWorkers } from '../workerPool.ts';
import type { RenderOutcome, RenderWorkerData } from './renderWorker.ts';

const BATCH = 40;

/**
 * Renders `pages` in worker threads; `onOutcome` gets each page's document or failure, by index, as batches
 * come back, and is awaited before the batch counts as done.
 */
export async function renderInWorkers(
  pages: readonly Page[],
  setup: { rendererFile: string; shell: SiteShell; assetsFor: (kind: string) => DocumentAssets },
  onOutcome: (index: number, outcome: RenderOutcome) => Promise<unknown>,
): Promise<void> {
  const kinds = [...new Set(pages.map((p) => p.kind))];
  const workerData: RenderWorkerData = {
    rendererFile: setup.rendererFile,
    shell: setup.shell,
    assets: Object.fromEntries(kinds.map((kind) => [kind, setup.assetsFor(kind)])),
  };
  await runInWorkers<Page, RenderOutcome>(new URL('./renderWorker.ts', import.meta.url), pages, { batch: BATCH, workerData }, (first, outcomes) =>
    Promise.all(outcomes.map((outcome, i) => onOutcome(first + i, outcome))),
  );
}
