// The one route table, read by the prerenderer and by the browser alike, and its matcher. The App matches the
// location itself rather than through React Router's <Routes>, which flattened and compiled the table again on
// every render: a fifth of the prerendering time of a page.
import type { RouteKind } from '../src/model/routes.ts';

export interface RouteEntry {
  path: string;
  kind: RouteKind;
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', kind: 'home' },
  { path: '/thread', kind: 'thread' },
  { path: '/service/:slug/:id', kind: 'service' },
  { path: '/alternatives/:competitor', kind: 'alternatives' },
  { path: '/alternatives', kind: 'alternatives' },
  { path: '/sitemap', kind: 'sitemap' },
  { path: '/404', kind: 'notFound' },
];

export interface RouteMatch {
  kind: RouteKind;
  /** The path's :parameters, decoded. */
  params: Readonly<Record<string, string>>;
}

// As React Router matches: the whole path, an optional trailing slash, letters in any case.
const matchers = routeTable.map(({ path, kind }) => {
  const names: string[] = [];
  const source = path.replace(/\/$/, '').replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'));
  return { kind, names, pattern: new RegExp(`^${source}/?$`, 'i') };
});

/** The route a path belongs to, or undefined when no page answers it. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const { kind, names, pattern } of matchers) {
    const found = pattern.exec(pathname);
    if (found) return { kind, params: Object.fromEntries(names.map((name, i) => [name, safeDecode(found[i + 1]!)])) };
  }
  return undefined;
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
