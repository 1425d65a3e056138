// The prerenderer's entry, bundled by esbuild for Node with the site's page kinds (the `storefront:page-kinds`
// module, made by src/build/bundle.ts from the files in templates/pages/). Renders one page to a complete
// HTML document. Every page module is imported eagerly and the page's data is at hand, so nothing suspends
// and the synchronous renderToString gives the same HTML as the streaming prerenderer at half the cost (no
// streams, no text encoding per chunk). Should something suspend all the same, React would print its fallback
// (the spinner) and mark the boundary for the client: that fails the page instead.
import { renderToReadableStream, renderToString } from 'react-dom/server';
import pageKinds from 'storefront:page-kinds';
import type { Site } from '../model/model.ts';
import type { SiteShell } from '../model/shell.ts';
import { App } from './App.tsx';
import { htmlDocument, type DocumentAssets } from './document.ts';
import { StaticLocation } from './location.tsx';
import type { BootData } from './manifest.ts';
import { pageKindProblems, type Head, type KindInfo, type Page, type PageSpec, type SearchRecord } from './pageKind.ts';
import { forPage, routeTable } from './routeTable.ts';
import type { PageSource } from './runtime.tsx';

/** This module's own file once bundled: what the build's worker threads import to render pages (build/render.ts). */
export const moduleUrl = import.meta.url;

/** Each kind's module that lacks an export it needs, with what is wrong. */
export const kindProblems: [kind: string, problems: string[]][] = Object.entries(pageKinds)
  .map(([kind, module]): [string, string[]] => [kind, pageKindProblems(kind, module)])
  .filter(([, problems]) => problems.length > 0);

/** What the browser and the build need to know of each kind: its paths and options. */
export const kindInfo: Record<string, KindInfo> = Object.fromEntries(
  Object.entries(pageKinds).map(([kind, module]) => [kind, { paths: module.paths, ...module.options }]),
);

const routes = kindProblems.length ? undefined : routeTable(kindInfo);

/** A page of `kind`. */
const pageOf = (kind: string, spec: PageSpec): Page => ({ kind, route: spec.route, data: spec.data, indexed: spec.indexed ?? true });

/** Every page of the site, from every kind, in the order of their routes. */
export function pagesOf(site: Site): Page[] {
  return Object.entries(pageKinds)
    .flatMap(([kind, module]) => module.pages(site).map((spec: PageSpec): Page => pageOf(kind, spec)))
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

export const headFor = (page: Page, site: SiteShell): Head => pageKinds[page.kind]!.head(page, site);

/** The records of the site's search index, from the kinds that offer search (none: no index is built). */
export const searchRecordsOf = (site: Site): SearchRecord[] => Object.values(pageKinds).flatMap((module) => module.searchRecords?.(site) ?? []);

/** What goes inside <div id="root">. */
function pageElement(page: Page, site: SiteShell) {
  const source: PageSource = {
    routes: forPage(routes!, page),
    page: (kind) => pageKinds[kind]!,
    // The page being rendered exists, with or without data of its own (an alternatives page without content).
    content: () => ({ data: page.data }),
  };
  return (
    <StaticLocation route={page.route}>
      <App site={site} source={source} />
    </StaticLocation>
  );
}

const renderBody = (page: Page, site: SiteShell): string => renderToString(pageElement(page, site));

/**
 * Why a page fails: renderToString says nothing of an error thrown inside a Suspense boundary (it prints the
 * fallback, which renderPage refuses), so the page is rendered once more by the streaming renderer, which tells.
 * The error, with the components it was thrown in; undefined when the page renders whole.
 */
export async function renderError(page: Page, site: SiteShell): Promise<{ error: unknown; components: string[] } | undefined> {
  let found: { error: unknown; components: string[] } | undefined;
  const stream = await renderToReadableStream(pageElement(page, site), {
    onError(error, info) {
      found ??= { error, components: [...(info?.componentStack ?? '').matchAll(/^\s*at ([A-Z]\w*)/gm)].map((m) => m[1]!) };
    },
  });
  await stream.allReady;
  await stream.cancel();
  return found;
}

export function renderPage(page: Page, site: SiteShell, assets: DocumentAssets): string {
  const body = renderBody(page, site);
  if (body.includes('<!--$!-->') || body.includes('<!--$?-->')) {
    throw new Error(`${page.route} suspended while prerendering: its content would be the loading spinner`);
  }
  const boot: BootData = { kind: page.kind, ...(kindInfo[page.kind]?.startsClient === 'with-query' && { start: 'query' }) };
  return htmlDocument({ head: headFor(page, site), brand: site.brand, body, boot, assets });
}
