import { beforeAll, describe, expect, it } from 'vitest';
import { forPage, routeTable, type RouteTable } from '../../src/client/routeTable.ts';
import { competitorName, competitorSlugOf, routes, routeToFile, withTrailingSlash } from '../../src/core/routes.ts';
import { prerenderer } from '../support/site.ts';

describe('routeToFile', () => {
  it.each([
    ['/', 'index.html'],
    ['/thread/', 'thread/index.html'],
    ['/thread', 'thread/index.html'],
    ['/service/fast-track/listing-1/', 'service/fast-track/listing-1/index.html'],
    ['/alternatives/alternative-to-icoda/', 'alternatives/alternative-to-icoda/index.html'],
    ['/404/', '404/index.html'],
    ['/sitemap/#top', 'sitemap/index.html'],
  ])('%s → %s', (route, file) => expect(routeToFile(route)).toBe(file));

  it('refuses paths that would leave the output folder', () => {
    expect(() => routeToFile('/../etc/')).toThrow(/Not a site route/);
    expect(() => routeToFile('thread/')).toThrow(/Not a site route/);
  });
});

describe('trailing-slash policy', () => {
  it('every generated route ends in a slash, except section links', () => {
    expect([routes.home(), routes.service('a', 'b-1'), routes.alternative('x')].every((r) => r.endsWith('/'))).toBe(true);
    expect(routes.section('clients')).toBe('/#clients');
  });

  it.each([
    ['/sitemap', '/sitemap/'],
    ['/sitemap/', '/sitemap/'],
    ['/service/a/b-1#top', '/service/a/b-1/#top'],
    ['/img/logo.svg', '/img/logo.svg'],
    ['/', '/'],
  ])('withTrailingSlash(%s) = %s', (href, expected) => expect(withTrailingSlash(href)).toBe(expected));
});

describe('alternatives addresses', () => {
  it('names a listed competitor without a name by capitalising each hyphen-separated word', () => {
    expect(competitorName('crypto-promoters-global')).toBe('Crypto Promoters Global');
  });
  it('needs the alternative-to- prefix', () => {
    expect(competitorSlugOf('alternative-to-icoda')).toBe('icoda');
    expect(competitorSlugOf('icoda')).toBeUndefined();
    expect(competitorSlugOf('alternative-to-')).toBeUndefined();
    expect(competitorSlugOf(undefined)).toBeUndefined();
  });
});

describe("the route table of the example's page kinds", () => {
  let table: RouteTable;
  // The example has no pages of its own (pages/): its client's table has no `page` kind (build/shell.ts).
  beforeAll(async () => void (table = routeTable(Object.fromEntries(Object.entries((await prerenderer()).kindInfo).filter(([kind]) => kind !== 'page')))));
  const matchRoute = (path: string) => table.match(path);

  it('knows the 404 page', () => expect(table.notFound).toEqual({ kind: 'notFound', route: '/404/' }));

  it.each([
    ['/', 'home', {}],
    ['/thread/', 'thread', {}],
    ['/thread', 'thread', {}],
    ['/service/fast-track/listing-1/', 'service', { slug: 'fast-track', id: 'listing-1' }],
    ['/alternatives/alternative-to-icoda/', 'alternatives', { competitor: 'alternative-to-icoda' }],
    ['/alternatives/alternative-to-caf%C3%A9/', 'alternatives', { competitor: 'alternative-to-café' }],
    ['/Sitemap/', 'sitemap', {}],
    ['/404/', 'notFound', {}],
    // Hosts merge the slashes (nginx, CDNs), and React Router's matcher agrees.
    ['//', 'home', {}],
  ])('%s → %s %o', (path, kind, params) => expect(matchRoute(path)).toEqual({ kind, params }));

  // The prerenderer's table for one page matches that page's route by its kind alone, with what the whole table gives.
  it.each([
    ['/', 'home'],
    ['/service/fast-track/listing-1/', 'service'],
    ['/alternatives/alternative-to-caf%C3%A9/', 'alternatives'],
    ['/404/', 'notFound'],
  ])("a page's own table: %s as the whole table matches it", (route, kind) => {
    const own = forPage(table, { kind, route });
    expect(own.match(route)).toEqual(table.match(route));
    expect(own.match('/thread/')).toEqual(table.match('/thread/'));
  });

  it.each(['/service/only-slug/', '/service/a/b/c/', '/alternatives/', '/nowhere/', '/sitemapx/'])('%s → no page', (path) => expect(matchRoute(path)).toBeUndefined());
});

describe("the route table with the site's own pages", () => {
  let table: RouteTable;
  beforeAll(async () => void (table = routeTable((await prerenderer()).kindInfo)));

  it.each([
    ['/about/', 'page', { page: 'about' }],
    ['/sitemap/', 'sitemap', {}],
    ['/search/', 'search', {}],
    ['/service/fast-track/listing-1/', 'service', { slug: 'fast-track', id: 'listing-1' }],
    ['/', 'home', {}],
  ])('%s → %s %o: a fixed address outranks a page of the site', (path, kind, params) => expect(table.match(path)).toEqual({ kind, params }));

  it.each(['/about/team/', '/service/only-slug/'])('%s → no page', (path) => expect(table.match(path)).toBeUndefined());

  it('takes a segment that is no valid encoding as it is, and keeps an encoded slash inside a parameter', () => {
    expect(table.match('/service/bad%E0%A4%A/x-1/')).toEqual({ kind: 'service', params: { slug: 'bad%E0%A4%A', id: 'x-1' } });
    expect(table.match('/service/a%2Fb/x-1/')).toEqual({ kind: 'service', params: { slug: 'a%2Fb', id: 'x-1' } });
  });
});
