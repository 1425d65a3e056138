// What the page kinds' heads share: the Organization, breadcrumbs, and the defaults of an ordinary page. Pure
// functions of the page, so tests can check them and the JSON-LD price always equals the visible one.
import type { Head, Page, SocialCard } from '../src/client/api.ts';
import type { Organisation, Service } from '../src/model/model.ts';
import type { SiteShell } from '../src/model/shell.ts';
import { formatPrice, priceValue } from './format.ts';

export const absolute = (site: SiteShell, route: string) => `${site.baseUrl}${route}`;

/**
 * No field twice (at 10,000 services, each one a service page repeats is megabytes of output): the
 * Organization by name and URL as a service's provider, and in full on the landing pages.
 */
export const provider = (site: SiteShell) => ({ '@type': 'Organization', '@id': `${site.baseUrl}/#organization`, name: site.brand, url: `${site.baseUrl}/` });

export const organization = (site: SiteShell) => ({
  ...provider(site),
  email: site.contact.email,
  contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: site.contact.email, url: site.contact.messaging.href },
  ...(site.organisation && legalIdentity(site, site.organisation)),
});

/** site.yaml's organisation as schema.org has it: the registered name, address and number, and the team. */
function legalIdentity(site: SiteShell, o: Organisation) {
  const { street, city, region, postalCode, country } = o.address;
  return {
    legalName: o.legalName,
    foundingDate: String(o.founded),
    address: { '@type': 'PostalAddress', streetAddress: street, addressLocality: city, ...(region && { addressRegion: region }), postalCode, addressCountry: country },
    identifier: { '@type': 'PropertyValue', propertyID: o.registry ?? 'Company number', value: o.companyNumber },
    ...(o.team.length > 0 && {
      member: o.team.map((m) => ({ '@type': 'Person', name: m.name, jobTitle: m.role, ...(m.photo && { image: absolute(site, m.photo) }) })),
    }),
  };
}

/** The last crumb, the page itself, has no URL (Google asks for none there). */
export const breadcrumb = (site: SiteShell, items: { name: string; route: string }[]) => ({
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, ...(i < items.length - 1 && { item: absolute(site, item.route) }) })),
});

/**
 * A service's offer as its page shows it: one Offer at its price; with options, an AggregateOffer over them
 * (lowest, highest, how many) with one Offer per option, each at the price its row shows.
 */
export function offers(service: Pick<Service, 'price' | 'currency' | 'options'>) {
  const priceCurrency = service.currency;
  if (!service.options) return { '@type': 'Offer', price: priceValue(service.price), priceCurrency };
  const prices = service.options.map((o) => o.price);
  return {
    '@type': 'AggregateOffer',
    lowPrice: priceValue(Math.min(...prices)),
    highPrice: priceValue(Math.max(...prices)),
    offerCount: service.options.length,
    priceCurrency,
    offers: service.options.map((o) => ({ '@type': 'Offer', name: o.label, price: priceValue(o.price), priceCurrency })),
  };
}

/**
 * Canonical URL and robots from whether the page is indexed; the Organization as the JSON-LD; a social image that
 * says the page's title (without the brand, which the card shows apart) unless the kind says more.
 */
export function pageHead(page: Page, site: SiteShell, head: { title: string; description: string; image?: string; social?: SocialCard; jsonLd?: object[] }): Head {
  const suffix = ` | ${site.brand}`;
  return {
    canonical: page.indexed ? absolute(site, page.route) : undefined,
    robots: page.indexed ? undefined : 'noindex',
    jsonLd: [organization(site)],
    social: { title: head.title.endsWith(suffix) ? head.title.slice(0, -suffix.length) : head.title },
    ...head,
  };
}

/** A service's link-preview card: its name, its price as its page shows it, and its category. */
export const serviceSocialCard = (service: Pick<Service, 'name' | 'price' | 'priceFrom'>, category: string): SocialCard => ({
  title: service.name,
  detail: `${formatPrice(service.price, service.priceFrom)} · ${category}`,
});

/** The landing pages' title: brand and hero. */
export const landingTitle = (site: SiteShell) => `${site.brand}: ${site.hero.title}`;
