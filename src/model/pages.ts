// What each page receives: the site shell (on every page) and, on the server, the page's own data (the
// browser adopts the markup rendered from it: templates/components/Prerendered.tsx). The shell is plain JSON,
// shared by the prerenderer and the site shell file.
import type { Link } from '../catalogue/schema.ts';
import type { Alternative, Category, Service, Site } from './model.ts';
import { routes, type RouteKind } from './routes.ts';

export interface CategoryNav {
  name: string;
  anchor: string;
  description: string;
  info?: string;
  icon: string;
  route: string;
}

export type ServiceCard = Pick<Service, 'id' | 'name' | 'shortName' | 'label' | 'price' | 'priceFrom' | 'delivery' | 'image' | 'route'>;

export interface SiteShell {
  brand: string;
  baseUrl: string;
  description: string;
  contact: { email: string; messaging: Link };
  hero: Site['hero'];
  stats: Site['stats'];
  clients: Site['clients'];
  categories: CategoryNav[];
  alternatives: Alternative[];
  footerLinks: Link[];
  /** URL of the SVG each emoji is drawn from (templates/components/EmojiText.tsx). */
  emoji: Record<string, string>;
}

export interface HomeData {
  kind: 'home';
  categories: (CategoryNav & { services: ServiceCard[] })[];
}

export interface ServiceData {
  kind: 'service';
  service: Omit<Service, 'slug' | 'categoryAnchor'>;
  category: CategoryNav & { notice?: string };
}

export interface SitemapData {
  kind: 'sitemap';
  categories: { name: string; route: string; services: { name: string; route: string }[] }[];
}

export type PageData = HomeData | ServiceData | SitemapData;

/** One prerendered page. */
export interface Page {
  route: string;
  kind: RouteKind;
  data?: PageData;
  /** false for pages search engines should not index (404). */
  indexed: boolean;
}

/** Kinds whose pages are rendered from data of their own, which only the server has. */
export const kindsWithData = new Set<RouteKind>(['home', 'service', 'sitemap']);

const nav = (c: Category): CategoryNav => ({ name: c.name, anchor: c.anchor, description: c.description, info: c.info, icon: c.icon, route: c.route });

export const card = (s: Service): ServiceCard => ({
  id: s.id,
  name: s.name,
  shortName: s.shortName,
  label: s.label,
  price: s.price,
  priceFrom: s.priceFrom,
  delivery: s.delivery,
  image: s.image,
  route: s.route,
});

export function siteShell(site: Site): SiteShell {
  return {
    brand: site.brand,
    baseUrl: site.baseUrl,
    description: site.description,
    contact: site.contact,
    hero: site.hero,
    stats: site.stats,
    clients: site.clients,
    categories: site.categories.map(nav),
    alternatives: site.alternatives,
    footerLinks: site.footerLinks,
    emoji: site.emoji ?? {},
  };
}

/** Every page of the site, in sitemap order. */
export function pagesOf(site: Site): Page[] {
  const home: HomeData = { kind: 'home', categories: site.categories.map((c) => ({ ...nav(c), services: c.services.map(card) })) };
  const sitemap: SitemapData = {
    kind: 'sitemap',
    categories: site.categories.map((c) => ({ name: c.name, route: c.route, services: c.services.map((s) => ({ name: s.name, route: s.route })) })),
  };
  return [
    { route: routes.home(), kind: 'home', data: home, indexed: true },
    { route: routes.thread(), kind: 'thread', indexed: true },
    ...site.categories.flatMap((c) =>
      c.services.map((s): Page => {
        const { slug: _slug, categoryAnchor: _anchor, ...service } = s;
        return { route: s.route, kind: 'service', data: { kind: 'service', service, category: { ...nav(c), notice: c.notice } }, indexed: true };
      }),
    ),
    ...site.alternatives.map((a): Page => ({ route: a.route, kind: 'alternatives', indexed: true })),
    { route: routes.sitemap(), kind: 'sitemap', data: sitemap, indexed: true },
    { route: routes.notFound(), kind: 'notFound', indexed: false },
  ];
}
