// The document's head after client-side navigation: what search engines, link previews and screen readers read
// of a page must be that page's, as a fresh load of it has, not the previous page's.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

/** The head fields a page's kind sets: of the live document, or of the same page's HTML fetched fresh. */
const headFields = (page: Page, source: 'live' | 'fresh') =>
  page.evaluate(async (from) => {
    const fieldsOf = (doc: Document) => {
      const all = (selector: string, value: (element: Element) => string | null) => [...doc.head.querySelectorAll(selector)].map(value);
      const content = (element: Element) => `${element.getAttribute('name') ?? element.getAttribute('property')}=${element.getAttribute('content')}`;
      return {
        title: doc.title,
        description: all('meta[name="description"]', content),
        robots: all('meta[name="robots"]', content),
        canonical: all('link[rel="canonical"]', (link) => link.getAttribute('href')),
        prevNext: all('link[rel="prev"], link[rel="next"]', (link) => `${link.getAttribute('rel')} ${link.getAttribute('href')}`),
        openGraph: all('meta[property^="og:"]', content),
        twitter: all('meta[name^="twitter:"]', content),
        jsonLd: all('script[type="application/ld+json"]', (script) => script.textContent),
      };
    };
    if (from === 'live') return fieldsOf(document);
    const response = await fetch(location.pathname);
    return fieldsOf(new DOMParser().parseFromString(await response.text(), 'text/html'));
  }, source);

it('gives the document the head of each page it navigates to: title, description, canonical, previews, robots, JSON-LD', async () => {
  const { page, errors, close } = await openPage(browser());
  await page.goto(siteUrl('/'));
  await hydrated(page);
  const steps = [
    { click: 'main .card-link', path: /\/service\// },
    { click: 'main a[href^="/category/"]', path: /\/category\// },
    { click: '#footer a[href="/sitemap/"]', path: /\/sitemap\/$/ },
    // Not indexed: no canonical link, robots noindex, no JSON-LD.
    { click: 'header a.header-search', path: /\/search\/$/ },
    { click: 'header a.brand', path: /\/$/ },
  ];
  for (const step of steps) {
    await page.locator(step.click).first().click();
    await page.waitForURL(step.path);
    const path = new URL(page.url()).pathname;
    await page.locator('main h1').first().waitFor();
    const fresh = await headFields(page, 'fresh');
    expect(fresh.title, path).not.toBe('');
    // A kind without prerendered parts (search) takes its head from its HTML once that arrives.
    await expect.poll(() => headFields(page, 'live'), { message: path }).toEqual(fresh);
  }
  expect(errors).toEqual([]);
  await close();
});
