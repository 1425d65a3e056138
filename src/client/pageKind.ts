// A page kind is one module in templates/pages/: its file name is the kind's name, and its exports say
// everything the build and the browser need to know about it. The build finds the modules in the folder
// (src/build/pageKinds.ts); nothing else lists the kinds.
//
//   export const paths = ['/service/:slug/:id'];         route patterns it answers, React Router style
//   export const options = { prerenderedParts: true };   see PageKindOptions (optional)
//   export function pages(site) { … }                    the pages it makes from the model, with their data
//   export function head(page, site) { … }               title, description, canonical URL, JSON-LD
//   export default function Service(props) { … }         its component
//   export function searchRecords(site) { … }            what site search finds (optional, see SearchRecord)
//
// The browser's chunk for a kind holds only `default`: `paths` and `options` reach it through the client
// manifest, and `pages` and `head` never (after a client-side navigation the browser takes the new page's head
// from its HTML: src/client/headTags.ts).
import type { SocialCard } from './socialCard.ts';
import type { ComponentType } from 'react';
import type { Site } from '../model/model.ts';
import type { SiteShell } from '../model/shell.ts';

export interface PageKindOptions {
  /**
   * The page's <Prerendered> parts render from its data on the server only; the browser adopts their markup
   * (from the document, or from the page's HTML after navigating), so the data never ships to it.
   */
  prerenderedParts?: boolean;
  /** This kind's page is the 404 page: also written as 404.html, and where unknown paths go. */
  notFound?: boolean;
  /** Other sites may frame these pages (every other page forbids it). */
  embeddable?: boolean;
  /**
   * The client starts with the page, not at the visitor's first intent (clientLoader.ts), when the page draws
   * from its address what the prerendered HTML cannot: 'with-query' when the address has a query (search
   * results).
   */
  startsClient?: 'with-query';
}

/** A page a kind makes: its route and, for kinds with prerendered parts, its data. */
export interface PageSpec<Data = unknown> {
  route: string;
  data?: Data;
  /** false for pages search engines should not index (404). Default true. */
  indexed?: boolean;
}

/** One prerendered page of the site. */
export interface Page<Data = unknown> {
  kind: string;
  route: string;
  data?: Data;
  indexed: boolean;
}

export interface Head {
  title: string;
  description: string;
  /** Absolute canonical URL; absent on pages that are not indexed. */
  canonical?: string;
  robots?: string;
  /** An image of the page's own for link previews (absolute URL, 1200×630): the home page's from the theme. */
  image?: string;
  /** What the page's social image says, which the build draws (socialCard.ts) when it has no `image`. */
  social?: SocialCard;
  /** The image's alt text (the card's words, or the page's title). */
  imageAlt?: string;
  /** Further <link> elements, e.g. rel="prev" and rel="next" between the pages of a paginated list. */
  links?: { rel: 'prev' | 'next'; href: string }[];
  jsonLd: object[];
}

export interface PageProps<Data = unknown> {
  site: SiteShell;
  /** The page's data: on the server only (the browser adopts the markup rendered from it: Prerendered.tsx). */
  data?: Data;
  /** The route's path parameters. */
  params?: Readonly<Record<string, string>>;
}

/** What the browser loads for a kind: its chunk. */
export interface PageChunk {
  default: ComponentType<PageProps<any>>;
}

/**
 * One entry of the site's search index (src/build/search.ts): the page it leads to, the text it is found by, and
 * the strings its result shows, filters by and sorts by. The words of `meta.title` count more than the rest.
 */
export interface SearchRecord {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  sort: Record<string, string>;
}

/** A page kind module, as the build imports it. */
export interface PageKindModule extends PageChunk {
  head(page: Page<any>, site: SiteShell): Head;
  paths: readonly string[];
  options?: PageKindOptions;
  pages(site: Site): PageSpec<any>[];
  /** The search index's records, when this kind offers site search. */
  searchRecords?(site: Site): SearchRecord[];
}

/** What the browser knows of a kind before loading its chunk: from the client manifest. */
export interface KindInfo extends PageKindOptions {
  paths: readonly string[];
}

/** The exports every page kind module must have, checked when the build loads them. */
export function pageKindProblems(name: string, module: Partial<PageKindModule>): string[] {
  const problems: string[] = [];
  if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) problems.push(`its file name "${name}" must be a name in camelCase (letters and digits, starting with a lowercase letter)`);
  if (!Array.isArray(module.paths) || !module.paths.length || !module.paths.every((p) => typeof p === 'string' && p.startsWith('/'))) {
    problems.push('it must export `paths`: a list of route patterns such as "/faq" or "/service/:slug/:id"');
  }
  for (const fn of ['pages', 'head', 'default'] as const) if (typeof module[fn] !== 'function') problems.push(`it must export ${fn === 'default' ? 'a default component' : `a function \`${fn}\``}`);
  return problems;
}
