// Per-page head: title, description, canonical URL, Open Graph and Twitter tags, JSON-LD. Pure functions of
// the page, so tests can check them and the JSON-LD price always equals the visible one.
import type { Page, SiteShell } from '../src/model/pages.ts';
import { competitorName, competitorSlugOf } from '../src/model/routes.ts';

export interface Head {
  title: string;
  description: string;
  /** Absolute canonical URL; absent on pages that are not indexed. */
  canonical?: string;
  robots?: string;
  image?: string;
  jsonLd: object[];
}

/** "Your alternative to ICODA": the configured display name, else the headline rule; else the hero. */
export function alternativeHeadline(site: SiteShell, param: string | undefined): string {
  const slug = competitorSlugOf(param);
  if (!slug) return site.hero.title;
  const name = site.alternatives.find((a) => a.slug === slug)?.name ?? competitorName(slug);
  return `Your alternative to ${name}`;
}

/** The title of a page whose title needs no data of its own (every kind but a service page). */
export function titleFor(kind: Exclude<Page['kind'], 'service'>, route: string, site: SiteShell): string {
  switch (kind) {
    case 'alternatives':
      return `${alternativeHeadline(site, route.split('/').filter(Boolean)[1])} | ${site.brand}`;
    case 'sitemap':
      return `Sitemap | ${site.brand}`;
    case 'notFound':
      return '404 Not Found';
    case 'thread':
    case 'home':
      return `${site.brand}: ${site.hero.title}`;
  }
}

export function headFor(page: Page, site: SiteShell): Head {
  const url = (route: string) => `${site.baseUrl}${route}`;
  const organization = {
    '@type': 'Organization',
    '@id': `${site.baseUrl}/#organization`,
    name: site.brand,
    url: `${site.baseUrl}/`,
    email: site.contact.email,
    contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: site.contact.email, url: site.contact.messaging.href },
  };
  // No field twice (at 10,000 services, each one a service page repeats is megabytes of output): the
  // Organization in full on the landing pages, by name and URL as a service's provider; the last crumb, the
  // page itself, without its URL (Google asks for none there); the Offer without the Service's URL.
  const provider = { '@type': 'Organization', '@id': organization['@id'], name: site.brand, url: organization.url };
  const breadcrumb = (items: { name: string; route: string }[]) => ({
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, ...(i < items.length - 1 && { item: url(item.route) }) })),
  });
  const base = { canonical: page.indexed ? url(page.route) : undefined, robots: page.indexed ? undefined : 'noindex', jsonLd: [organization] as object[] };
  const { data } = page;

  switch (page.kind) {
    case 'service': {
      if (data?.kind !== 'service') break;
      const { service, category } = data;
      return {
        ...base,
        title: `${service.name} | ${site.brand}`,
        description: service.metaDescription,
        image: url(service.image),
        jsonLd: [
          {
            '@type': 'Service',
            name: service.name,
            category: category.name,
            provider,
            url: url(page.route),
            offers: { '@type': 'Offer', price: String(service.price), priceCurrency: service.currency },
          },
          breadcrumb([{ name: 'Home', route: '/' }, { name: category.name, route: category.route }, { name: service.name, route: page.route }]),
        ],
      };
    }
    case 'alternatives': {
      const headline = alternativeHeadline(site, page.route.split('/').filter(Boolean)[1]);
      return { ...base, title: titleFor('alternatives', page.route, site), description: `${headline}: ${site.description}` };
    }
    case 'sitemap':
      return { ...base, title: titleFor('sitemap', page.route, site), description: `Every service ${site.brand} offers, by category.`, jsonLd: [breadcrumb([{ name: 'Home', route: '/' }, { name: 'Sitemap', route: page.route }])] };
    case 'notFound':
      return { ...base, title: titleFor('notFound', page.route, site), description: "Hmm, we couldn't find this page.", jsonLd: [] };
    case 'thread':
    case 'home':
      break;
  }
  return { ...base, title: titleFor('home', page.route, site), description: site.description };
}
