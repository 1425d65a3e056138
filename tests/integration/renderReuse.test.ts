// What a warm build reuses of the pages it rendered before, without reading them again: the cache's copy of a
// page is linked into the new site unread, and dev keeps the key of a page whose data is as it was.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientBundle, Renderer } from '../../src/build/bundle.ts';
import { BuildCacheDir } from '../../src/build/cache.ts';
import { hostingRules, pageDocuments } from '../../src/build/emit.ts';
import { findBrokenLinks } from '../../src/build/links.ts';
import { inlineScriptHashes, scanPage } from '../../src/build/pageScan.ts';
import { Staging } from '../../src/build/staging.ts';
import { renderPages, type RenderedPage, type RenderMemo } from '../../src/build/render.ts';
import { documentAssets } from '../../src/build/shell.ts';
import { sameKeyJson as same } from '../../src/build/sameKeyJson.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Page } from '../../src/client/pageKind.ts';
import type { TreeNode } from '../../src/core/tree.ts';
import { buildModel, deepFreeze } from '../../src/model/model.ts';
import { prerenderer, validate } from '../support/site.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-render-reuse-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = (value: unknown) => JSON.stringify(value);

describe('a one-off build with the cache', () => {
  it("links each page the cache holds into the new site unread, and renders one whose copy went", async () => {
    const site = buildModel((await validate(await loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname))).catalogue!);
    const pages = (await prerenderer()).pagesOf(site);
    const bundle = { files: new Map(), chunks: {}, assetsFor: () => ({ styles: [], entry: '/e.js', modulePreloads: [], fonts: [] }) } as unknown as ClientBundle;
    const assetsFor = documentAssets(bundle, '/assets/loader-L.js');
    const rendered: string[] = [];
    const renderer = { renderPage: (page: Page) => (rendered.push(page.route), `<html>${page.route}</html>`), kindHashes: Object.fromEntries(pages.map((p) => [p.kind, 'v1'])) } as unknown as Renderer;
    const paths = ({ page }: { page: Page }) => [`${page.route.slice(1)}index.html`];
    type File = { content: Uint8Array } | { copyFrom: string };
    const render = async (run: string, gone?: string) => {
      const store = new BuildCacheDir(join(work, 'cache'));
      const staging = await Staging.open(join(work, run));
      // `gone`: the cache's copy of that page goes (another build pruned it) just before it is linked.
      const write = async (path: string, file: File) => {
        if (path !== gone || !('copyFrom' in file)) return staging.write(path, file);
        mkdirSync(dirname(join(staging.dir, path)), { recursive: true });
        throw Object.assign(new Error('gone'), { code: 'ENOENT' });
      };
      const result = await renderPages(site, pages, renderer, assetsFor, { store, staging: { dir: staging.dir, write, paths } });
      await store.settle();
      return { result, dir: staging.dir };
    };
    await render('first');
    expect(rendered).toHaveLength(pages.length);

    rendered.length = 0;
    const second = await render('second');
    expect(rendered).toEqual([]);
    for (const page of second.result) expect(page.html).toBe(`<html>${page.page.route}</html>`);

    rendered.length = 0;
    const gone = pages.find((p) => p.kind === 'service')!;
    const third = await render('third', paths({ page: gone })[0]);
    expect(rendered).toEqual([gone.route]);
    expect(readFileSync(join(third.dir, paths({ page: gone })[0]!), 'utf8')).toBe(`<html>${gone.route}</html>`);
  });
});

describe('a page rendered now', () => {
  it("comes with what emit's checks take of it: the new site's copy is not read back", async () => {
    const site = buildModel((await validate(await loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname))).catalogue!);
    const pages = (await prerenderer()).pagesOf(site);
    const bundle = { files: new Map(), chunks: {}, assetsFor: () => ({ styles: [], entry: '/e.js', modulePreloads: [], fonts: [] }) } as unknown as ClientBundle;
    const html = (route: string) => `<html><body id="top"><a href="${route}#top">Top</a><script>go("${route}")</script></body></html>`;
    const renderer = { renderPage: (page: Page) => html(page.route), kindHashes: Object.fromEntries(pages.map((p) => [p.kind, 'v1'])) } as unknown as Renderer;
    const paths = ({ page }: { page: Page }) => [`${page.route.slice(1)}index.html`];
    const staging = await Staging.open(join(work, 'scanned'));
    const result = await renderPages(site, pages, renderer, documentAssets(bundle, '/assets/loader-L.js'), { staging: { dir: staging.dir, write: (path, file) => staging.write(path, file), paths } });
    for (const page of result) expect(page.scan).toEqual(scanPage(html(page.page.route)));
    // What is in the folder now is not what the checks see.
    for (const page of result) writeFileSync(page.staged!, '<a href="/nowhere/">Gone</a><script>other()</script>');
    const files = new Set(result.flatMap(paths));
    expect(findBrokenLinks(pageDocuments(result, {}), files)).toEqual([]);
    expect(hostingRules(result, {}).find((rule) => rule.headers['Content-Security-Policy'])?.headers['Content-Security-Policy']).toContain(inlineScriptHashes(html('/'))[0]);
    expect(findBrokenLinks(new Map([...files].map((file) => [file, readFileSync(join(staging.dir, file), 'utf8')])), files)).toHaveLength(files.size);
  });
});

describe('sameKeyJson: a page keyed before, judged the same without writing its key', () => {
  const frozen = deepFreeze;
  const tree: TreeNode[] = frozen([['p', null, 'Kept.']]);
  const data = () => ({ kind: 'service', route: '/s/', data: { service: { name: 'X', label: undefined as string | undefined, price: 12.5, tags: ['a', 'b'], description: tree, related: [{ id: 'y' }] } }, indexed: true });

  it('is true for the same data made again, whose key is the same', () => {
    const before = frozen(data());
    expect(same(data(), before)).toBe(true);
    expect(json(data())).toBe(json(before));
  });

  it('is false for any change that changes the key', () => {
    const before = frozen(data());
    const changed = [
      (d: ReturnType<typeof data>) => (d.data.service.name = 'Y'),
      (d: ReturnType<typeof data>) => (d.data.service.price = 12.6),
      (d: ReturnType<typeof data>) => d.data.service.tags.push('c'),
      (d: ReturnType<typeof data>) => (d.data.service.related[0]!.id = 'z'),
      (d: ReturnType<typeof data>) => (d.indexed = false),
      (d: ReturnType<typeof data>) => (d.data.service.label = 'New'),
      (d: ReturnType<typeof data>) => (d.data.service.description = [['p', null, 'Changed.']]),
      (d: ReturnType<typeof data>) => (d.data.service.description = [['p', { class: 'lead' }, 'Kept.']]),
    ];
    for (const change of changed) {
      const now = data();
      change(now);
      expect(json(now)).not.toBe(json(before));
      expect(same(now, before)).toBe(false);
    }
  });

  it('is false, never wrong, where JSON would hide a difference or it cannot be sure', () => {
    expect(same({ a: 1, b: 2 }, frozen({ b: 2, a: 1 }))).toBe(false); // another order, another key
    expect(same(data(), data())).toBe(false); // before is not frozen: it may have changed since it was keyed
    expect(same({ n: Number.NaN }, frozen({ n: null }))).toBe(false);
    expect(same({ n: -0 }, frozen({ n: 0 }))).toBe(false);
    expect(same({ u: undefined }, frozen({}))).toBe(false); // the same JSON, but not sure from the keys
    expect(same({ u: 1 }, frozen({ u: undefined }))).toBe(false);
    expect(same({ d: new Date(0) }, frozen({ d: new Date(0) }))).toBe(false);
    // A tree is the same as an equal one keyed before (its JSON is), and the same object is taken without a walk.
    expect(same({ t: [['p', null, 'Kept.']] }, frozen({ t: tree }))).toBe(true);
    expect(same({ t: tree }, frozen({ t: tree }))).toBe(true);
    expect(same({ t: [['p', null, 'Kept', '.']] }, frozen({ t: tree }))).toBe(false);
    expect(same(['a'], frozen({ 0: 'a' }))).toBe(false);
    expect(same([undefined, 'a'], frozen([null, 'a']))).toBe(false); // the same JSON, not sure from the items
    expect(same(['a', 'b'], frozen(['a']))).toBe(false);
  });

  it('takes the very object, still frozen, as the same without walking it; not one that is not frozen', () => {
    const service = frozen({ name: 'Kept', price: Number.NaN, when: new Date(0) }); // not judged the same if walked
    expect(same({ service }, frozen({ service }))).toBe(true);
    const open = { name: 'Open' }; // may have changed since it was keyed
    expect(same({ open }, { open })).toBe(false);
    expect(same(open, open)).toBe(false);
  });
});

describe('dev rebuilds in one process', () => {
  it("keep an unchanged page's key without writing its JSON again, and key a changed page anew", async () => {
    const catalogue = await loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname);
    const renderer = await prerenderer();
    const bundle = { files: new Map(), chunks: {}, assetsFor: () => ({ styles: [], entry: '/e.js', modulePreloads: [], fonts: [] }) } as unknown as ClientBundle;
    const assetsFor = documentAssets(bundle, '/assets/loader-L.js');
    const memo: RenderMemo = {};
    let made: { pages: Page[]; rendered: RenderedPage[] } | undefined;
    const build = async (rename?: string) => {
      const site = buildModel((await validate(catalogue)).catalogue!);
      const pages = renderer.pagesOf(rename ? { ...site, services: site.services, categories: site.categories.map((c, i) => (i ? c : { ...c, services: c.services.map((s, k) => (k ? s : { ...s, name: rename })) })) } : site);
      const rendered = await renderPages(site, pages, renderer, assetsFor, { memo, linkFiles: false });
      made = { pages, rendered };
      return new Map([...memo.keys!.pages].map(([route, { key }]) => [route, key]));
    };
    const first = await build();
    const reused = memo.keys!.pages;
    const second = await build();
    expect(second).toEqual(first);
    // Made again from a new model, the pages are new objects. The real pages' data (optional fields left
    // undefined, description trees) are judged the same as the pages keyed before: the rebuild keeps those,
    // frozen then, and their keys, and neither freezes nor keys the new ones.
    for (const page of made!.pages) {
      const before = reused.get(page.route)!;
      expect(page).not.toBe(before.page);
      expect(Object.isFrozen(page)).toBe(false);
      expect(memo.keys!.pages.get(page.route)).toBe(before);
    }
    expect(made!.rendered.every((r) => r.page === reused.get(r.page.route)!.page)).toBe(true);
    const third = await build('Renamed service');
    const changed = [...third].filter(([route, key]) => first.get(route) !== key).map(([route]) => route);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(third.size);
  });
});
