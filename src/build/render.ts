// Stage: render. Every page to a complete HTML document with the prerenderer (src/client/prerender.tsx). A
// page that fails is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import { InternalError } from '../errors.ts';
import type { Site } from '../model/model.ts';
import { siteShell } from '../model/shell.ts';
import { workerCount, WORTH_WORKERS } from '../workerPool.ts';
import { rendererFile, type Renderer } from './bundle.ts';
import { renderInWorkers } from './renderWorkers.ts';

export interface RenderedPage {
  page: Page;
  html: string;
}

interface Failure {
  route: string;
  cause: unknown;
}

/** Pages written while others render: enough to keep the disk busy. */
const CONCURRENCY = 16;

/**
 * The pages of an earlier build by a hash of everything they are rendered from, with the renderer that made
 * them. The renderer is a pure function of its inputs, so a dev rebuild after one description was edited
 * renders only the pages that changed (bundle.ts hands back the same renderer while the templates are
 * unchanged). renderPages keeps one site's worth in it.
 */
export interface RenderMemo {
  renderer?: Renderer;
  pages?: Map<string, string>;
}

/**
 * Renders every page not in `memo`: on this thread, or in worker threads when there are enough of them
 * (renderWorkers.ts). `onPage` (writing it out, say) runs as each page is done, reused ones included, and
 * rendering waits for it.
 */
export async function renderPages(
  site: Site,
  pages: readonly Page[],
  renderer: Renderer,
  assetsFor: (kind: string) => DocumentAssets,
  { onPage, memo }: { onPage?: (rendered: RenderedPage) => Promise<unknown>; memo?: RenderMemo } = {},
): Promise<RenderedPage[]> {
  const shell = siteShell(site);
  const common = createHash('sha256').update(JSON.stringify(shell)).digest();
  const keys = pages.map((page) => createHash('sha256').update(common).update(JSON.stringify([page, assetsFor(page.kind)])).digest('base64'));
  const reusable = memo?.renderer === renderer ? (memo.pages ?? new Map<string, string>()) : new Map<string, string>();
  const rendered: RenderedPage[] = new Array(pages.length);
  const failures: Failure[] = [];

  const finish = async (index: number, html: string) => {
    rendered[index] = { page: pages[index]!, html };
    try {
      await onPage?.(rendered[index]);
    } catch (cause) {
      failures.push({ route: pages[index]!.route, cause });
    }
  };
  const todo: number[] = [];
  for (let index = 0; index < pages.length; index++) {
    const html = reusable.get(keys[index]!);
    if (html === undefined) todo.push(index);
    else await finish(index, html);
  }

  const file = rendererFile(renderer);
  if (file && todo.length >= WORTH_WORKERS && workerCount() >= 2) {
    const setup = { rendererFile: file, shell, assetsFor };
    await renderInWorkers(
      todo.map((index) => pages[index]!),
      setup,
      async (i, outcome) => {
        const index = todo[i]!;
        if ('html' in outcome) await finish(index, outcome.html);
        else failures.push({ route: pages[index]!.route, cause: Object.assign(new Error(outcome.error), { stack: outcome.stack }) });
      },
    );
  } else {
    const limit = pLimit(CONCURRENCY);
    await Promise.all(
      todo.map((index) =>
        limit(async () => {
          const page = pages[index]!;
          let html: string;
          try {
            html = await renderer.renderPage(page, shell, assetsFor(page.kind));
          } catch (cause) {
            failures.push({ route: page.route, cause });
            return;
          }
          await finish(index, html);
        }),
      ),
    );
  }

  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${pages.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  if (memo) Object.assign(memo, { renderer, pages: new Map(rendered.map((r, index) => [keys[index]!, r.html])) });
  return rendered;
}
