// The prerendered HTML as a search engine reads it: head tags, JSON-LD, and the price a visitor sees.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { validate } from '../support/site.ts';
import { buildModel } from '../../src/model/model.ts';
import { openPage, siteUrl, useBrowser } from './browser.ts';

const sitemapUrls = () => [...readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const fetchHtml = async (path: string) => {
  const response = await fetch(siteUrl(path));
  return { status: response.status, html: await response.text() };
};
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as { '@graph': Record<string, any>[] };
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** What a parsed service page says of its price: the JSON-LD offer, and the figures a visitor reads. */
interface PriceView {
  offers: Record<string, any>;
  price: string;
  dataPrice: string | null;
  rows: { label: string; price: string }[];
}

/** Dollars as the page writes them ("$3,000.50", "from $9,600", "Free"), as a number. */
const dollars = (text: string) => (text === 'Free' ? 0 : Number(/^(?:from )?\$([\d,]+(?:\.\d\d)?)$/.exec(text)![1]!.replace(/,/g, '')));

describe('every service page', () => {
  const browser = useBrowser();

  it('states in its JSON-LD exactly the prices a visitor reads: one Offer, or an AggregateOffer over the options table', async () => {
    const services = sitemapUrls().filter((p) => p.startsWith('/service/'));
    expect(services.length).toBe(84);
    const { page, close } = await openPage(browser());
    let withOptions = 0;
    for (const path of services) {
      const { status, html } = await fetchHtml(path);
      expect(status, path).toBe(200);
      // Parsed by the browser's own HTML parser, not by pattern.
      const view: PriceView = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'text/html');
        const graph = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!)['@graph'] as Record<string, any>[];
        const price = doc.querySelector('.service-price')!;
        const rows = [...doc.querySelectorAll('table.price-options tbody tr')].map((row) => ({ label: row.querySelector('th')!.textContent!, price: row.querySelector('td')!.textContent! }));
        return { offers: graph.find((n) => n['@type'] === 'Service')!.offers, price: price.textContent!, dataPrice: price.getAttribute('data-price'), rows };
      }, html);
      const { offers, rows } = view;
      const shown = dollars(view.price);
      expect(Number(view.dataPrice), path).toBe(shown);
      expect(offers.priceCurrency, path).toBe('USD');
      if (!rows.length) {
        expect(offers['@type'], path).toBe('Offer');
        expect(Number(offers.price), path).toBe(shown);
        continue;
      }
      withOptions++;
      const prices = rows.map((r) => dollars(r.price));
      expect(offers['@type'], path).toBe('AggregateOffer');
      expect([Number(offers.lowPrice), Number(offers.highPrice), offers.offerCount], path).toEqual([Math.min(...prices), Math.max(...prices), rows.length]);
      // The card's "from" price and the page's are the lowest option's.
      expect(Number(offers.lowPrice), path).toBe(shown);
      expect(offers.offers.map((o: Record<string, string>) => [o['@type'], o.name, Number(o.price), o.priceCurrency]), path).toEqual(rows.map((r, i) => ['Offer', r.label, prices[i], 'USD']));
    }
    expect(withOptions).toBeGreaterThanOrEqual(5);
    await close();
  }, 60_000);
});

describe('head tags', () => {
  it('give each indexed page a title, description, canonical URL, Open Graph and Twitter tags', async () => {
    for (const path of sitemapUrls()) {
      const { html } = await fetchHtml(path);
      expect(html, path).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{10,}">/);
      expect(html, path).toContain(`<link rel="canonical" href="https://www.example.com${path}">`);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(html, path).toMatch(/<meta name="twitter:card" content="summary(_large_image)?">/);
      expect(html, path).not.toContain('noindex');
      // The Organization in full on the landing pages; a service names it as its provider. The sitemap and the
      // site's own pages give only their breadcrumbs, but for About, which shows the organisation.
      const graph = jsonLd(html)['@graph'];
      const organization = path.startsWith('/service/') ? graph.find((n) => n['@type'] === 'Service')?.provider : graph.find((n) => n['@type'] === 'Organization');
      if (!['/sitemap/', '/terms/', '/refund/', '/privacy/'].includes(path)) expect(organization, path).toMatchObject({ '@type': 'Organization', '@id': 'https://www.example.com/#organization' });
    }
  });

  it('use the service meta description on service pages', async () => {
    const { catalogue } = await validate(await loadCatalogue(new URL('../../examples/agency/catalogue/', import.meta.url).pathname));
    const services = buildModel(catalogue!).categories.flatMap((c) => c.services);
    expect(services.length).toBe(84);
    for (const service of services) {
      const { html } = await fetchHtml(service.route);
      expect(decode(/<meta name="description" content="([^"]+)">/.exec(html)![1]!), service.route).toBe(service.metaDescription);
    }
  });

  it('mark the 404 page noindex, titled "404 Not Found"', async () => {
    for (const path of ['/404/', '/no-such-page/']) {
      const { html } = await fetchHtml(path);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toMatch(/<title>404 Not Found \| [^<]+<\/title>/);
      expect(html).not.toContain('rel="canonical"');
    }
  });
});
