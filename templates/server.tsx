// The prerenderer's entry, bundled by esbuild for Node: renders one page to a complete HTML document.
// Every page module is imported eagerly and the page's data is at hand, so nothing suspends and the
// synchronous renderToString gives the same HTML as the streaming prerenderer at half the cost (no streams, no
// text encoding per chunk). Should something suspend all the same, React would print its fallback (the
// spinner) and mark the boundary for the client: that fails the page instead.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageModule, PageSource } from '../src/client/runtime.tsx';
import type { Page, SiteShell } from '../src/model/pages.ts';
import { SiteContext } from '../src/client/runtime.tsx';
import type { RouteKind } from '../src/model/routes.ts';
import { App } from './App.tsx';
import { RenderOnceContext, type RenderOnce } from './components/SameOnEveryPage.tsx';
import { htmlDocument, type DocumentAssets } from './document.ts';
import { headFor } from './head.ts';
import * as alternatives from './pages/Alternatives.tsx';
import * as home from './pages/Home.tsx';
import * as notFound from './pages/NotFound.tsx';
import * as service from './pages/Service.tsx';
import * as sitemap from './pages/Sitemap.tsx';
import * as thread from './pages/Thread.tsx';

const pages: Record<RouteKind, PageModule> = { home, thread, service, alternatives, sitemap, notFound };

/**
 * What a page tells the client about itself: its kind (the route is the address it is at, except on the 404
 * page, which a host serves at any address). The rest is the same on every page (clientLoader.ts).
 */
export interface BootData {
  kind: RouteKind;
}

// React puts a preload link for each image it expects to matter in front of the markup (it has no <head> to
// put them in). Those images are all within the first kilobytes of the body, where the browser's preload
// scanner finds them as early; the links were 160 bytes a page.
const LEADING_PRELOADS = /^(<link [^>]*\/>)+/;

// Markup of the parts that are the same on every page (SameOnEveryPage), per site shell: a build hands every
// page the same shell object, and a rebuild a new one.
const renderedOnce = new WeakMap<SiteShell, RenderOnce>();

export function renderOnceFor(site: SiteShell): RenderOnce {
  let renderOnce = renderedOnce.get(site);
  if (!renderOnce) {
    const markup = new Map<string, string>();
    renderOnce = (key, content) => {
      let html = markup.get(key);
      if (html === undefined) markup.set(key, (html = renderToString(<SiteContext value={site}>{content}</SiteContext>).replace(LEADING_PRELOADS, '')));
      return html;
    };
    renderedOnce.set(site, renderOnce);
  }
  return renderOnce;
}

/** The markup inside <div id="root">; without `renderOnce`, every part rendered in place. */
export function renderBody(page: Page, site: SiteShell, renderOnce: RenderOnce | null): string {
  const source: PageSource = {
    page: (kind) => pages[kind],
    content: () => (page.data ? { data: page.data } : null),
  };
  return renderToString(
    <RenderOnceContext value={renderOnce}>
      <StaticRouter location={page.route}>
        <App site={site} source={source} />
      </StaticRouter>
    </RenderOnceContext>,
  ).replace(LEADING_PRELOADS, '');
}

export async function renderPage(page: Page, site: SiteShell, assets: DocumentAssets): Promise<string> {
  const body = renderBody(page, site, renderOnceFor(site));
  if (body.includes('<!--$!-->') || body.includes('<!--$?-->')) {
    throw new Error(`${page.route} suspended while prerendering: its content would be the loading spinner`);
  }
  const boot: BootData = { kind: page.kind };
  return htmlDocument({ head: headFor(page, site), brand: site.brand, body, boot, assets });
}
