// A part of a page that holds no state and no event handler (a service's details and description, the
// catalogue, the sitemap): rendered from the page's data on the server only. The browser adopts the server's
// markup as it is: when it hydrates, the markup is read from the document; when it navigates, from the next
// page's HTML (src/client/loaders.ts). So the page ships no copy of its data for the client (3 KB of a 17 KB
// service page; with the home page's and the sitemap's data.json, 32 MB of output at 10,000 services), and
// React hydrates one element where it had hundreds.
// Links inside still navigate client-side: one document listener routes plain <a href> (links.tsx).
import { createContext, useContext, type ReactNode } from 'react';

/** What the browser knows of a page with prerendered parts: its title and each part's markup, by id. */
export interface PageMarkup {
  title: string;
  parts: Readonly<Record<string, string>>;
}

/** Provided in the browser (RouteView); absent on the server, which renders the parts from the data. */
export const PageMarkupContext = createContext<PageMarkup | null>(null);

/** The attribute that marks a prerendered part in the HTML, for the browser to find it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

interface PrerenderedProps {
  as: 'article' | 'div';
  id: string;
  className?: string;
  'aria-labelledby'?: string;
  /** The part's content; called on the server only. */
  children: () => ReactNode;
}

export function Prerendered({ as: Tag, children, ...attributes }: PrerenderedProps) {
  const markup = useContext(PageMarkupContext);
  const marker = { [PRERENDERED_ATTRIBUTE]: '' };
  if (!markup) return <Tag {...attributes} {...marker}>{children()}</Tag>;
  const html = markup.parts[attributes.id];
  if (html === undefined) throw new Error(`Internal error: the page has no prerendered part #${attributes.id}`);
  // React leaves the children of an element with dangerouslySetInnerHTML alone when it hydrates, and sets
  // them again only when the string changes: it is the one read from this same element.
  return <Tag {...attributes} {...marker} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Title and prerendered parts of a parsed document (the loaded page, or the next one's HTML). */
export function pageMarkupOf(document: Document): PageMarkup {
  const parts: Record<string, string> = {};
  for (const element of document.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`)) parts[element.id] = element.innerHTML;
  return { title: document.title, parts };
}
