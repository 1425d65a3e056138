// The route table, made from the page kinds' `paths` (the prerenderer has the modules, the browser the client
// manifest), matched as React Router's matcher did: the whole path, an optional trailing slash, letters in any
// case, runs of slashes as one, the most specific pattern first (a fixed segment outranks a :parameter), and
// parameters decoded. Our patterns have only fixed and :parameter segments, so a few lines do it: React
// Router's matchRoutes was 1.9 KB brotli of every page's download, and the only part of it the site used
// (docs/decisions.md).
import type { KindInfo } from './pageKind.ts';

export interface RouteMatch {
  kind: string;
  /** The path's :parameters, decoded. */
  params: Readonly<Record<string, string>>;
}

export interface RouteTable {
  /** The route a path belongs to, or undefined when no page answers it. */
  match(pathname: string): RouteMatch | undefined;
  /** Each kind's options, by name. */
  kinds: Readonly<Record<string, KindInfo>>;
  /** The kind of the 404 page, and its route. */
  notFound: { kind: string; route: string };
}

/** A kind's path, in segments; a :parameter's name starts with ":". Its rank: 10 a fixed segment, 3 a parameter. */
type Pattern = { kind: string; segments: string[]; rank: number };

const patternOf = (kind: string, path: string): Pattern => {
  const segments = path.split('/').filter(Boolean).map((s) => (s.startsWith(':') ? s : s.toLowerCase()));
  return { kind, segments, rank: segments.reduce((n, s) => n + (s.startsWith(':') ? 3 : 10), 0) };
};

/** The decoded path's segments matched against one pattern: its parameters, or undefined. */
function paramsOf(pattern: Pattern, parts: readonly string[]): Record<string, string> | undefined {
  if (parts.length !== pattern.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of pattern.segments.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = parts[i]!;
    else if (segment !== parts[i]!.toLowerCase()) return undefined;
  }
  return params;
}

/** The best of `patterns` for a path: the highest rank, the first declared among equals. */
function bestMatch(patterns: readonly Pattern[], pathname: string): RouteMatch | undefined {
  const parts = partsOf(pathname);
  let best: { match: RouteMatch; rank: number } | undefined;
  for (const pattern of patterns) {
    if (best && pattern.rank <= best.rank) continue;
    const params = paramsOf(pattern, parts);
    if (params) best = { match: { kind: pattern.kind, params }, rank: pattern.rank };
  }
  return best?.match;
}

export function routeTable(kinds: Readonly<Record<string, KindInfo>>): RouteTable {
  const patterns = Object.entries(kinds).flatMap(([kind, info]) => info.paths.map((path) => patternOf(kind, path)));
  const notFound = Object.entries(kinds).find(([, info]) => info.notFound);
  if (!notFound) throw new Error('Internal error: no page kind is the 404 page (options.notFound)');
  return {
    kinds,
    notFound: { kind: notFound[0], route: `${notFound[1].paths[0]!.replace(/\/$/, '')}/` },
    match: (pathname) => bestMatch(patterns, pathname),
  };
}

/**
 * The table as the prerenderer hands it to one page: the page's own route is its kind's, matched against that
 * kind's paths alone. Ranking the whole table on every call was 2 % of a cold build's CPU at 10,000 pages; the
 * kind that made a page is the one it belongs to.
 */
export function forPage(table: RouteTable, page: { kind: string; route: string }): RouteTable {
  const match = bestMatch((table.kinds[page.kind]?.paths ?? []).map((path) => patternOf(page.kind, path)), page.route);
  if (!match) return table;
  return { ...table, match: (pathname) => (pathname === page.route ? match : table.match(pathname)) };
}

/** A path's segments, each decoded (a "/" inside one stays encoded, as %2F), empty ones left out: hosts merge
 *  runs of slashes. A segment that is no valid encoding is taken as it is. */
function partsOf(path: string): string[] {
  return path
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    });
}

/** The routes of the paths without parameters ("/", "/sitemap/"): pages whose address the catalogue does not make. */
export const fixedRoutes = (kinds: Readonly<Record<string, KindInfo>>): string[] =>
  Object.values(kinds)
    .flatMap((kind) => kind.paths)
    .filter((path) => !path.includes(':'))
    .map((path) => (path.endsWith('/') ? path : `${path}/`));
