// Link integrity: every internal link and asset reference in the built site must point at something that
// is there. Checked on the in-memory site before the new site replaces the old one, so a broken link never ships.

export interface BrokenLink {
  /** The page (route) the link is on. */
  page: string;
  link: string;
  reason: string;
}

// href and src, srcset (`URL 560w, URL 1120w`: only the URLs start with a slash; React writes it srcSet), data-modules
// and data-fetches (the client's module and JSON URLs, space-separated; see src/client/clientLoader.ts), and the
// client loader and the font each page's head script loads (data-loader, data-font-file): a page whose loader is
// not there yet (dev shows an open page before the rest of an update) would never start its client.
const REFERENCE = /\s(?:href|src|srcset|srcSet|data-modules|data-fetches|data-loader|data-font-file)="([^"]*)"/g;

/** The file a root-relative URL resolves to on a static host, or undefined when nothing answers it. */
export function resolveUrl(url: string, files: ReadonlySet<string>): string | undefined {
  const path = decodeURI(url.split(/[?#]/)[0]!).replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) return files.has(`${path}index.html`) ? `${path}index.html` : undefined;
  return files.has(path) ? path : undefined;
}

/** Ids in an HTML document, for #anchor links. */
export const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

/** HTML documents by file path in the site: a Map, or emit's, which decodes each page only when asked (emit.ts). */
export interface Documents {
  keys(): Iterable<string>;
  get(file: string): string | undefined;
}

/** Checks every HTML document (by file path in the site) against the site's files; or only the documents
 *  `only` names (dev, after an edit: the pages that changed, see liveSite.ts). */
export function findBrokenLinks(documents: Documents, files: ReadonlySet<string>, only?: Iterable<string>): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const ids = new Map<string, Set<string>>();
  const idsIn = (file: string) => {
    if (!ids.has(file)) ids.set(file, idsOf(documents.get(file) ?? ''));
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
    else if (anchor && target.endsWith('.html') && !idsIn(target).has(decodeURIComponent(anchor))) problem = `the page has no element with id "${anchor}"`;
    problems.set(link, problem);
    return problem;
  };
  for (const file of only ?? documents.keys()) {
    const html = documents.get(file) ?? '';
    const page = `/${file.replace(/index\.html$/, '')}`;
    for (const match of html.matchAll(REFERENCE)) {
      for (const link of match[1]!.replace(/&amp;/g, '&').split(' ')) {
        if (!link.startsWith('/') || link.startsWith('//')) continue;
        const reason = problemWith(link);
        if (reason) broken.push({ page, link, reason });
      }
    }
  }
  return broken;
}

export function formatBrokenLinks(broken: readonly BrokenLink[]): string {
  const lines = broken.slice(0, 50).map((b) => `  on ${b.page}: ${b.link} (${b.reason})`);
  if (broken.length > 50) lines.push(`  … and ${broken.length - 50} more`);
  return `${broken.length} broken internal link${broken.length === 1 ? '' : 's'} in the built site:\n${lines.join('\n')}`;
}
