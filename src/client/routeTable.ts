// The route table, made from the page kinds' `paths` (the prerenderer has the modules, the browser the client
// manifest), matched by React Router's own matcher: the whole path, an optional trailing slash, letters in any
// case, the most specific pattern first, parameters decoded.
import { matchPath, matchRoutes } from 'react-router';
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

export function routeTable(kinds: Readonly<Record<string, KindInfo>>): RouteTable {
  const routes = Object.entries(kinds).flatMap(([kind, info]) => info.paths.map((path) => ({ path, handle: kind })));
  const notFound = Object.entries(kinds).find(([, info]) => info.notFound);
  if (!notFound) throw new Error('Internal error: no page kind is the 404 page (options.notFound)');
  return {
    kinds,
    notFound: { kind: notFound[0], route: `${notFound[1].paths[0]!.replace(/\/$/, '')}/` },
    match(pathname) {
      const found = matchRoutes(routes, pathname)?.[0];
      return found && { kind: found.route.handle, params: found.params as Record<string, string> };
    },
  };
}

/**
 * The table as the prerenderer hands it to one page: the page's own route is its kind's, matched against that
 * kind's paths alone. React Router's matchRoutes flattens and ranks the whole table on every call, which was 2 %
 * of a cold build's CPU at 10,000 pages; the kind that made a page is the one it belongs to.
 */
export function forPage(table: RouteTable, page: { kind: string; route: string }): RouteTable {
  const decoded = decodedPath(page.route);
  if (decoded === undefined) return table;
  const own = (table.kinds[page.kind]?.paths ?? []).map((path) => matchPath({ path, caseSensitive: false, end: true }, decoded)).find(Boolean);
  if (!own) return table;
  const match: RouteMatch = { kind: page.kind, params: own.params as Record<string, string> };
  return { ...table, match: (pathname) => (pathname === page.route ? match : table.match(pathname)) };
}

/** Decoded segment by segment, as matchRoutes does before matching (its parameters come out decoded). */
function decodedPath(path: string): string | undefined {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/');
  } catch {
    return undefined;
  }
}

/** The routes of the paths without parameters ("/", "/sitemap/"): pages whose address the catalogue does not make. */
export const fixedRoutes = (kinds: Readonly<Record<string, KindInfo>>): string[] =>
  Object.values(kinds)
    .flatMap((kind) => kind.paths)
    .filter((path) => !path.includes(':'))
    .map((path) => (path.endsWith('/') ? path : `${path}/`));
