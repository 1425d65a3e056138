// The one route table, read by the prerenderer and by the browser router alike.
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
