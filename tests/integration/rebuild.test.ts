// What makes a dev rebuild after a catalogue edit fast: unchanged descriptions are not parsed again, and
// unchanged bundles are not bundled again; a changed input is always picked up.
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient, PACKAGE_ROOT, type ClientBundle, type Renderer } from '../../src/build/bundle.ts';
import { documentAssets } from '../../src/build/shell.ts';
import { renderPages } from '../../src/build/render.ts';
import { nonAscii, siteCharacters } from '../../src/build/fontSubset.ts';
import { PerText } from '../../src/build/perText.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { compileMarkdown, parseMarkdown } from '../../src/catalogue/markdown.ts';
import { createValidationMemo } from '../../src/catalogue/validate.ts';
import type { Page } from '../../src/client/pageKind.ts';
import { buildModel, createModelMemo } from '../../src/model/model.ts';
import { prerenderer, validate } from '../support/site.ts';

const fixture = new URL('../fixtures/valid/', import.meta.url).pathname;

describe('rebuilds reuse what did not change', () => {
  it('compiles only the descriptions whose text changed', async () => {
    const source = await loadCatalogue(fixture);
    const memo = new Map();
    const first = (await validate(source, { memo })).catalogue!.descriptions;
    // A service's description: the first Markdown file is an alternatives page's, which is not in this map.
    const [id, text] = [...source.texts].find(([file]) => file.startsWith('descriptions/'))!;
    const edited = new Map(source.texts).set(id, `${text}\nOne more sentence.\n`);
    const second = (await validate({ ...source, texts: edited }, { memo })).catalogue!.descriptions;
    expect([...second.values()].filter((description) => description.file === id)).toHaveLength(1);
    for (const [key, description] of second) {
      if (description.file === id) expect(description.tree).not.toBe(first.get(key)!.tree);
      else expect(description.tree).toBe(first.get(key)!.tree);
    }
  });

  it('checks links again when what they point at changed, though their description did not', async () => {
    const source = await loadCatalogue(fixture);
    const memo = new Map();
    const route = buildModel((await validate(source, { memo })).catalogue!).services.find((s) => s.id === 'alpha-2')!.route;
    expect(source.texts.get('descriptions/alpha-1.md')).toContain(`(${route})`);
    const brokenLinks = async (texts: ReadonlyMap<string, string>) =>
      (await validate({ ...source, texts }, { memo })).problems.filter((p) => p.code === 'broken-link').map((p) => `${p.file}:${p.line} ${p.field}`);
    expect(await brokenLinks(source.texts)).toEqual([]);
    // The service renamed: its address changes, and the unchanged description's link no longer leads anywhere.
    const alpha = source.texts.get('categories/alpha.yaml')!;
    const renamed = new Map(source.texts).set('categories/alpha.yaml', alpha.replace('name: Free Launch Slot', 'name: Free Launch Window'));
    expect(await brokenLinks(renamed)).toEqual([`descriptions/alpha-1.md:6 link ${route}`]);
    expect(await brokenLinks(source.texts)).toEqual([]);
    // A broken link written into one description is found, and forgotten once it is gone.
    const broken = new Map(source.texts).set('descriptions/beta-1.md', `${source.texts.get('descriptions/beta-1.md')}\n[Nowhere](/service/nowhere/alpha-99/)\n`);
    expect(await brokenLinks(broken)).toEqual([expect.stringMatching(/^descriptions\/beta-1\.md:\d+ link \/service\/nowhere\/alpha-99\/$/)]);
    expect(await brokenLinks(source.texts)).toEqual([]);
  });

  it('keeps the last model\'s unchanged services after a description edit, and makes the model a full build makes', async () => {
    const source = await loadCatalogue(fixture);
    const memo = new Map();
    // What a dev session's BuildCache keeps of validation and the model between rebuilds.
    const kept = createValidationMemo();
    const models = createModelMemo();
    const first = buildModel((await validate(source, { memo, kept })).catalogue!, undefined, models);
    const file = 'descriptions/alpha-2.md';
    const edited = (await validate({ ...source, texts: new Map(source.texts).set(file, `${source.texts.get(file)}\nOne more sentence.\n`) }, { memo, kept })).catalogue!;
    const second = buildModel(edited, undefined, models);
    for (const service of second.services) {
      if (service.id === 'alpha-2') expect(service.description).not.toBe(first.services.find((s) => s.id === 'alpha-2')!.description);
      else expect(service).toBe(first.services.find((s) => s.id === service.id));
    }
    // The same catalogue with copies of its category values (not the last run's objects): built in full.
    const copied = { ...edited, categories: edited.categories.map((c) => ({ ...c, value: structuredClone(c.value) })) };
    const full = buildModel(copied, undefined, models);
    expect(full.services[0]).not.toBe(second.services[0]);
    expect(second).toEqual(full);
    expect(Object.isFrozen(second.services.find((s) => s.id === 'alpha-2'))).toBe(true);
  });

  it('makes again only the categories a YAML edit changed: its own, and one that requires a service whose price changed', async () => {
    const source = await loadCatalogue(fixture);
    const memo = new Map();
    const kept = createValidationMemo();
    const models = createModelMemo();
    const edit = (texts: ReadonlyMap<string, string>, file: string, from: string | RegExp, to: string) => new Map(texts).set(file, texts.get(file)!.replace(from, to));
    const requiring = edit(source.texts, 'categories/beta.yaml', /( {2}- id: beta-1\n)/, '$1    requires: [alpha-1]\n');
    const modelOf = async (texts: ReadonlyMap<string, string>) => buildModel((await validate({ ...source, texts }, { memo, kept })).catalogue!, undefined, models);
    const first = await modelOf(requiring);
    expect(first.categories[1]!.services[0]!.requires.map((r) => r.price)).toEqual([3000.5]);

    // A price nothing requires: the other category is kept as it was.
    const second = await modelOf(edit(requiring, 'categories/alpha.yaml', 'price: 0', 'price: 10'));
    expect(second.categories[0]).not.toBe(first.categories[0]);
    expect(second.categories[1]).toBe(first.categories[1]);

    // The price of the service beta-1 requires: beta is made again, and says the new price.
    const raised = edit(edit(requiring, 'categories/alpha.yaml', 'price: 0', 'price: 10'), 'categories/alpha.yaml', 'price: 3000.5', 'price: 3100');
    const third = await modelOf(raised);
    expect(third.categories[1]!.services[0]!.requires.map((r) => r.price)).toEqual([3100]);
    expect(third).toEqual(buildModel((await validate({ ...source, texts: raised })).catalogue!));
    expect(Object.isFrozen(third.categories[1]!.services[0])).toBe(true);
  });

  it("scans again only the texts that changed for the emoji and the font subset's characters", async () => {
    const texts = (await loadCatalogue(fixture)).texts;
    const scanned: string[] = [];
    const memo = new PerText((text) => (scanned.push(text), nonAscii(text)));
    expect(siteCharacters(memo.values(texts))).toBe(siteCharacters(texts.values()));
    const [file, text] = [...texts].find(([name]) => name.endsWith('.md'))!;
    const edited = new Map(texts).set(file, `${text}\nCafé — 🚀\n`);
    scanned.length = 0;
    expect(siteCharacters(memo.values(edited))).toBe(siteCharacters(edited.values()));
    expect(scanned).toEqual([edited.get(file)]);
  });

  it('compiles headings two levels down without changing the parsed tree', () => {
    const root = parseMarkdown('# Title\n\nText with a [link](https://example.com).\n\n## Part\n');
    const before = JSON.stringify(root);
    expect(compileMarkdown(root).map((node) => (Array.isArray(node) ? node[0] : node))).toEqual(['h3', 'p', 'h4']);
    expect(JSON.stringify(root)).toBe(before);
  });

  it('reuses the client bundle until one of its inputs is modified', async () => {
    const memo = new Map();
    const first = await bundleClient({ memo });
    expect(await bundleClient({ memo })).toBe(first);
    const input = join(PACKAGE_ROOT, 'node_modules/react-dom/client.js');
    const { atime, mtime } = statSync(input);
    try {
      utimesSync(input, atime, new Date());
      const third = await bundleClient({ memo });
      expect(third).not.toBe(first);
      expect([...third.files.keys()]).toEqual([...first.files.keys()]);
    } finally {
      utimesSync(input, atime, mtime);
    }
  }, 30_000);

  it('renders again only the pages whose inputs changed, and everything once the renderer changes', async () => {
    const site = buildModel((await validate(await loadCatalogue(fixture))).catalogue!);
    const pages = (await prerenderer()).pagesOf(site);
    const bundle = { files: new Map(), chunks: {}, assetsFor: () => ({ styles: [], entry: '/e.js', modulePreloads: [], fonts: [] }) } as unknown as ClientBundle;
    const assetsFor = documentAssets(bundle, '/assets/loader-L.js');
    const rendered: string[] = [];
    // A renderer's code, as far as the page keys know it, is its kinds' code hashes.
    const fake = (renderPage: (page: Page) => string, code: string) => ({ renderPage, kindHashes: Object.fromEntries(pages.map((p) => [p.kind, code])) }) as unknown as Renderer;
    const renderer = fake((page) => (rendered.push(page.route), `<html>${page.route}</html>`), 'v1');
    const memo = {};
    const first = await renderPages(site, pages, renderer, assetsFor, { memo });
    expect(rendered).toHaveLength(pages.length);

    rendered.length = 0;
    const service = pages.findIndex((p) => p.kind === 'service');
    const edited = pages.map((p, i) => (i === service ? { ...p, indexed: !p.indexed } : p));
    const second = await renderPages(site, edited, renderer, assetsFor, { memo });
    expect(rendered).toEqual([pages[service]!.route]);
    expect(second.map((p) => p.html)).toEqual(first.map((p) => p.html));

    rendered.length = 0;
    await renderPages(site, edited, fake(renderer.renderPage as (page: Page) => string, 'v2'), assetsFor, { memo });
    expect(rendered).toHaveLength(pages.length);
  });
});
