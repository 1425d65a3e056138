// The route table, made from the page kinds' `paths` (the prerenderer has the modules, the browser the client
// manifest), and its matcher. Matched by hand rather than with React Router's <Routes>, which flattened and
// compiled the table again on every render: a fifth of the prerendering time of a page.
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
  // As React Router matches: the whole path, an optional trailing slash, letters in any case. Patterns with
  // fewer parameters first, so "/alternatives" or a fixed "/service/x" wins over one with a parameter there.
  const matchers = Object.entries(kinds)
    .flatMap(([kind, info]) => info.paths.map((path) => ({ kind, path })))
    .sort((a, b) => parameterCount(a.path) - parameterCount(b.path))
    .map(({ kind, path }) => {
      const names: string[] = [];
      const source = path.replace(/\/$/, '').replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'));
      return { kind, names, pattern: new RegExp(`^${source}/?$`, 'i') };
    });
  const notFound = Object.entries(kinds).find(([, info]) => info.notFound);
  if (!notFound) throw new Error('Internal error: no page kind is the 404 page (options.notFound)');
  return {
    kinds,
    notFound: { kind: notFound[0], route: `${notFound[1].paths[0]!.replace(/\/$/, '')}/` },
    match(pathname) {
      for (const { kind, names, pattern } of matchers) {
        const found = pattern.exec(pathname);
        if (found) return { kind, params: Object.fromEntries(names.map((name, i) => [name, safeDecode(found[i + 1]!)])) };
      }
      return undefined;
    },
  };
}

const parameterCount = (path: string) => path.split('/:').length - 1;

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The routes of the paths without parameters ("/", "/sitemap/"): pages whose address the catalogue does not make. */
export const fixedRoutes = (kinds: Readonly<Record<string, KindInfo>>): string[] =>
  Object.values(kinds)
    .flatMap((kind) => kind.paths)
    .filter((path) => !path.includes(':'))
    .map((path) => (path.endsWith('/') ? path : `${path}/`));
