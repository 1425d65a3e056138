// The page runtime shared by the prerenderer and the browser: which component renders a route kind and
// where its content comes from. The server hands it modules and data that are already there; the browser
// loads chunks and reads pages' prerendered markup on demand, and React suspends (showing the spinner) while
// they load.
import { createContext, use, useContext } from 'react';
import type { SiteShell } from '../model/shell.ts';
import type { PageChunk } from './pageKind.ts';
import type { PageMarkup } from './Prerendered.tsx';
import type { RouteTable } from './routeTable.ts';

/** A route's content: its data on the server; in the browser, the markup rendered from it. */
export type PageContent = { data: unknown } | { markup: PageMarkup };

export interface PageSource {
  /** The route table of the site's page kinds. */
  routes: RouteTable;
  /**
   * The kind's module when it is at hand (the server), otherwise a promise for it. A source hands out one
   * promise per kind for good, settled or not (src/client/loaders.ts says why).
   */
  page(kind: string): PageChunk | Promise<PageChunk>;
  /** The route's content, or a promise for it (one per route, as above); null when the route has no page. */
  content(route: string): PageContent | null | Promise<PageContent | null>;
  /**
   * The route's head tags and parts, from its HTML (the browser, for kinds without prerendered parts); the
   * server has none.
   */
  pageMarkup?(route: string): Promise<PageMarkup>;
  /** The parts every page has, as last seen (Prerendered.tsx's SharedPartsContext); the server has none. */
  sharedParts?(): Readonly<Record<string, string>>;
  /** Switches the document's styles to the kind's (the browser: src/client/stylesheets.ts); the server has none. */
  showStyles?(kind: string): void;
}

export const PageSourceContext = createContext<PageSource | null>(null);
export const SiteContext = createContext<SiteShell | null>(null);

export function usePageSource(): PageSource {
  const source = useContext(PageSourceContext);
  if (!source) throw new Error('usePageSource outside PageSourceContext');
  return source;
}

export function useSite(): SiteShell {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteContext');
  return site;
}

/** Resolves a value that may still be loading; suspends until it is there. */
export const settle = <T,>(value: T | Promise<T>): T => (value instanceof Promise ? use(value) : value);

/** A failed chunk load, described the way PRODUCT.md asks: chunk id, failure type and address. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  readonly chunk: string;
  readonly type: 'error' | 'timeout';
  readonly url: string;
  constructor(chunk: string, type: 'error' | 'timeout', url: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${url})`, options);
    this.chunk = chunk;
    this.type = type;
    this.url = url;
  }
}
