// The site shell: what every page reads (brand, contact, navigation, footer), as plain JSON. The prerenderer
// gets it with every page, and the browser fetches it once as a hashed file (src/build/shell.ts). Also the
// small views of categories and services that more than one page kind shows.
import type { Link } from '../catalogue/schema.ts';
import type { SiteImage } from '../core/images.ts';
import { routes } from '../core/routes.ts';
import type { Alternative, Category, FooterColumn, Logo, Organisation, Service, Site, SitePage } from './model.ts';

export interface CategoryNav {
  name: string;
  anchor: string;
  description: string;
  info?: string;
  icon: SiteImage;
  /** The section on the home page, /#{anchor}. */
  route: string;
  /** The category's own page, /category/{anchor}/. */
  pageRoute: string;
  /** How many services it has. */
  count: number;
}

export type ServiceCard = Pick<Service, 'id' | 'name' | 'shortName' | 'summary' | 'label' | 'price' | 'priceFrom' | 'delivery' | 'thumbnail' | 'route'>;

export interface SiteShell {
  brand: string;
  baseUrl: string;
  description: string;
  contact: { email: string; messaging: Link; responseTime?: string; projectFields: string[] };
  hero: Site['hero'];
  stats: Site['stats'];
  clients: Site['clients'];
  categories: CategoryNav[];
  alternatives: AlternativeLink[];
  footerLinks: Link[];
  /** site.yaml's footer columns after "Other" (none: no key). */
  footerColumns?: FooterColumn[];
  /** URL of the SVG each emoji is drawn from (templates/components/EmojiText.tsx). */
  emoji: Record<string, string>;
  /** The logo beside the brand name, when the theme has one. */
  logo?: Logo;
  /** The home page's own link-preview image, when the theme gives one. */
  socialImage?: string;
  /** The site's own pages (none: no key), for the header and footer to link and the page kind to know. */
  pages?: PageLink[];
  /** The agency's legal identity (none: no key). Only the server reads it, for the footer (a prerendered part)
   *  and the JSON-LD, so the browser's copy of the shell leaves it out (browserShell). */
  organisation?: Organisation;
  /** The legal pages the footer links under "Legal" (pages/terms.md, refund.md, privacy.md with `link: footer`),
   *  in that order (none: no key); server-only, like the organisation. */
  legalLinks?: Link[];
}

/** A page of the site's own as every page knows it: its text stays with the page. */
export type PageLink = Pick<SitePage, 'title' | 'route' | 'link'>;

/** An alternatives page as every page knows it: its content stays with the page (a server-only part). */
export type AlternativeLink = Omit<Alternative, 'content'> & {
  /** The page has content of its own (catalogue/alternatives/{slug}.md). */
  ownContent?: true;
};

export const categoryNav = (c: Category): CategoryNav => ({
  name: c.name,
  anchor: c.anchor,
  description: c.description,
  info: c.info,
  icon: c.icon,
  route: c.route,
  pageRoute: c.pageRoute,
  count: c.services.length,
});

/** A service as a card shows it. */
export const serviceCard = (s: Service): ServiceCard => ({ id: s.id, name: s.name, shortName: s.shortName, summary: s.summary, label: s.label, price: s.price, priceFrom: s.priceFrom, delivery: s.delivery, thumbnail: s.thumbnail, route: s.route });

export function siteShell(site: Site): SiteShell {
  const legal = LEGAL_PAGES.flatMap((slug) => site.pages.filter((p) => p.slug === slug && p.link === 'footer'));
  return {
    brand: site.brand,
    baseUrl: site.baseUrl,
    description: site.description,
    contact: site.contact,
    hero: site.hero,
    stats: site.stats,
    clients: site.clients,
    categories: site.categories.map(categoryNav),
    alternatives: site.alternatives.map(({ content, ...a }) => ({ ...a, ...(content && { ownContent: true as const }) })),
    // The case studies, when there are some, and the site's own pages that say link: footer go among the footer's
    // links; the legal ones in a list of their own.
    footerLinks: [
      ...(site.cases.length ? [{ label: 'Case studies', href: routes.cases() }] : []),
      ...site.footerLinks,
      ...site.pages.filter((p) => p.link === 'footer' && !isLegal(p)).map((p) => ({ label: p.title, href: p.route })),
    ],
    emoji: site.emoji ?? {},
    ...(site.logo && { logo: site.logo }),
    ...(site.socialImage && { socialImage: site.socialImage }),
    ...(site.footerColumns.length > 0 && { footerColumns: site.footerColumns }),
    ...(site.pages.length > 0 && { pages: site.pages.map(({ title, route, link }) => ({ title, route, link })) }),
    ...(site.organisation && { organisation: site.organisation }),
    ...(legal.length > 0 && { legalLinks: legal.map((p) => ({ label: p.title, href: p.route })) }),
  };
}

/** The slugs of the legal pages, in the order the footer lists them (docs/guide.md, "Pages of your own"). */
export const LEGAL_PAGES = ['terms', 'refund', 'privacy'] as const;
const isLegal = (page: SitePage) => (LEGAL_PAGES as readonly string[]).includes(page.slug);

/** The shell as the browser fetches it: without what only the server renders (the organisation's details and
 *  team would be bytes every visitor downloads for nothing). */
export function browserShell(shell: SiteShell): SiteShell {
  const { organisation: _organisation, legalLinks: _legalLinks, ...rest } = shell;
  return rest;
}
