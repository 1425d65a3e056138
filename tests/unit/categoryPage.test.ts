// Category pages (templates/pages/category.tsx): which pages each category gets, the pagination arithmetic,
// their heads (title, canonical, prev/next, JSON-LD) and their markup, on a synthetic catalogue big enough to
// paginate; and the links to them from the service pages and the sitemap page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import type { Renderer } from '../../src/build/bundle.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Head, Page } from '../../src/client/pageKind.ts';
import { buildModel, type Site } from '../../src/model/model.ts';
import { siteShell, type SiteShell } from '../../src/model/shell.ts';
import { pageWindow } from '../../templates/components/Pagination.tsx';
import type { CategoryData, SitemapData } from '../../templates/data.ts';
import { CATEGORY_PAGE_SIZE, pageCount, pageNumber } from '../../templates/pages/category.tsx';
import { prerenderer, validate } from '../support/site.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-category-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let model: Site;
let shell: SiteShell;
let renderer: Renderer;
let pages: Page[];
let categoryPages: Page<CategoryData>[];
beforeAll(async () => {
  // 400 services over 13 categories: the largest (press releases) has 82, four pages; the smallest about 21, one.
  await writeSyntheticCatalogue(join(work, 'catalogue'), { services: 400 });
  const { catalogue, problems } = await validate(await loadCatalogue(join(work, 'catalogue')));
  expect(problems).toEqual([]);
  model = buildModel(catalogue!);
  shell = siteShell(model);
  renderer = await prerenderer();
  pages = renderer.pagesOf(model);
  categoryPages = pages.filter((p): p is Page<CategoryData> => p.kind === 'category');
}, 60_000);

const pagesOf = (anchor: string) => categoryPages.filter((p) => p.data!.category.anchor === anchor).sort((a, b) => a.data!.page - b.data!.page);
const head = (page: Page): Head => renderer.headFor(page, shell);
type Graph = Record<string, any>[];
const ofType = (graph: object[], type: string) => (graph as Graph).find((node) => node['@type'] === type)!;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
const html = (page: Page) => renderer.renderPage(page, shell, { styles: [], fonts: [], loader: '/assets/loader.js' });

describe('the pagination arithmetic', () => {
  it('has 24 services a page', () => expect(CATEGORY_PAGE_SIZE).toBe(24));

  it.each([
    [0, 1],
    [1, 1],
    [24, 1],
    [25, 2],
    [48, 2],
    [49, 3],
    [10_000, 417],
  ])('%i services → %i pages', (services, expected) => expect(pageCount(services)).toBe(expected));

  it.each([
    [undefined, 1],
    ['2', 2],
    ['417', 417],
    ['1', undefined],
    ['0', undefined],
    ['02', undefined],
    ['-2', undefined],
    ['2x', undefined],
    ['', undefined],
  ])('the page parameter %j → page %j', (param, expected) => expect(pageNumber(param)).toBe(expected));

  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [4, 10, [1, 2, 3, 4, 5, null, 10]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [8, 10, [1, null, 7, 8, 9, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('page %i of %i shows %j ("…" for null)', (current, total, expected) => expect(pageWindow(current, total)).toEqual(expected));
});

describe('the pages of each category', () => {
  it('are ceil(services / 24) per category, at /category/{anchor}/ and then /category/{anchor}/page/{n}/', () => {
    expect(model.categories.some((c) => c.services.length > 3 * CATEGORY_PAGE_SIZE)).toBe(true);
    expect(model.categories.some((c) => c.services.length <= CATEGORY_PAGE_SIZE)).toBe(true);
    for (const category of model.categories) {
      const expected = Math.ceil(category.services.length / CATEGORY_PAGE_SIZE);
      const own = pagesOf(category.anchor);
      expect(own.map((p) => p.route), category.anchor).toEqual(
        Array.from({ length: expected }, (_, i) => (i === 0 ? `/category/${category.anchor}/` : `/category/${category.anchor}/page/${i + 1}/`)),
      );
      expect(own[0]!.route).toBe(category.pageRoute);
    }
    expect(categoryPages).toHaveLength(model.categories.reduce((sum, c) => sum + pageCount(c.services.length), 0));
  });

  it('split the services in order, 24 a page, the rest on the last', () => {
    for (const category of model.categories) {
      const own = pagesOf(category.anchor);
      expect(own.flatMap((p) => p.data!.services.map((s) => s.id))).toEqual(category.services.map((s) => s.id));
      own.forEach((p, i) => {
        expect(p.data).toMatchObject({ page: i + 1, pages: own.length, first: i * CATEGORY_PAGE_SIZE, category: { name: category.name, count: category.services.length, notice: category.notice } });
        if (i < own.length - 1) expect(p.data!.services).toHaveLength(CATEGORY_PAGE_SIZE);
        else expect(p.data!.services.length).toBe(category.services.length - i * CATEGORY_PAGE_SIZE);
      });
    }
  });

  it('are indexed, so sitemap.xml lists them', () => {
    expect(categoryPages.length).toBeGreaterThan(model.categories.length);
    expect(categoryPages.every((p) => p.indexed)).toBe(true);
  });
});

describe('the head of a category page', () => {
  const largest = () => model.categories.reduce((a, b) => (b.services.length > a.services.length ? b : a));

  it('names the category and the page, describes the category, and is its own canonical URL', () => {
    const category = largest();
    const [first, second] = pagesOf(category.anchor);
    expect(head(first!)).toMatchObject({
      title: `${category.name} services | Synthetic Media`,
      description: category.description,
      canonical: `https://www.example.com/category/${category.anchor}/`,
    });
    expect(head(second!)).toMatchObject({
      title: `${category.name} services – page 2 | Synthetic Media`,
      canonical: `https://www.example.com/category/${category.anchor}/page/2/`,
    });
    expect(head(second!).description).toContain(category.description);
    expect(head(first!).robots).toBeUndefined();
  });

  it('links each page to its neighbours with absolute rel="prev" and rel="next"', () => {
    const category = largest();
    const own = pagesOf(category.anchor);
    expect(own.length).toBeGreaterThanOrEqual(3);
    const url = (n: number) => `https://www.example.com${n === 1 ? `/category/${category.anchor}/` : `/category/${category.anchor}/page/${n}/`}`;
    own.forEach((page, i) => {
      const n = i + 1;
      expect(head(page).links, page.route).toEqual([...(n > 1 ? [{ rel: 'prev', href: url(n - 1) }] : []), ...(n < own.length ? [{ rel: 'next', href: url(n + 1) }] : [])]);
    });
    const single = categoryPages.find((p) => p.data!.pages === 1)!;
    expect(head(single).links).toEqual([]);
  });

  it('has a BreadcrumbList Home → Category (→ Page n)', () => {
    const category = largest();
    const [first, , third] = pagesOf(category.anchor);
    expect(ofType(head(first!).jsonLd, 'BreadcrumbList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
      { '@type': 'ListItem', position: 2, name: category.name },
    ]);
    expect(ofType(head(third!).jsonLd, 'BreadcrumbList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
      { '@type': 'ListItem', position: 2, name: category.name, item: `https://www.example.com/category/${category.anchor}/` },
      { '@type': 'ListItem', position: 3, name: 'Page 3' },
    ]);
  });

  it("has an OfferCatalog of the whole category, listing this page's services at their place in it", () => {
    const category = largest();
    for (const page of pagesOf(category.anchor)) {
      const catalog = ofType(head(page).jsonLd, 'OfferCatalog');
      const first = (page.data!.page - 1) * CATEGORY_PAGE_SIZE;
      const services = category.services.slice(first, first + CATEGORY_PAGE_SIZE);
      expect(catalog).toEqual({
        '@type': 'OfferCatalog',
        name: category.name,
        url: `https://www.example.com/category/${category.anchor}/`,
        numberOfItems: category.services.length,
        itemListElement: services.map((s, i) => ({ '@type': 'ListItem', position: first + i + 1, url: `https://www.example.com${s.route}`, name: s.name })),
      });
    }
    expect(ofType(head(pagesOf(category.anchor)[0]!).jsonLd, 'Organization')['@id']).toBe('https://www.example.com/#organization');
  });
});

describe('the markup of a category page', () => {
  it('shows the name as h1, the description, info, notice and count, a card per service, and the pagination', () => {
    const category = model.categories.find((c) => c.notice && c.services.length > 2 * CATEGORY_PAGE_SIZE)!;
    expect(category).toBeDefined();
    const [first, second] = pagesOf(category.anchor);
    const page = html(second!);
    expect(page).toContain(`<h1 class="page-title category-page-title">${escape(category.name)}</h1>`);
    expect(page).toContain(`<p class="category-page-lead">${escape(category.description)}</p>`);
    expect(page).toContain(`<p class="notice" role="note">${escape(category.notice!)}</p>`);
    expect(page).toMatch(new RegExp(`<strong>${category.services.length} services</strong>`));
    const part = /<div class="category-page-services" data-prerendered="category">(.*?)<\/div><nav/s.exec(page)![1]!;
    expect(part.match(/<h2[^>]*><a href="\/service\//g)).toHaveLength(CATEGORY_PAGE_SIZE);
    expect(page).toContain('data-prerendered="category"');
    for (const s of category.services.slice(CATEGORY_PAGE_SIZE, 2 * CATEGORY_PAGE_SIZE)) expect(page).toContain(`href="${s.route}"`);
    expect(page).not.toContain(`href="${category.services[0]!.route}"`);
    const nav = /<nav aria-label="Pages" class="pagination">(.*?)<\/nav>/s.exec(page)![1]!;
    expect(nav).toContain(`<a href="/category/${category.anchor}/" rel="prev"`);
    expect(nav).toContain(`<a href="/category/${category.anchor}/page/3/" rel="next"`);
    expect(nav.match(/aria-current="page"/g)).toHaveLength(1);
    expect(nav).toMatch(new RegExp(`href="/category/${category.anchor}/page/2/" class="pagination-link" aria-current="page"`));
    const crumbs = /<nav aria-label="Breadcrumb" class="breadcrumb"><ol>(.*?)<\/ol><\/nav>/s.exec(page)![1]!;
    expect(crumbs).toContain('<a href="/">Home</a>');
    expect(crumbs).toContain(`<a href="/category/${category.anchor}/">${escape(category.name)}</a>`);
    expect(crumbs).toContain('<span aria-current="page">Page 2</span>');
    expect(html(first!)).not.toContain('rel="prev"');
  });

  it('shows the info line of a category that has one', () => {
    const category = model.categories.find((c) => c.info)!;
    expect(html(pagesOf(category.anchor)[0]!)).toContain(`<p class="category-page-info">${escape(category.info!)}</p>`);
  });

  it('has no pagination when all the services fit on one page', () => {
    const single = categoryPages.find((p) => p.data!.pages === 1)!;
    const page = html(single);
    expect(page).not.toContain('aria-label="Pages"');
    expect(page).toContain(`<span aria-current="page">${escape(single.data!.category.name)}</span>`);
  });
});

describe('links to the category pages', () => {
  it("from a service page's breadcrumb, link and JSON-LD", () => {
    const service = pages.find((p) => p.kind === 'service')!;
    const category = model.categories.find((c) => c.services.some((s) => s.route === service.route))!;
    const crumbs = /<nav aria-label="Breadcrumb" class="breadcrumb">(.*?)<\/nav>/s.exec(html(service))![1]!;
    expect(crumbs).toContain(`href="/category/${category.anchor}/"`);
    expect(crumbs).not.toContain('/#');
    const list = ofType(head(service).jsonLd, 'BreadcrumbList').itemListElement;
    expect(list[1]).toMatchObject({ name: category.name, item: `https://www.example.com/category/${category.anchor}/` });
  });

  it('from each category heading of the sitemap page', () => {
    const sitemap = pages.find((p): p is Page<SitemapData> => p.kind === 'sitemap')!;
    const page = html(sitemap);
    for (const category of model.categories) {
      expect(page).toContain(`<h2 id="sitemap-${category.anchor}" class="sitemap-heading"><a href="/category/${category.anchor}/">`);
    }
    expect(page).not.toMatch(/class="sitemap-heading"><a href="\/#/);
  });
});
