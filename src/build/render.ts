// Stage: render. Every page to a complete HTML document with React's static prerenderer. A page that fails
// is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
import { createHash } from 'node:crypto';
import { InternalError } from '../errors.ts';
import { siteShell, type Page } from '../model/pages.ts';
import { siteShellAsset } from './shell.ts';
import type { Site } from '../model/model.ts';
import type { ClientBundle, Renderer } from './bundle.ts';

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
  const reusable = before?.renderer === renderer ? before.pages : new Map<string, string>();
  const now = new Map<string, string>();
  const manifest = { ...bundle.manifest, site: siteShellAsset(site).url };
  const common = createHash('sha256').update(JSON.stringify([shell, manifest])).digest();
  const rendered: RenderedPage[] = new Array(pages.length);
  const failures: { route: string; cause: unknown }[] = [];
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
  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${pages.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  return rendered;
}
