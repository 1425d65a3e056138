// What emit's checks need of a page, taken while its HTML is at hand: in the render worker that made it, or on
// the thread that rendered it. emit's link check and the inline scripts' hashes for `_headers` then read no page
// back from the new site's folder (10,000 heavy services: 185 MB of HTML read and decoded twice, 2.7 s of the
// main thread after every page was done).
import { createHash } from 'node:crypto';

export interface PageScan {
  /** The root-relative URLs the page references, and its links to a section of itself (#id), each once (see
   *  REFERENCE). */
  links: readonly string[];
  /** The values of its id attributes, which #anchor links name. */
  ids: readonly string[];
  /** The CSP sources (`'sha256-…'`) of the inline scripts it runs, sorted. */
  scripts: readonly string[];
}

// href and src, srcset (`URL 560w, URL 1120w`: only the URLs start with a slash; React writes it srcSet), data-modules
// and data-fetches (the client's module and JSON URLs, space-separated; see src/client/clientLoader.ts), and the
// client loader and the font each page's head script loads (data-loader, data-font-file): a page whose loader is
// not there yet (dev shows an open page before the rest of an update) would never start its client.
const REFERENCE = /\s(?:href|src|srcset|srcSet|data-modules|data-fetches|data-loader|data-font-file)="([^"]*)"/g;

/** The root-relative URLs of the page's references, and its links to a section of itself ("#id"), each once, in
 *  the order of their first use. */
export function linksOf(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(REFERENCE)) {
    for (const link of match[1]!.replace(/&amp;/g, '&').split(' ')) if ((link.startsWith('/') && !link.startsWith('//')) || /^#./.test(link)) links.add(link);
  }
  return [...links];
}

/** The ids in an HTML document, for #anchor links. */
export const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

/** SHA-256 sources for every inline script that the browser executes (not JSON data blocks), sorted. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || !body) continue;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue; // data blocks do not run
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes].sort();
}

export const scanPage = (html: string): PageScan => ({ links: linksOf(html), ids: [...idsOf(html)], scripts: inlineScriptHashes(html) });

/**
 * One string object for each distinct string of the scans it is given. A worker's scans arrive as copies, so
 * the fifty links every page shares (header, footer, scripts) would otherwise be held once per page: 10,000
 * pages' scans are about 800,000 strings, most of them the same few hundred. It lives as long as one render.
 */
export class ScanStrings {
  private readonly strings = new Map<string, string>();

  own(scan: PageScan): PageScan {
    return { links: scan.links.map(this.one), ids: scan.ids.map(this.one), scripts: scan.scripts.map(this.one) };
  }

  private one = (value: string): string => {
    const kept = this.strings.get(value);
    if (kept !== undefined) return kept;
    this.strings.set(value, value);
    return value;
  };
}
