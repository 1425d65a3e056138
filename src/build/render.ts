// Stage: render. Every page to a complete HTML document with React's static prerenderer. A page that fails
// is collected, not fatal at once, so one run names every broken page (as Docusaurus does).
import { InternalError } from '../errors.ts';
import { siteShell, type Page } from '../model/pages.ts';
import type { Site } from '../model/model.ts';
import type { ClientBundle, Renderer } from './bundle.ts';

export interface RenderedPage {
  page: Page;
  html: string;
}

const CONCURRENCY = 16;

export async function renderPages(site: Site, pages: readonly Page[], renderer: Renderer, bundle: ClientBundle): Promise<RenderedPage[]> {
  const shell = siteShell(site);
  const rendered: RenderedPage[] = new Array(pages.length);
  const failures: { route: string; cause: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index]!;
      try {
        rendered[index] = { page, html: await renderer(page, shell, bundle.assetsFor(page.kind), bundle.manifest) };
      } catch (cause) {
        failures.push({ route: page.route, cause });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pages.length) }, worker));
  if (failures.length) {
    const list = failures.map((f) => `  ${f.route}: ${f.cause instanceof Error ? f.cause.message : String(f.cause)}`).join('\n');
    throw new InternalError(`${failures.length} of ${pages.length} pages failed to render:\n${list}`, { cause: failures[0]!.cause });
  }
  return rendered;
}
