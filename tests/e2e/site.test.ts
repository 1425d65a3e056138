// The built site in real Chromium: prerendered content, clean hydration, client-side navigation, scrolling,
// 404s, and the loading and failure states of lazily loaded route chunks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { devSiteUrl, holdStill, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const sitemap = () => readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8');
const firstServicePath = () => new URL(/<loc>([^<]*\/service\/[^<]*)<\/loc>/.exec(sitemap())![1]!).pathname;

/** Navigates the way the router does (history plus popstate), to a path no link on the page names. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

const routeKinds: { kind: string; path: () => string; h1: RegExp }[] = [
  { kind: 'home', path: () => '/', h1: /We will make your token go viral/ },
  { kind: 'thread', path: () => '/thread/', h1: /We will make your token go viral/ },
  { kind: 'service', path: firstServicePath, h1: /\w/ },
  { kind: 'alternatives', path: () => '/alternatives/alternative-to-icoda/', h1: /^Your alternative to ICODA$/ },
  { kind: 'sitemap', path: () => '/sitemap/', h1: /^Sitemap$/ },
  { kind: 'notFound', path: () => '/404/', h1: /^404 Not Found$/ },
];

describe.each(routeKinds)('the $kind page', ({ path, h1 }) => {
  it('is prerendered: its content is there with JavaScript disabled', async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(siteUrl(path()));
    await expect(page.locator('h1').textContent()).resolves.toMatch(h1);
    expect(await page.locator('main').count()).toBe(1);
    await close();
  });

  it('hydrates with no console error and exactly one h1 and one main', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl(path()));
    await hydrated(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    await expect(page.locator('h1').textContent()).resolves.toMatch(h1);
    expect(errors).toEqual([]);
    await close();
  });

  it('requests no script or JSON before its first contentful paint is on screen', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl(path()));
    await hydrated(page);
    const { paint, requests } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .filter((r) => /\.(js|json)$/.test(new URL(r.name).pathname))
        .map((r) => ({ url: r.name, startTime: r.startTime })),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.startTime, request.url).toBeGreaterThan(paint!);
    await close();
  });

  it('hydrates cleanly with the development build of React, which also checks attributes', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(devSiteUrl(path()));
    await hydrated(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});

it('draws emoji from their SVG files, named by the emoji, with none left as text for an emoji font', async () => {
  const { page, errors, close } = await openPage(browser());
  await page.goto(siteUrl('/'));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 }).getAttribute('id')).resolves.toBe('hero-title');
  expect(await page.getByRole('heading', { level: 1, name: 'We will make your token go viral 🚀' }).count()).toBe(1);
  const rocket = page.locator('h1 img.emoji');
  await expect(rocket.getAttribute('alt')).resolves.toBe('🚀');
  expect(await rocket.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const textEmoji = await page.evaluate(() => /\p{Extended_Pictographic}\uFE0F|\p{Emoji_Presentation}/u.test(document.body.innerText));
  expect(textEmoji).toBe(false);
  expect(errors).toEqual([]);
  await close();
});

it('shows every card of the home page with JavaScript disabled, in place and visible', async () => {
  // React's streaming moves large Suspense boundaries into hidden <div>s that only a script puts back. The
  // home page shows the first homeServicesPerCategory services of each category (home.test.ts).
  const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
  await page.goto(siteUrl('/'));
  const catalogue = new URL('../../examples/agency/catalogue/', import.meta.url).pathname;
  const site = parse(readFileSync(join(catalogue, 'site.yaml'), 'utf8')) as { categories: string[]; homeServicesPerCategory?: number };
  const shown = site.categories
    .map((file) => (parse(readFileSync(join(catalogue, 'categories', `${file}.yaml`), 'utf8')) as { services: unknown[] }).services.length)
    .reduce((sum, count) => sum + Math.min(count, site.homeServicesPerCategory ?? 6), 0);
  expect(shown).toBeGreaterThan(site.categories.length);
  expect(await page.locator('main .catalogue .card-link:visible').count()).toBe(shown);
  expect(await page.locator('[hidden][id^="S:"], template[id^="B:"]').count()).toBe(0);
  await close();
});

describe('navigation', () => {
  it('follows internal links client-side, without reloading the document', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const card = page.locator('.card-link').first();
    const name = await card.textContent();
    await card.click();
    await page.waitForURL(/\/service\//);
    await page.locator('#service-title').waitFor();
    await expect(page.locator('h1').textContent()).resolves.toBe(name);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(errors).toEqual([]);
    await close();
  });

  it('gives the document the title of each page it navigates to, as that page has when loaded', async () => {
    const { page, errors, close } = await openPage(browser());
    const prerenderedTitle = (path: string) => /<title>([^<]*)<\/title>/.exec(readFileSync(join(inject('siteDir'), path, 'index.html'), 'utf8'))![1]!.replace(/&amp;/g, '&');
    await page.goto(siteUrl('/'));
    await hydrated(page);
    const steps = [
      { click: 'main .card-link', path: /\/service\// },
      { click: '#footer a[href="/sitemap/"]', path: /\/sitemap\/$/ },
      { click: '#footer a[href^="/alternatives/"]', path: /\/alternatives\// },
      { click: 'header a.brand', path: /\/$/ },
    ];
    for (const step of steps) {
      const link = page.locator(step.click).first();
      await holdStill(link);
      await link.click();
      await page.waitForURL(step.path);
      const path = new URL(page.url()).pathname;
      await expect.poll(() => page.title(), { message: path }).toBe(prerenderedTitle(path));
    }
    await page.goBack();
    await page.waitForURL(/\/alternatives\//);
    await expect.poll(() => page.title()).toBe(prerenderedTitle(new URL(page.url()).pathname));
    expect(errors).toEqual([]);
    await close();
  });

  it('leaves a click with a modifier key to the browser (a new tab or window), and stays on the page', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    const link = page.locator('main a[href^="/service/"]').first();
    const opened = page.context().waitForEvent('page');
    await link.click({ modifiers: ['Shift'] });
    const other = await opened;
    await other.waitForLoadState('domcontentloaded');
    expect(new URL(other.url()).pathname).toBe(await link.getAttribute('href'));
    expect(new URL(page.url()).pathname).toBe('/sitemap/');
    await other.close();
    await close();
  });

  it('follows a link inside a service description client-side', async () => {
    const { page, close } = await openPage(browser());
    const paths = [...sitemap().matchAll(/<loc>[^<]*?(\/service\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    let path: string | undefined;
    for (const candidate of paths) {
      const html = readFileSync(join(inject('siteDir'), candidate, 'index.html'), 'utf8');
      const prose = /class="prose">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
      if (prose.includes('href="/service/')) {
        path = candidate;
        break;
      }
    }
    expect(path, 'the example catalogue has a description that links to another service').toBeDefined();
    await page.goto(siteUrl(path!));
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    const link = page.locator('.prose a[href^="/service/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('#service-title').waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await close();
  });

  it('scrolls to the top on every route change', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/'));
    await hydrated(page);
    const link = page.locator('#footer a[href="/sitemap/"]');
    await holdStill(link);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(1000);
    await link.click();
    await page.waitForURL(/\/sitemap\/$/);
    await page.waitForFunction(() => scrollY === 0);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await close();
  });

  it('a link to /#clients scrolls to the clients section instead', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    await page.locator('.main-nav a[href="/#clients"]').click();
    await page.waitForURL(/\/#clients$/);
    await page.locator('#clients').waitFor();
    await page.waitForFunction(() => Math.abs(document.getElementById('clients')!.getBoundingClientRect().top) < 120);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(1000);
    await close();
  });

  it.each([375, 1280])('lands exactly on a section far down the home page at %i px, loaded or navigated to', async (width) => {
    // The sections are laid out only near the viewport (content-visibility), at an estimated height until then.
    // A section lands just below the two sticky bars: the header (html's scroll-padding-top) and the category
    // chips (the section's scroll-margin-top).
    const { page, close } = await openPage(browser(), { viewport: { width, height: 800 } });
    const topOf = (id: string) => page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id);
    const settled = (id: string) =>
      page.waitForFunction((id) => {
        const target = document.getElementById(id);
        if (!target) return false;
        const landing = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) + parseFloat(getComputedStyle(target).scrollMarginTop);
        return Math.abs(target.getBoundingClientRect().top - landing) < 2;
      }, id);
    const barsBottom = () => page.evaluate(() => document.querySelector('.category-chips')!.getBoundingClientRect().bottom);
    // Layout is in fractions of a pixel and scroll positions in whole ones: "exactly" is within a pixel.
    const exactly = (top: number, bars: number) => expect(Math.abs(top - bars)).toBeLessThan(1);
    await page.goto(siteUrl('/#clients'));
    await hydrated(page);
    await settled('clients');
    await page.waitForTimeout(300); // still there a few frames later
    const loaded = await topOf('clients');
    const bars = await barsBottom();
    expect(bars).toBeGreaterThan(64);
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('#footer a[href="/sitemap/"]')!.setAttribute('href', '/#press-releases'));
    await page.locator('#footer a[href="/#press-releases"]').click();
    await page.waitForURL(/\/#press-releases$/);
    await settled('press-releases');
    await page.waitForTimeout(300); // still there a few frames later
    exactly(loaded, bars);
    exactly(await topOf('press-releases'), await barsBottom());
    expect(bars).toBe(await barsBottom());
    await close();
  });

  it('replaces an unknown path with /404/ in the client', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await navigateInApp(page, '/no-such-page/');
    await page.waitForURL(/\/404\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    // The next step: search, the sitemap or home, not home alone.
    const ways = page.locator('main .not-found-links a');
    expect(await ways.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Search services', '/search/'],
      ['Sitemap', '/sitemap/'],
      ['Home', '/'],
    ]);
    await ways.first().click();
    await page.waitForURL(/\/search\/$/);
    await close();
  });

  it('goes to /404/ for a service the host answers with another page and status 200', async () => {
    const { page, errors, close } = await openPage(browser());
    // Hosts configured as for a single-page app answer every unknown path with a page of the site.
    await page.route('**/service/gone/gone-1/', async (route) => route.fulfill({ status: 200, contentType: 'text/html', body: await (await fetch(siteUrl('/'))).text() }));
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    await navigateInApp(page, '/service/gone/gone-1/');
    await page.waitForURL(/\/404\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('unknown paths', () => {
  it('answer with status 404 and the not-found page', async () => {
    const { page, close } = await openPage(browser());
    const response = await page.goto(siteUrl('/no-such-page/'));
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    expect(page.url()).toMatch(/\/404\/$/);
    await close();
  });

  it('an alternatives address for a competitor not listed is the 404 page once hydrated, not a headline from the address', async () => {
    const { page, errors, close } = await openPage(browser());
    const response = await page.goto(siteUrl('/alternatives/alternative-to-evil-corp/'));
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(page.url()).toMatch(/\/404\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    expect(await page.title()).toMatch(/^404 Not Found \| /);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    expect(await page.locator('body').textContent()).not.toMatch(/evil corp/i);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await close();
  });

  it('an alternatives address that is not a slug is the 404 page, not a headline', async () => {
    const { page, errors, close } = await openPage(browser());
    const response = await page.goto(siteUrl('/alternatives/alternative-to-OFFICIAL%20NOTICE:%20send%20funds%20to%200x12ab/'));
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.waitForURL(/\/404\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    expect(await page.title()).not.toContain('NOTICE');
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await close();
  });
});

describe('alternatives pages', () => {
  const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

  it('a client-side navigation to a competitor not listed goes to the 404 page, not a headline from the address', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    await markWindow(page);
    // A link as a page of another site, or a message, could carry it; the router takes it like any other.
    await page.evaluate(() => document.querySelector('#footer a[href^="/alternatives/"]')!.setAttribute('href', '/alternatives/alternative-to-pay-0xdeadbeef-to-unlock/'));
    await page.locator('#footer a[href="/alternatives/alternative-to-pay-0xdeadbeef-to-unlock/"]').click();
    await page.waitForURL(/\/404\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Not Found');
    // A kind without prerendered parts takes its head from its HTML once that arrives (src/client/RouteView.tsx).
    await expect.poll(() => page.title()).toMatch(/^404 Not Found \| /);
    expect(await page.locator('body').textContent()).not.toMatch(/0xdeadbeef/i);
    expect(await stillSameDocument(page)).toBe(true);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await close();
  });

  it('a listed competitor has its page with its display name, loaded and hydrated or navigated to', async () => {
    const { page, errors, close } = await openPage(browser());
    const response = await page.goto(siteUrl('/alternatives/alternative-to-bdc-consulting/'));
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await markWindow(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Your alternative to BDC Consulting');
    expect(await page.title()).toBe('Your alternative to BDC Consulting | Astrolift Media');
    // One with content of its own, and one whose name is its slug capitalised.
    for (const [slug, name] of [['icoda', 'ICODA'], ['byzantium', 'Byzantium']]) {
      await page.locator(`#footer a[href="/alternatives/alternative-to-${slug}/"]`).click();
      await page.waitForURL(new RegExp(`/alternatives/alternative-to-${slug}/$`));
      await expect.poll(() => page.locator('h1').textContent()).toBe(`Your alternative to ${name}`);
      await expect.poll(() => page.title()).toBe(`Your alternative to ${name} | Astrolift Media`);
    }
    expect(await stillSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('lazily loaded route chunks', () => {
  it('show the spinner while a route chunk is delayed', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/page-service-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.locator('.sitemap-list a').first().click();
    // Other status regions (the quote button's, the copy button's) stay; the spinner is the one saying so.
    const spinner = page.getByRole('status').filter({ hasText: 'Loading...' });
    await spinner.waitFor();
    await expect(spinner.textContent()).resolves.toBe('Loading...');
    release();
    await page.locator('#service-title').waitFor();
    expect(await spinner.count()).toBe(0);
    await close();
  });

  const serviceChunk = (url: URL) => url.pathname.startsWith('/assets/page-service-');

  it('reload the page once when a route chunk is gone, then show the failure message', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    // What a visitor holding a page from before a redeploy meets: the old chunk answers 404.
    await page.route(serviceChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const target = await page.locator('.sitemap-list a[href^="/service/"]').first().getAttribute('href');
    await page.locator(`.sitemap-list a[href="${target}"]`).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/Loading chunk service failed\(error: \/assets\/page-service-\w+\.js\)/);
    expect(documents).toEqual([target]);
    expect(new URL(page.url()).pathname).toBe(target);
    await close();
  });

  it('show the failure message, with type and address, and a retry that works', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(siteUrl('/sitemap/'));
    await hydrated(page);
    await page.route(serviceChunk, (route) => route.abort());
    await page.locator('.sitemap-list a[href^="/service/"]').first().click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/Loading chunk service failed\(error: \/assets\/page-service-\w+\.js\)/);
    await page.unroute(serviceChunk);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#service-title').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await close();
  });
});
