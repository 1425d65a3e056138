// The data the page kinds with prerendered parts render from, on the server only: made by each kind's
// `pages` (templates/pages/), read by its server-only parts (templates/parts/).
import type { Service } from '../src/model/model.ts';
import type { CategoryNav, ServiceCard } from '../src/model/shell.ts';

export interface HomeData {
  categories: (CategoryNav & { services: ServiceCard[] })[];
}

export interface ServiceData {
  service: Omit<Service, 'slug' | 'categoryAnchor'>;
  category: CategoryNav & { notice?: string };
}

export interface SitemapData {
  categories: { name: string; route: string; services: { name: string; route: string }[] }[];
}
