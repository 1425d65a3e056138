// The prerendered HTML as a search engine reads it: head tags, JSON-LD, and the price a visitor sees.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { validate } from '../unit/site.ts';
import { buildModel } from '../../src/model/model.ts';
import { siteUrl } from './browser.ts';

const sitemapUrls = () => [...readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const fetchHtml = async (path: string) => {
  const response = await fetch(siteUrl(path));
  return { status: response.status, html: await response.text() };
};
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as { '@graph': Record<string, any>[] };
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('every service page', () => {
  it('shows the price its JSON-LD Offer states, in USD', async () => {
    const services = sitemapUrls().filter((p) => p.startsWith('/service/'));
    expect(services.length).toBe(84);
    for (const path of services) {
      const { status, html } = await fetchHtml(path);
      expect(status, path).toBe(200);
      const offer = jsonLd(html)['@graph'].find((n) => n['@type'] === 'Service')!.offers;
      expect(offer.priceCurrency, path).toBe('USD');
      const visible = /<p class="service-price" data-price="(\d+)">([^<]+)<\/p>/.exec(html)!;
      expect(offer.price, path).toBe(visible[1]);
      const price = Number(visible[1]);
      const shown = price === 0 ? 'Free' : `$${price.toLocaleString('en-US')}`;
      expect(visible[2], path).toMatch(new RegExp(`^(from )?${shown.replace('$', '\\$')}$`));
    }
  });
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
      // The Organization in full on the landing pages; a service names it as its provider.
      const graph = jsonLd(html)['@graph'];
      const organization = path.startsWith('/service/') ? graph.find((n) => n['@type'] === 'Service')?.provider : graph.find((n) => n['@type'] === 'Organization');
      if (path !== '/sitemap/') expect(organization, path).toMatchObject({ '@type': 'Organization', '@id': 'https://www.example.com/#organization' });
    }
  });

  it('use the service meta description on service pages', async () => {
    const { catalogue } = await validate(await loadCatalogue(new URL('../../catalogue/', import.meta.url).pathname));
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
      expect(html).toContain('<title>404 Not Found</title>');
      expect(html).not.toContain('rel="canonical"');
    }
  });
});
