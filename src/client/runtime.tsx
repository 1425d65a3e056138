// The page runtime shared by the prerenderer and the browser: which component renders a route kind and
// where its content comes from. The server hands it modules and data that are already there; the browser
// loads chunks and reads pages' prerendered markup on demand, and React suspends (showing the spinner) while
// they load.
import { createContext, use, useContext, type ComponentType } from 'react';
import type { PageData, SiteShell } from '../model/pages.ts';
import type { PageMarkup } from '../../templates/components/Prerendered.tsx';
import type { RouteKind } from '../model/routes.ts';

export interface PageProps {
  site: SiteShell;
  /** The page's data: on the server only (the browser adopts the markup rendered from it: Prerendered.tsx). */
  data?: PageData;
  /** The route's path parameters (templates/routes.ts). */
  params?: Readonly<Record<string, string>>;
}

/** A route's content: its data on the server; in the browser, the markup rendered from it. */
export type PageContent = { data: PageData } | { markup: PageMarkup };

export interface PageModule {
  default: ComponentType<PageProps>;
}

export interface PageSource {
  /**
   * The module when it is at hand (the server), otherwise a promise for it. A source hands out one promise per
   * kind for good, settled or not (src/client/loaders.ts says why).
   */
  page(kind: RouteKind): PageModule | Promise<PageModule>;
  /** The route's content, or a promise for it (one per route, as above); null when the route has no page. */
  content(route: string): PageContent | null | Promise<PageContent | null>;
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
