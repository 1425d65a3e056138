// What a dev rebuild takes as unchanged by identity: the model keeps every service a description edit leaves
// as it was (src/model/model.ts), and the views made of it are then the very objects of the rebuild before,
// which the stages after know unchanged without comparing them field by field.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSearchIndex, type SearchMemo } from '../../src/build/cachedStages.ts';
import { imageFiles, pagePaths } from '../../src/build/emit.ts';
import type { Renderer } from '../../src/build/bundle.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { ValidCatalogue } from '../../src/catalogue/validate.ts';
import type { Page } from '../../src/client/pageKind.ts';
import { sameKeyJson } from '../../src/build/sameKeyJson.ts';
import { buildModel, createModelMemo, deepFreeze, type ModelMemo, type Site } from '../../src/model/model.ts';
import { searchRecords } from '../../templates/searchIndex.ts';
import { prerenderer, validate } from '../support/site.ts';

let catalogue: ValidCatalogue;
let renderer: Renderer;
beforeAll(async () => {
  catalogue = (await validate(await loadCatalogue(new URL('../../examples/agency/catalogue/', import.meta.url).pathname))).catalogue!;
  renderer = await prerenderer();
});

/** The catalogue with one description's tree replaced, as validation gives it after that file was edited. */
const edited = (id: string): ValidCatalogue => {
  const descriptions = new Map(catalogue.descriptions);
  descriptions.set(id, { ...descriptions.get(id)!, tree: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Edited.' }] }] } as never);
  return { ...catalogue, descriptions };
};

const byRoute = (pages: Page[]) => new Map(pages.map((page) => [page.route, page]));

describe('the pages of a model that kept its services', () => {
  // What render.ts asks of each page and the same page of the rebuild before (frozen once keyed).
  const pagesAgain = (memo: ModelMemo, from = catalogue) => renderer.pagesOf(buildModel(from, undefined, memo));

  it('share the services of the model before', () => {
    const memo = createModelMemo();
    const site = buildModel(catalogue, undefined, memo);
    const again = buildModel(catalogue, undefined, memo);
    expect(again.services.length).toBeGreaterThan(10);
    again.services.forEach((service, i) => expect(service).toBe(site.services[i]));
  });

  it('are the same as the pages before by their key, without their JSON, unless their data changed', () => {
    const memo = createModelMemo();
    const site = buildModel(catalogue, undefined, memo);
    const before = byRoute(renderer.pagesOf(site).map((page) => deepFreeze(page)));
    const service = site.services[0]!;
    const again = pagesAgain(memo).filter((page) => page.kind === 'service');
    expect(again.length).toBeGreaterThan(10);
    for (const page of again) expect(sameKeyJson(page, before.get(page.route))).toBe(true);
    const after = pagesAgain(memo, edited(service.id)).filter((page) => page.kind === 'service');
    for (const page of after) {
      const last = before.get(page.route)!;
      const shows = page.route === service.route || (page.data as { related: { id: string }[] }).related.some((card) => card.id === service.id);
      expect(sameKeyJson(page, last)).toBe(page.route !== service.route);
      if (!shows) expect(JSON.stringify(page)).toBe(JSON.stringify(last));
    }
    expect(JSON.stringify(after.find((page) => page.route === service.route)!.data)).toContain('Edited.');
  });
});

describe('the search records', () => {
  let site: Site;
  const memo = createModelMemo();
  beforeAll(() => void (site = buildModel(catalogue, undefined, memo)));

  it('are equal for the same services and categories, and the search stage takes them as unchanged', async () => {
    const search: SearchMemo = {};
    const first = searchRecords(site);
    const index = await cachedSearchIndex(first, undefined, search);
    const again = searchRecords(buildModel(catalogue, undefined, memo));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(await cachedSearchIndex(again, undefined, search)).toBe(index);
  });

  it('give back the index made of them while they are the same, and a new one when one differs', async () => {
    const memo: SearchMemo = {};
    const records = searchRecords(site);
    const index = await cachedSearchIndex(records, undefined, memo);
    expect(index.size).toBeGreaterThan(0);
    expect(await cachedSearchIndex([...records], undefined, memo)).toBe(index);
    const fewer = await cachedSearchIndex(records.slice(1), undefined, memo);
    expect(fewer).not.toBe(index);
    expect(memo.last?.records).toHaveLength(records.length - 1);
  });
});

describe("a page's file paths", () => {
  const kinds = { service: { paths: ['/service/:slug/:id'] }, notFound: { paths: ['/404'], notFound: true } };
  const page: Page = { kind: 'service', route: '/service/a/b/', indexed: true };

  it("are its route's index.html, and 404.html too for the not-found kind", () => {
    expect(pagePaths({ page, html: '' }, kinds)).toEqual(['service/a/b/index.html']);
    expect(pagePaths({ page, html: '' }, { ...kinds, service: { paths: [], notFound: true } })).toEqual(['service/a/b/index.html', '404.html']);
  });
});

describe("the catalogue's images as site files", () => {
  it('come from the catalogue folder, however it was written', () => {
    const images = ['img/a.png', 'img/services/b c.webp'];
    for (const folder of ['.', '', 'catalogue', 'catalogue/', './catalogue', '../x/catalogue', '/abs/catalogue/']) {
      expect(imageFiles(folder, images)).toEqual(images.map((image) => [image, { copyFrom: join(folder, image) }]));
    }
  });
});
