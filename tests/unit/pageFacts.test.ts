// The link check and the inline scripts' scan take what the last build into the same folder learnt of the
// pages that did not change (src/build/pageFacts.ts), and find what a full scan finds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildCacheDir } from '../../src/build/cache.ts';
import { findBrokenLinks } from '../../src/build/links.ts';
import { PageFacts } from '../../src/build/pageFacts.ts';
import { inlineScriptHashes } from '../../src/build/pageScan.ts';
import type { RenderedPage } from '../../src/build/render.ts';
import type { Page } from '../../src/client/pageKind.ts';

const dir = mkdtempSync(join(tmpdir(), 'storefront-page-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const kinds = { home: { paths: ['/'] }, other: { paths: ['/b/'] } } as never;

/** One build's pages, as render hands them over with a cache: each with its blob's hash. */
async function build(pages: Record<string, string>, files: string[] = [], read = new Set<string>()) {
  const store = new BuildCacheDir(dir);
  const rendered: RenderedPage[] = Object.entries(pages).map(([route, html]) => ({ page: { route, kind: route === '/' ? 'home' : 'other' } as Page, html, hash: store.putBlob(html) }));
  await store.settle();
  const facts = await PageFacts.read(store, 'facts-test', rendered, kinds);
  const documents = new Map(rendered.map((r) => [r.page.route === '/' ? 'index.html' : `${r.page.route.slice(1)}index.html`, r.html]));
  const names = new Set([...documents.keys(), ...files]);
  const broken = facts.checkLinks({ keys: () => documents.keys(), get: (file) => (read.add(file), documents.get(file)) }, names);
  const scripts = facts.scriptHashes(rendered, kinds);
  expect(broken).toEqual(findBrokenLinks(documents, names));
  expect(scripts).toEqual(inlineScriptHashes(rendered.map((r) => r.html).join('')));
  if (!broken.length) facts.keep();
  await store.settle();
  return broken.map((b) => `${b.page} ${b.link}`);
}

describe('page facts of the last build', () => {
  it('find the links an unchanged page has broken by a change elsewhere, and the scripts of every page', async () => {
    expect(await build({ '/': '<a href="/b/#x">b</a><script>one()</script>', '/b/': '<h2 id="x">X</h2>' })).toEqual([]);
    // /b/ changed but kept its ids: only it is looked at again
    expect(await build({ '/': '<a href="/b/#x">b</a><script>one()</script>', '/b/': '<h2 id="x">X, again</h2><script>two()</script>' })).toEqual([]);
    // /b/ lost the id the unchanged home page links to: every page is looked at
    expect(await build({ '/': '<a href="/b/#x">b</a><script>one()</script>', '/b/': '<h2 id="y">Y</h2>' })).toEqual(['/ /b/#x']);
    // a file gone that an unchanged page names
    expect(await build({ '/': '<a href="/b/#x">b</a><img src="/logo.svg">', '/b/': '<h2 id="x">X</h2>' }, ['logo.svg'])).toEqual([]);
    expect(await build({ '/': '<a href="/b/#x">b</a><img src="/logo.svg">', '/b/': '<h2 id="x">X</h2>' })).toEqual(['/ /logo.svg']);
  });

  it('look at no unchanged page when the files that came and went are none a page links to', async () => {
    const pages = { '/': '<a href="/b/">b</a><img src="/logo.svg">', '/b/': '<a href="/">home</a>' };
    expect(await build(pages, ['logo.svg', 'search/words/pr.1.json'])).toEqual([]);
    const read = new Set<string>();
    // A search index's part renamed (its words changed), a card added: the pages are as they were.
    expect(await build(pages, ['logo.svg', 'search/words/pr.2.json', 'assets/social-new.png'], read)).toEqual([]);
    expect([...read]).toEqual([]);
    // The logo the unchanged home page shows went: every page is looked at again.
    expect(await build(pages, ['search/words/pr.2.json'], read)).toEqual(['/ /logo.svg']);
    expect([...read].sort()).toEqual(['b/index.html', 'index.html']);
  });
});
