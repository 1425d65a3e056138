// What a warm build reuses of the pages it rendered before, without reading them again: the cache's copy of a
// page is linked into the new site unread, and a description is named in a page's key by the key it was
// compiled under (treeKeys.ts), never taken for another.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientBundle, Renderer } from '../../src/build/bundle.ts';
import { BuildCacheDir } from '../../src/build/cache.ts';
import { Staging } from '../../src/build/staging.ts';
import { renderPages } from '../../src/build/render.ts';
import { documentAssets } from '../../src/build/shell.ts';
import { keyJson, registerTree } from '../../src/build/treeKeys.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Page } from '../../src/client/pageKind.ts';
import type { TreeNode } from '../../src/core/tree.ts';
import { buildModel } from '../../src/model/model.ts';
import { prerenderer, validate } from './site.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-render-reuse-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a page's key", () => {
  it('names a registered description by its key, and is otherwise the JSON of the data', () => {
    const a: TreeNode[] = [['p', null, 'Same words.']];
    const b: TreeNode[] = [['p', null, 'Same words.']];
    const data = (tree: TreeNode[]) => ({ service: { name: 'X', description: tree } });
    expect(keyJson(data(a))).toBe(JSON.stringify(data(a)));
    registerTree(a, 'v1:aaa');
    registerTree(b, 'v1:bbb');
    expect(keyJson(data(a))).not.toContain('Same words.');
    expect(keyJson(data(a))).not.toBe(keyJson(data(b)));
    // A string of the data that looks like a named tree is still told apart from one.
    expect(keyJson({ service: { name: 'X', description: '\u0000tree:v1:aaa' } })).not.toBe(keyJson(data(a)));
  });
});

describe('a one-off build with the cache', () => {
  it("links each page the cache holds into the new site unread, and renders one whose copy went", async () => {
    const site = buildModel((await validate(await loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname))).catalogue!);
    const pages = (await prerenderer()).pagesOf(site);
    const bundle = { files: new Map(), chunks: {}, assetsFor: () => ({ styles: [], entry: '/e.js', modulePreloads: [], fonts: [] }) } as unknown as ClientBundle;
    const assetsFor = documentAssets(bundle, '/assets/loader-L.js');
    const rendered: string[] = [];
    const renderer = { renderPage: (page: Page) => (rendered.push(page.route), `<html>${page.route}</html>`) } as unknown as Renderer;
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
