// Stage: render. Every page to a complete HTML document with React's static prerenderer. A page that fails
// is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
import { createHash } from 'node:crypto';
import { InternalError } from '../errors.ts';
import { siteShell, type Page } from '../model/pages.ts';
import { siteShellAsset } from './shell.ts';
import type { Site } from '../model/model.ts';
import { rendererFile, type ClientBundle, type Renderer } from './bundle.ts';
import { renderInWorkers, workerCount, WORTH_WORKERS } from './renderWorkers.ts';

export interface RenderedPage {
  page: Page;
  html: string;
}

const CONCURRENCY = 16;

// The pages of the previous run by a hash of everything they are rendered from, with the renderer that made
// them. The renderer is a pure function of its inputs, so a dev rebuild after one description was edited
// renders only the pages that changed (bundle.ts hands back the same renderer while the templates are
// unchanged). Holds one site's worth of pages.
let before: { renderer: Renderer; pages: Map<string, string> } | undefined;

/** Renders every page; `onPage` (writing it out, say) runs as each is done, and rendering waits for it. */
export async function renderPages(
  site: Site,
  pages: readonly Page[],
  renderer: Renderer,
  bundle: ClientBundle,
  onPage?: (rendered: RenderedPage) => Promise<unknown>,
): Promise<RenderedPage[]> {
  const shell = siteShell(site);
  const manifest = { ...bundle.manifest, site: siteShellAsset(site).url };
  const file = rendererFile(renderer);
  if (file && pages.length >= WORTH_WORKERS && workerCount() >= 2) {
    before = undefined;
    return renderWithWorkers(pages, { rendererFile: file, shell, manifest, assetsFor: bundle.assetsFor }, onPage);
  }
  const reusable = before?.renderer === renderer ? before.pages : new Map<string, string>();
  const now = new Map<string, string>();
  const common = createHash('sha256').update(JSON.stringify([shell, manifest])).digest();
  const rendered: RenderedPage[] = new Array(pages.length);
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index]!;
      try {
        const assets = bundle.assetsFor(page.kind);
        const key = createHash('sha256').update(common).update(JSON.stringify([page, assets])).digest('base64');
        const html = reusable.get(key) ?? (await renderer(page, shell, assets, manifest));
        now.set(key, html);
        rendered[index] = { page, html };
        await onPage?.(rendered[index]);
      } catch (cause) {
        failures.push({ route: page.route, cause });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pages.length) }, worker));
  before = { renderer, pages: now };
  return done(rendered, failures);
}

async function renderWithWorkers(
  pages: readonly Page[],
  setup: Parameters<typeof renderInWorkers>[1],
  onPage?: (rendered: RenderedPage) => Promise<unknown>,
): Promise<RenderedPage[]> {
  const rendered: RenderedPage[] = new Array(pages.length);
  const failures: Failure[] = [];
  await renderInWorkers(pages, setup, async (index, outcome) => {
    const page = pages[index]!;
    if ('error' in outcome) {
      failures.push({ route: page.route, cause: Object.assign(new Error(outcome.error), { stack: outcome.stack }) });
      return;
    }
    rendered[index] = { page, html: outcome.html };
    try {
      await onPage?.(rendered[index]);
    } catch (cause) {
      failures.push({ route: page.route, cause });
    }
  });
  return done(rendered, failures);
}

interface Failure {
  route: string;
  cause: unknown;
}

function done(rendered: RenderedPage[], failures: Failure[]): RenderedPage[] {
  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${rendered.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  return rendered;
}
