// Large sites render in worker threads: the documents must be exactly those the main thread renders, and a
// page that fails must still be named.
import { describe, expect, it } from 'vitest';
import { bundleClient, bundleRenderer, rendererFile, type Renderer } from '../../src/build/bundle.ts';
import { renderPages } from '../../src/build/render.ts';
import { renderInWorkers } from '../../src/build/renderWorkers.ts';
import { clientFiles, documentAssets } from '../../src/build/shell.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Page } from '../../src/client/pageKind.ts';
import { buildModel } from '../../src/model/model.ts';
import { siteShell, type SiteShell } from '../../src/model/shell.ts';
import { validate } from './site.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderOutcome } from '../../src/build/renderWorker.ts';

const fixture = new URL('../fixtures/valid/', import.meta.url).pathname;

describe('rendering in worker threads', () => {
  it('gives every page the document the main thread gives it', async () => {
    const site = buildModel((await validate(await loadCatalogue(fixture))).catalogue!);
    const [bundle, renderer] = await Promise.all([bundleClient(), bundleRenderer()]);
    const pages = renderer.pagesOf(site);
    const assetsFor = documentAssets(bundle, clientFiles(site, bundle, renderer.kindInfo).loader.url);
    // A copy has no module file, so renderPages renders it on the main thread.
    const inProcess = await renderPages(site, pages, { ...renderer } as Renderer, assetsFor);

    const outcomes = new Map<number, RenderOutcome>();
    const setup = { rendererFile: rendererFile(renderer)!, shell: siteShell(site), assetsFor };
    await renderInWorkers(pages, setup, async (index, outcome) => void outcomes.set(index, outcome));
    expect(outcomes.size).toBe(pages.length);
    pages.forEach((page, i) => expect(outcomes.get(i), page.route).toEqual({ html: inProcess[i]!.html }));
  }, 60_000);

  it('reports a page that fails by its index, with its message, and renders the others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-render-'));
    try {
      const file = join(dir, 'renderer.mjs');
      await writeFile(file, `export async function renderPage(page) { if (page.route === '/b/') throw new Error('broken on purpose'); return '<p>' + page.route; }`);
      const pages = ['/a/', '/b/', '/c/'].map((route) => ({ route, kind: 'thread', indexed: true }) as Page);
      const outcomes = new Map<number, RenderOutcome>();
      const setup = { rendererFile: file, shell: {} as SiteShell, assetsFor: () => ({ styles: [], fonts: [], loader: '' }) };
      await renderInWorkers(pages, setup, async (index, outcome) => void outcomes.set(index, outcome));
      expect(outcomes.get(0)).toEqual({ html: '<p>/a/' });
      expect(outcomes.get(1)).toMatchObject({ error: 'broken on purpose' });
      expect(outcomes.get(2)).toEqual({ html: '<p>/c/' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
