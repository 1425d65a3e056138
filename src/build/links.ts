// Link integrity: every internal link and asset reference in the built site must point at something that
// is there. Checked on the in-memory site before the new site replaces the old one, so a broken link never ships.
import { scanPage, type PageScan } from './pageScan.ts';

export interface BrokenLink {
  /** The page (route) the link is on. */
  page: string;
  link: string;
  reason: string;
}

/** The file a root-relative URL resolves to on a static host, or undefined when nothing answers it. */
export function resolveUrl(url: string, files: ReadonlySet<string>): string | undefined {
  const path = decoded(decodeURI, url.split(/[?#]/)[0]!)?.replace(/^\/+/, '');
  if (path === undefined) return undefined;
  if (path === '' || path.endsWith('/')) return files.has(`${path}index.html`) ? `${path}index.html` : undefined;
  return files.has(path) ? path : undefined;
}

/** A URL's part with its %-escapes decoded, or undefined when one is malformed ('%zz'): a link to nothing. */
const decoded = (decode: (text: string) => string, text: string): string | undefined => {
  try {
    return decode(text);
  } catch {
    return undefined;
  }
};

/** HTML documents by file path in the site, each as its text or as what render took of it (pageScan.ts): a Map
 *  of texts, or emit's, which has the scans. */
export interface Documents {
  keys(): Iterable<string>;
  get(file: string): string | PageScan | undefined;
}

/** A document's scan: render's, or taken from its text. */
export const documentScan = (document: string | PageScan | undefined): PageScan | undefined => (typeof document === 'string' ? scanPage(document) : document);

/** Checks every HTML document (by file path in the site) against the site's files; or only the documents
 *  `only` names (dev, after an edit: the pages that changed, see liveSite.ts). A link broken on a page is named
 *  once for it. */
export function findBrokenLinks(documents: Documents, files: ReadonlySet<string>, only?: Iterable<string>): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const ids = new Map<string, Set<string>>();
  const idsIn = (file: string) => {
    if (!ids.has(file)) ids.set(file, new Set(documentScan(documents.get(file))?.ids));
    return ids.get(file)!;
  };
  // Most links are on every page (header, footer, scripts): each distinct one is resolved once, not on every
  // page that has it (some fifty a page).
  const problems = new Map<string, string | undefined>();
  const problemWith = (link: string): string | undefined => {
    if (problems.has(link)) return problems.get(link);
    const target = resolveUrl(link, files);
    const anchor = link.split('#')[1];
    let problem: string | undefined;
    if (!target) problem = 'no file in the built site answers it';
    else if (anchor && target.endsWith('.html') && !idsIn(target).has(decoded(decodeURIComponent, anchor) ?? anchor)) problem = `the page has no element with id "${anchor}"`;
    problems.set(link, problem);
    return problem;
  };
  for (const file of only ?? documents.keys()) {
    const page = `/${file.replace(/index\.html$/, '')}`;
    for (const link of documentScan(documents.get(file))?.links ?? []) {
      const reason = problemWith(link);
      if (reason) broken.push({ page, link, reason });
    }
  }
  return broken;
}

export function formatBrokenLinks(broken: readonly BrokenLink[]): string {
  const lines = broken.slice(0, 50).map((b) => `  on ${b.page}: ${b.link} (${b.reason})`);
  if (broken.length > 50) lines.push(`  … and ${broken.length - 50} more`);
  return `${broken.length} broken internal link${broken.length === 1 ? '' : 's'} in the built site:\n${lines.join('\n')}`;
}
