// The prerenderer renders the parts that are the same on every page once and repeats their markup
// (src/client/SameOnEveryPage.tsx): every page must come out exactly as if each part were rendered
// in place, which is also what the browser hydrates against.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { buildModel } from '../../src/model/model.ts';
import { siteShell } from '../../src/model/shell.ts';
import { BRAND_EMOJI } from '../../templates/brand.ts';
import { prerenderer, validate } from './site.ts';

const fixture = new URL('../fixtures/valid/', import.meta.url).pathname;

describe('parts rendered once for every page', () => {
  it('give every page the markup it has when they are rendered in place', async () => {
    const site = buildModel((await validate(await loadCatalogue(fixture))).catalogue!);
    const { renderBody, renderOnceFor, pagesOf } = await prerenderer();
    // With an emoji image, as a build gives it: React announces images it renders first with preload links.
    const shell = { ...siteShell(site), emoji: { [BRAND_EMOJI]: '/assets/emoji-1f680-TEST.svg' } };
    const renderOnce = renderOnceFor(shell);
    const pages = pagesOf(site);
    for (const page of pages) expect(renderBody(page, shell, renderOnce), page.route).toBe(renderBody(page, shell, null));
    // The footer is one of them, and its markup is taken from the cache on the second page on.
    expect(renderOnce('footer', null)).toContain('footer-grid');
  });
});
