import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Head, Page } from '../../src/client/pageKind.ts';
import { buildModel } from '../../src/model/model.ts';
import { siteShell, type SiteShell } from '../../src/model/shell.ts';
import { formatPrice, priceValue } from '../../templates/format.ts';
import { alternativeHeadline } from '../../templates/pages/alternatives.tsx';
import type { ServiceData } from '../../templates/data.ts';
import { prerenderer, validate } from '../support/site.ts';

let pages: Page[];
let site: SiteShell;
let headFor: (page: Page, site: SiteShell) => Head;
beforeAll(async () => {
  const { catalogue } = await validate(await loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname));
  const model = buildModel(catalogue!);
  const renderer = await prerenderer();
  pages = renderer.pagesOf(model);
  headFor = renderer.headFor;
  site = siteShell(model);
});

type Graph = Record<string, unknown>[];
const ofType = (graph: object[], type: string) => (graph as Graph).find((node) => node['@type'] === type) as Record<string, any>;

describe('headFor', () => {
  it('gives every indexed page a title, description and absolute canonical URL', () => {
    for (const page of pages.filter((p) => p.indexed)) {
      const head = headFor(page, site);
      expect(head.title.length).toBeGreaterThan(5);
      expect(head.description.length).toBeGreaterThan(10);
      expect(head.canonical).toBe(`https://www.example.com${page.route}`);
      expect(head.robots).toBeUndefined();
    }
  });

  it('describes the Organization in full on the home page, with its e-mail and sales contact', () => {
    const head = headFor(pages.find((p) => p.kind === 'home')!, site);
    expect(ofType(head.jsonLd, 'Organization')).toMatchObject({ '@id': 'https://www.example.com/#organization', email: 'hello@example.com', contactPoint: { contactType: 'sales' } });
  });

  it('marks the 404 page noindex, without a canonical URL', () => {
    const head = headFor(pages.find((p) => p.kind === 'notFound')!, site);
    expect(head).toMatchObject({ title: expect.stringMatching(/^404 Not Found \| /), robots: 'noindex', canonical: undefined });
  });

  it('gives a service page its meta description and a Service with an Offer in USD at the page price', () => {
    for (const page of pages.filter((p): p is Page<ServiceData> => p.kind === 'service')) {
      if (!page.data) throw new Error('no data');
      const head = headFor(page, site);
      expect(head.description).toBe(page.data.service.metaDescription);
      const offer = ofType(head.jsonLd, 'Service').offers;
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', price: priceValue(page.data.service.price) });
      const crumbs = ofType(head.jsonLd, 'BreadcrumbList').itemListElement;
      expect(crumbs.map((c: { name: string }) => c.name)).toEqual(['Home', page.data.category.name, page.data.service.name]);
      expect(crumbs.map((c: { item?: string }) => c.item)).toEqual(['https://www.example.com/', `https://www.example.com${page.data.category.pageRoute}`, undefined]);
      expect(ofType(head.jsonLd, 'Service').provider).toEqual({ '@type': 'Organization', '@id': 'https://www.example.com/#organization', name: site.brand, url: 'https://www.example.com/' });
    }
    expect(formatPrice(0)).toBe('Free');
  });

  it('gives a price with cents to the Offer exactly as the page shows it', () => {
    const page = pages.find((p): p is Page<ServiceData> => p.kind === 'service')!;
    const withCents = { ...page, data: { ...page.data!, service: { ...page.data!.service, price: 4000.5 } } };
    expect(ofType(headFor(withCents, site).jsonLd, 'Service').offers.price).toBe('4000.50');
    expect(formatPrice(4000.5)).toBe('$4,000.50');
  });
});

describe('alternativeHeadline', () => {
  it('uses the configured display name', () => expect(alternativeHeadline(site, 'alternative-to-icoda')).toBe('Your alternative to ICODA'));
  it('capitalises each word of a listed slug without a name', () =>
    expect(alternativeHeadline(site, 'alternative-to-crypto-promoters-global')).toBe('Your alternative to Crypto Promoters Global'));
  it('has no headline for a competitor the list does not name: the address is the 404 page', () => {
    for (const param of ['alternative-to-evil-corp', 'alternative-to-pay-0xdeadbeef-to-unlock', 'alternative-to-ICODA', 'alternative-to-icoda-', 'alternative-to-OFFICIAL NOTICE: send funds to 0x12ab'])
      expect(alternativeHeadline(site, param), param).toBeUndefined();
  });
  it('has none without the prefix or parameter', () => {
    expect(alternativeHeadline(site, 'icoda')).toBeUndefined();
    expect(alternativeHeadline(site, undefined)).toBeUndefined();
  });
});
