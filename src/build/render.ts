// Stage: render. Every page to a complete HTML document with the prerenderer (src/client/prerender.tsx). A
// page that fails is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
import { createHash } from 'node:crypto';
import type { DocumentAssets } from '../client/document.ts';
import type { Page } from '../client/pageKind.ts';
import { InternalError } from '../errors.ts';
import type { Site } from '../model/model.ts';
import { siteShell } from '../model/shell.ts';
import type { Renderer } from './bundle.ts';

export interface RenderedPage {
  page: Page;
  html: string;
}

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

/** Renders every page that `memo` does not already hold; `progress` hears of each page done (a progress line). */
export function renderPages(
  site: Site,
  pages: readonly Page[],
  renderer: Renderer,
  assetsFor: (kind: string) => DocumentAssets,
  memo?: RenderMemo,
  progress?: (done: number, total: number) => void,
): RenderedPage[] {
  const shell = siteShell(site);
  const common = createHash('sha256').update(JSON.stringify(shell)).digest();
  const reusable = memo?.renderer === renderer ? memo.pages : undefined;
  const keys: string[] = [];
  const failures: { route: string; cause: unknown }[] = [];
  const rendered = pages.map((page, index): RenderedPage => {
    const assets = assetsFor(page.kind);
    const key = createHash('sha256').update(common).update(JSON.stringify([page, assets])).digest('base64');
    keys.push(key);
    let html = reusable?.get(key);
    if (html === undefined) {
      try {
        html = renderer.renderPage(page, shell, assets);
      } catch (cause) {
        failures.push({ route: page.route, cause });
        html = '';
      }
    }
    progress?.(index + 1, pages.length);
    return { page, html };
  });
  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${pages.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  if (memo) Object.assign(memo, { renderer, pages: new Map(rendered.map((r, index) => [keys[index]!, r.html])) });
  return rendered;
}
