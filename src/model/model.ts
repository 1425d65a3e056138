// Stage 3, model: one typed, deeply frozen object the renderer reads. Slugs, routes and compiled
// descriptions are worked out here, once.
import { countryName, SUMMARY_MAX, type CategoryFile, type Link, type OrganisationEntry } from '../catalogue/schema.ts';
import type { ValidCatalogue } from '../catalogue/validate.ts';
import type { ImageUse, SiteImage, SiteImages } from '../core/images.ts';
import { competitorName, routes } from '../core/routes.ts';
import { sameItems } from '../core/sameItems.ts';
import { serviceSlug } from '../core/slug.ts';
import type { TreeNode } from '../core/tree.ts';

export interface Service {
  id: string;
  name: string;
  /** Short name for cards and breadcrumbs (the name when none is given). */
  shortName: string;
  label?: string;
  /** The starting price: with options, the lowest option's. */
  price: number;
  /** Whether `price` is a starting price ("from $2,000"): so marked in the catalogue, or options at different prices. */
  priceFrom: boolean;
  currency: 'USD';
  delivery?: string;
  /** The price options, in the catalogue's order, when there are any. */
  options?: PriceOption[];
  /** The services a buyer needs first, resolved (the page says "Requires: …" and offers to add both). */
  requires: ServiceRef[];
  /** The ids of the services "Often booked with" this one: the catalogue's `related`, or its category's neighbours. */
  related: string[];
  /** The image on the service's page (an SVG's path in the built site, e.g. /img/services/listing-1.svg, or a
   *  raster image's variants: src/core/images.ts). */
  image: SiteImage;
  /** The same image as cards show it: a square thumbnail. */
  thumbnail: SiteImage;
  metaDescription: string;
  /** One line for cards: the service's own summary, or its meta description shortened. */
  summary: string;
  description: TreeNode[];
  /** What site search finds the description by: its distinct words but the commonest (core/searchTerms.ts),
   *  separated by spaces. */
  searchTerms: string;
  slug: string;
  route: string;
  categoryAnchor: string;
}

export interface PriceOption {
  label: string;
  price: number;
  /** Marked a starting price in the catalogue (the service's priceFrom). */
  priceFrom: boolean;
  delivery?: string;
}

/** Another service as a page names it: enough to link to it and to add it to a quote. */
export interface ServiceRef {
  id: string;
  name: string;
  route: string;
  price: number;
  priceFrom: boolean;
}

/** How many services "Often booked with" shows when the catalogue names none. */
export const RELATED_DEFAULT = 3;

export interface Category {
  name: string;
  anchor: string;
  idPrefix: string;
  description: string;
  info?: string;
  notice?: string;
  icon: SiteImage;
  /** The category's section on the home page, /#{anchor}. */
  route: string;
  /** The category's own page, /category/{anchor}/. */
  pageRoute: string;
  services: Service[];
}

export interface Alternative {
  slug: string;
  name: string;
  route: string;
  /** The page's own content (catalogue/alternatives/{slug}.md), shown under the hero. */
  content?: AlternativeContent;
}

export interface AlternativeContent {
  /** The day it was last reviewed, YYYY-MM-DD. */
  reviewed: string;
  title?: string;
  tree: TreeNode[];
}

/** One version of the logo: an emoji (drawn from its SVG, as the text's are) or an image of the catalogue. */
export type LogoImage = { emoji: string } | { src: string; width: number; height: number };

export interface Logo {
  light: LogoImage;
  /** The dark mode's, when the theme gives one. */
  dark?: LogoImage;
  /** The image spells the brand name: it is shown alone, with the name as its alt text. */
  showsName: boolean;
}

/** A page of the site's own: About, Terms, … (catalogue/sitePages.ts). */
export interface SitePage {
  slug: string;
  route: string;
  title: string;
  description: string;
  /** Where every page links it: the header's navigation, the footer, or nowhere. */
  link: 'header' | 'footer' | 'none';
  /** A block shown under the text: the organisation. */
  show?: 'organisation';
  tree: TreeNode[];
}

/** A case study (catalogue/cases/{slug}.md): what a campaign with the agency achieved, with its sources. */
export interface CaseStudy {
  slug: string;
  route: string;
  title: string;
  summary: string;
  /** The client's name, or a description of it when `nda` is true. */
  client: string;
  nda: boolean;
  period: string;
  services: { id: string; name: string; route: string }[];
  results: { figure: string; label: string; source: string; asOf: string }[];
  quote?: { text: string; author: string; role: string };
  disclosure: string;
  featured: boolean;
  /** A placeholder, not a real case: the pages say so. */
  example: boolean;
  tree: TreeNode[];
}

/** The agency's legal identity (site.yaml's organisation): the footer, a page with `show: organisation` and the
 *  JSON-LD Organization show it. */
export interface Organisation {
  legalName: string;
  companyNumber: string;
  registry?: string;
  address: { street: string; city: string; region?: string; postalCode: string; country: string; countryName: string };
  founded: number;
  team: TeamMember[];
}

export interface TeamMember {
  name: string;
  role: string;
  /** The photo's address in the site (img/team/…, published as it is). */
  photo?: string;
}

export interface FooterColumn {
  title: string;
  links: Link[];
}

export interface Site {
  brand: string;
  baseUrl: string;
  description: string;
  contact: { email: string; messaging: Link; responseTime?: string; projectFields: string[] };
  hero: { title: string; subtitle: string };
  stats: { value: string; label: string; source?: string; sourceUrl?: string; asOf?: string }[];
  clients: { title: string; text: string; logos: { name: string; image: SiteImage }[] };
  alternatives: Alternative[];
  footerLinks: Link[];
  /** site.yaml's footer columns after "Other", each a heading and its links. */
  footerColumns: FooterColumn[];
  categories: Category[];
  /** How many services each category shows on the home page. */
  homeServicesPerCategory: number;
  /** Every service in menu order. */
  services: Service[];
  /** The site's own pages (pages/{slug}.md), by slug. */
  pages: SitePage[];
  /** The case studies, in the order of their slugs. */
  cases: CaseStudy[];
  /** The agency's legal identity, when site.yaml gives it. */
  organisation?: Organisation;
  /** URL of the SVG each emoji of the site's text is drawn from (the build adds it: src/build/emoji.ts). */
  emoji?: Record<string, string>;
  /** The logo beside the brand name (the build adds it from site.yaml's theme: src/build/brand.ts). */
  logo?: Logo;
  /** The URL of the home page's own link-preview image, when the theme gives one (src/build/brand.ts). */
  socialImage?: string;
}

/** The site model. `images`: what the build made of the raster images (src/build/images.ts); without it, every
 *  image is its file as it is. `memo`: the last build's, to keep what did not change (dev). */
export function buildModel(catalogue: ValidCatalogue, images?: SiteImages, memo: ModelMemo = {}): Site {
  const { site } = catalogue;
  const image = (file: string, use: ImageUse): SiteImage => images?.get(file)?.[use] ?? { src: `/${file}` };
  const categories = categoriesOf(catalogue, images, image, memo);
  return deepFreeze({
    brand: site.brand,
    baseUrl: site.baseUrl.replace(/\/+$/, ''),
    description: site.description,
    contact: site.contact,
    hero: site.hero,
    stats: site.stats,
    clients: { ...site.clients, logos: site.clients.logos.map((l) => ({ name: l.name, image: image(`img/clients/${l.image}`, 'logo') })) },
    alternatives: site.alternatives.map((a) => {
      const content = catalogue.alternatives.get(a.slug);
      return { slug: a.slug, name: a.name ?? competitorName(a.slug), route: routes.alternative(a.slug), ...(content && { content }) };
    }),
    footerLinks: site.footer?.links ?? [],
    footerColumns: site.footer?.columns ?? [],
    categories,
    homeServicesPerCategory: site.homeServicesPerCategory,
    services: categories.flatMap((c) => c.services),
    pages: catalogue.pages.map((page) => ({ ...page, route: routes.page(page.slug) })),
    cases: casesOf(catalogue, categories),
    ...(site.organisation && { organisation: organisationOf(site.organisation) }),
  });
}

function casesOf(catalogue: ValidCatalogue, categories: readonly Category[]): CaseStudy[] {
  const byId = new Map(categories.flatMap((c) => c.services.map((s) => [s.id, s] as const)));
  return catalogue.cases.map(({ slug, title, summary, client, nda, period, services, results, quote, disclosure, featured, example, tree }) => ({
    slug,
    route: routes.caseStudy(slug),
    title,
    summary,
    client,
    nda,
    period,
    // Validation made sure each id is a service's.
    services: services.map((id) => ({ id, name: byId.get(id)!.name, route: byId.get(id)!.route })),
    results: results.map(({ figure, label, source, asOf }) => ({ figure, label, source, asOf })),
    ...(quote && { quote }),
    disclosure,
    featured,
    example,
    tree,
  }));
}

function organisationOf(entry: OrganisationEntry): Organisation {
  const { address, team = [] } = entry;
  return {
    legalName: entry.legalName,
    companyNumber: entry.companyNumber,
    ...(entry.registry && { registry: entry.registry }),
    // Validation made sure the code names a country.
    address: { ...address, countryName: countryName(address.country)! },
    founded: entry.founded,
    team: team.map((m) => ({ name: m.name, role: m.role, ...(m.photo && { photo: `/img/team/${m.photo}` }) })),
  };
}

/**
 * What buildModel keeps for the next build in the same process (dev): the last model's categories, each by the
 * category value it was made from, with the images as text then. A dev rebuild hands the model the very value of
 * each category whose file did not change (validate.ts ValidationMemo `parses`): such a category is kept, its
 * services copied only where their description's tree is new, so the pages' data shares every unchanged service
 * with the rebuild before (render.ts keys a page again only where it differs). A price edit makes one category
 * again, not all.
 */
export interface ModelMemo {
  last?: { images: string; categories: ReadonlyMap<CategoryFile, Category> };
}

export const createModelMemo = (): ModelMemo => ({});

function categoriesOf(catalogue: ValidCatalogue, images: SiteImages | undefined, image: (file: string, use: ImageUse) => SiteImage, memo: ModelMemo): Category[] {
  // The images as text: the build makes their map anew each time.
  const imagesText = JSON.stringify([...(images ?? [])]);
  const last = memo.last?.images === imagesText ? memo.last.categories : undefined;
  const made = new Set<Category>();
  const make = (value: CategoryFile) => {
    const category = categoryOf(catalogue, value, image);
    made.add(category);
    return category;
  };
  let categories = catalogue.categories.map(({ value }) => {
    const kept = last?.get(value);
    return kept ? withDescriptions(kept, catalogue) : make(value);
  });
  // A kept service names the services it requires with their names, routes and prices: its category is made
  // again when one of those changed.
  const byId = new Map(categories.flatMap((c) => c.services.map((s) => [s.id, s] as const)));
  categories = categories.map((category, i) => (made.has(category) || category.services.every((s) => s.requires.every((r) => sameRef(r, byId.get(r.id)))) ? category : make(catalogue.categories[i]!.value)));
  // A category made again here names, routes and prices its services as the one it replaces did.
  linkServices(catalogue, categories, made, byId);
  memo.last = { images: imagesText, categories: new Map(catalogue.categories.map(({ value }, i) => [value, categories[i]!])) };
  return categories;
}

const sameRef = (ref: ServiceRef, service: Service | undefined) => service !== undefined && ref.name === service.name && ref.route === service.route && ref.price === service.price && ref.priceFrom === service.priceFrom;

/** A kept category with its services' descriptions as compiled now: the same object when none changed. */
function withDescriptions(category: Category, catalogue: ValidCatalogue): Category {
  const services = category.services.map((service) => {
    const { tree, terms } = catalogue.descriptions.get(service.id)!;
    return tree === service.description ? service : { ...service, description: tree, searchTerms: terms };
  });
  return sameItems(services, category.services) ? category : { ...category, services };
}

/** A category and its services, their requirements not yet resolved (linkServices). */
function categoryOf(catalogue: ValidCatalogue, value: CategoryFile, image: (file: string, use: ImageUse) => SiteImage): Category {
  return {
    name: value.name,
    anchor: value.anchor,
    idPrefix: value.idPrefix,
    description: value.description,
    info: value.info,
    notice: value.notice,
    icon: image(`img/icons/${value.icon}`, 'icon'),
    route: routes.section(value.anchor),
    pageRoute: routes.category(value.anchor),
    services: value.services.map((s) => {
      const slug = serviceSlug(s);
      const compiled = catalogue.descriptions.get(s.id)!;
      const options = s.options?.map((o) => ({ label: o.label, price: o.price, priceFrom: s.priceFrom, ...(o.delivery && { delivery: o.delivery }) }));
      const prices = options?.map((o) => o.price) ?? [];
      return {
        id: s.id,
        name: s.name,
        shortName: s.sname ?? s.name,
        label: s.label,
        // Validation made sure there is a price or an option, and that a price given with options is the lowest.
        price: options ? Math.min(...prices) : s.price!,
        priceFrom: s.priceFrom || new Set(prices).size > 1,
        currency: s.currency,
        delivery: s.delivery,
        ...(options && { options }),
        requires: [],
        related: [],
        image: image(`img/services/${s.image}`, 'page'),
        thumbnail: image(`img/services/${s.image}`, 'card'),
        metaDescription: s.metaDescription,
        summary: s.summary ?? shorten(s.metaDescription, SUMMARY_MAX),
        description: compiled.tree,
        searchTerms: compiled.terms,
        slug,
        route: routes.service(slug, s.id),
        categoryAnchor: value.anchor,
      };
    }),
  };
}

/**
 * Each service's requirements resolved, and its "Often booked with": the catalogue's `related`, or else the
 * services after it in its category (wrapping round to the first), never itself nor one it requires.
 */
function linkServices(catalogue: ValidCatalogue, categories: Category[], made: ReadonlySet<Category>, byId: ReadonlyMap<string, Service>): void {
  const entries = new Map(catalogue.categories.flatMap(({ value }) => value.services.map((s) => [s.id, s] as const)));
  for (const category of categories) {
    if (!made.has(category)) continue;
    category.services.forEach((service, i) => {
      const entry = entries.get(service.id)!;
      const required = new Set(entry.requires ?? []);
      service.requires = [...required].map((id) => {
        const { name, route, price, priceFrom } = byId.get(id)!;
        return { id, name, route, price, priceFrom };
      });
      // The neighbours after it, only as many as can be needed (a category may have thousands of services).
      const { services } = category;
      const others: string[] = [];
      for (let k = 1; k < services.length && others.length < RELATED_DEFAULT + required.size; k++) others.push(services[(i + k) % services.length]!.id);
      service.related = (entry.related ?? others)
        .filter((id) => id !== service.id && !required.has(id))
        .slice(0, entry.related ? undefined : RELATED_DEFAULT);
    });
  }
}

/** The text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.–-]+$/, '');
  return `${atWord}…`;
}

/** Freezes a value and what it holds, down to what is frozen already. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
