// Link integrity: every internal link and asset reference in the built site must point at something that
// is there. Checked on the in-memory site before the new site replaces the old one, so a broken link never ships.
import { error, type Problem } from '../catalogue/problems.ts';
import { UserError } from '../errors.ts';
import { scanPage, type PageScan } from './pageScan.ts';

export interface BrokenLink {
  /** The page (route) the link is on. */
  page: string;
  link: string;
  reason: string;
}

const NO_FILE = 'no file in the built site answers it';

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
 *  once for it. The files the links resolve to go into `linked`. */
export function findBrokenLinks(documents: Documents, files: ReadonlySet<string>, only?: Iterable<string>, linked?: Set<string>): BrokenLink[] {
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
    if (target) linked?.add(target);
    const anchor = link.split('#')[1];
    let problem: string | undefined;
    if (!target) problem = NO_FILE;
    else if (anchor && target.endsWith('.html') && !idsIn(target).has(decoded(decodeURIComponent, anchor) ?? anchor)) problem = `the page has no element with id "${anchor}"`;
    problems.set(link, problem);
    return problem;
  };
  for (const file of only ?? documents.keys()) {
    const page = `/${file.replace(/index\.html$/, '')}`;
    for (const link of documentScan(documents.get(file))?.links ?? []) {
      // A link to a section of the page itself ([see below](#prices) in a description): its own ids.
      const anchor = link.startsWith('#') ? link.slice(1) : undefined;
      const reason = anchor === undefined ? problemWith(link) : idsIn(file).has(decoded(decodeURIComponent, anchor) ?? anchor) ? undefined : `the page has no element with id "${anchor}"`;
      if (reason) broken.push({ page, link, reason });
    }
  }
  return broken;
}

/** The built site has broken links; `after` says what became of the site (nothing written, dev's last good site). */
export class BrokenLinks extends UserError {
  readonly broken: readonly BrokenLink[];
  readonly after: string;
  constructor(broken: readonly BrokenLink[], after: string) {
    super(`${formatBrokenLinks(broken)}\n${after}`);
    this.broken = broken;
    this.after = after;
  }
}

/**
 * The broken links that catalogue texts hold, as problems at the first place each text writes one: validation
 * cannot see them (a section of a page that only a template makes, /sitemap/#pricing), the built site can. `rest`:
 * those no text holds as a link, a template's own. Each distinct link is looked for once (a template's link is
 * broken on every page).
 */
export function catalogueLinkProblems(broken: readonly BrokenLink[], texts: ReadonlyMap<string, string>): { problems: Problem[]; rest: BrokenLink[] } {
  const problems: Problem[] = [];
  const rest: BrokenLink[] = [];
  const byLink = new Map<string, BrokenLink[]>();
  for (const item of broken) {
    const list = byLink.get(item.link);
    if (list) list.push(item);
    else byLink.set(item.link, [item]);
  }
  for (const [link, items] of byLink) {
    const places = [...texts].flatMap(([file, text]) => {
      const at = placeOf(text, link);
      return at ? [{ file, ...at }] : [];
    });
    if (!places.length) rest.push(...items);
    for (const place of places) problems.push(linkProblem(items[0]!, place.file, place));
  }
  return { problems, rest };
}

/** Where a text writes a link, in Markdown (`](…)`, `<…>`, a reference `]: …`) or HTML (`href="…"`), as built or as
 *  the text had it before its %-escapes. Not a mention of the address in plain text or code. */
function placeOf(text: string, link: string): { line: number; column: number } | undefined {
  for (const written of new Set([link, decoded(decodeURI, link) ?? link])) {
    for (let at = text.indexOf(written); at >= 0; at = text.indexOf(written, at + 1)) {
      const before = text.slice(Math.max(0, at - 6), at);
      const after = text[at + written.length] ?? '';
      if (!/(\]\(<?|<|\]: *|href=["'])$/.test(before) || !/^[)>"'\s]?$/.test(after)) continue;
      const lines = text.slice(0, at);
      return { line: lines.split('\n').length, column: at - lines.lastIndexOf('\n') };
    }
  }
  return undefined;
}

function linkProblem({ link, page, reason }: BrokenLink, file: string, place: { line: number; column: number }): Problem {
  const [path = '/', anchor] = link.split('#');
  // Named by its field as validation names the links it finds ("link /#nope"), in the text and JSON reports alike.
  const at = { ...place, field: `link ${link}` };
  if (!path) {
    return error('missing-section', file, at, `There is no section "#${anchor}" on the page this link is on (${page}): no element of it has this id.`, `Link to a section the page has (open it in the built site to see its sections), or write the link without "#${anchor}".`);
  }
  return reason !== NO_FILE
    ? error('missing-section', file, at, `There is no section "#${anchor}" on ${path}: that page has no element with this id (the link is on ${page}).`, `Link to a section ${path} has (open it in the built site to see its sections), or to ${path} itself.`)
    : error('broken-link', file, at, `The link points to ${path}, which no page or file of the built site answers (the link is on ${page}).`, 'Link to an existing page: copy the address from the built site or the sitemap.');
}

export function formatBrokenLinks(broken: readonly BrokenLink[]): string {
  const lines = broken.slice(0, 50).map((b) => `  on ${b.page}: ${b.link} (${b.reason})`);
  if (broken.length > 50) lines.push(`  … and ${broken.length - 50} more`);
  return `${broken.length} broken internal link${broken.length === 1 ? '' : 's'} in the built site:\n${lines.join('\n')}`;
}
