// The route table, made from the page kinds' `paths` (the prerenderer has the modules, the browser the client
// manifest), matched by React Router's own matcher: the whole path, an optional trailing slash, letters in any
// case, the most specific pattern first, parameters decoded.
import { matchRoutes } from 'react-router';
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

/** The routes of the paths without parameters ("/", "/sitemap/"): pages whose address the catalogue does not make. */
export const fixedRoutes = (kinds: Readonly<Record<string, KindInfo>>): string[] =>
  Object.values(kinds)
    .flatMap((kind) => kind.paths)
    .filter((path) => !path.includes(':'))
    .map((path) => (path.endsWith('/') ? path : `${path}/`));
