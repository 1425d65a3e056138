// A part of a page that holds no state and no event handler (a service's details and description, the
// catalogue, the sitemap, the footer): rendered from the page's data on the server only. The browser adopts the server's
// markup as it is: when it hydrates, the markup is read from the document; when it navigates, from the next
// page's HTML (src/client/loaders.ts). So the page ships no copy of its data for the client (3 KB of a 17 KB
// service page; with the home page's and the sitemap's data.json, 32 MB of output at 10,000 services), and
// React hydrates one element where it had hundreds.
// Links inside still navigate client-side: one document listener routes plain <a href> (links.tsx).
import { createContext, useContext, type ReactNode } from 'react';
import { pageHeadOf, type PageHead } from './headTags.ts';

/** What the browser knows of a page with prerendered parts: its head tags and each part's markup, by name. */
export interface PageMarkup {
  head: PageHead;
  parts: Readonly<Record<string, string>>;
}

/** Provided in the browser (RouteView); absent on the server, which renders the parts from the data. */
export const PageMarkupContext = createContext<PageMarkup | null>(null);

/**
 * The browser's parts every page has (the footer), for a page kind without prerendered parts of its own (search,
 * the quote, 404): read from the document the client started on, and from each page's HTML fetched since
 * (src/client/loaders.ts). Absent on the server.
 */
export const SharedPartsContext = createContext<Readonly<Record<string, string>> | null>(null);

/**
 * The attribute that marks a prerendered part in the HTML and names it, for the browser to find it. Not an id:
 * ids of the page's own (a category's anchor is one) could be the same word.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

interface PrerenderedProps {
  as: 'article' | 'div' | 'footer' | 'nav' | 'section';
  name: string;
  id?: string;
  className?: string;
  'aria-labelledby'?: string;
  /** The part's content; called on the server only. */
  children: () => ReactNode;
}

export function Prerendered({ as: Tag, name, children, ...attributes }: PrerenderedProps) {
  const markup = useContext(PageMarkupContext);
  const shared = useContext(SharedPartsContext);
  const marker = { [PRERENDERED_ATTRIBUTE]: name };
  if (!markup && !shared) return <Tag {...attributes} {...marker}>{children()}</Tag>;
  // A shared part is missing only when the client started on a page without it (/thread): it is filled in
  // once this page's HTML has been fetched (RouteView).
  const html = markup ? markup.parts[name] : (shared?.[name] ?? '');
  if (html === undefined) throw new Error(`Internal error: the page has no prerendered part "${name}"`);
  // React leaves the children of an element with dangerouslySetInnerHTML alone when it hydrates, and sets
  // them again only when the string changes: it is the one read from this same element.
  return <Tag {...attributes} {...marker} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Head tags and prerendered parts of a parsed document (the loaded page, or the next one's HTML). */
export function pageMarkupOf(document: Document): PageMarkup {
  const parts: Record<string, string> = {};
  for (const element of document.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`)) parts[element.getAttribute(PRERENDERED_ATTRIBUTE)!] = element.innerHTML;
  return { head: pageHeadOf(document), parts };
}
