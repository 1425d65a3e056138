// The category chips as the server renders them (the browser then marks the section in view: e2e/home.test.ts):
// a "Browse categories" landmark with a chip per category of the site shell, linking to the home page's
// sections or to the category pages, the current category page marked.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteContext } from '../../src/client/runtime.tsx';
import type { CategoryNav, SiteShell } from '../../src/model/shell.ts';
import { CategoryChips } from '../../templates/components/CategoryChips.tsx';

const nav = (anchor: string, name: string, count: number): CategoryNav => ({
  name,
  anchor,
  description: `${name} services`,
  icon: { src: `/img/icons/${anchor}.svg` },
  route: `/#${anchor}`,
  pageRoute: `/category/${anchor}/`,
  count,
});
const site = { categories: [nav('listing', 'Listing', 6), nav('press-releases', 'Press Releases & Articles', 28)] } as SiteShell;

const render = (props: Parameters<typeof CategoryChips>[0]) =>
  renderToStaticMarkup(createElement(SiteContext, { value: site }, createElement(CategoryChips, props)));
const links = (html: string) => [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => ({ attributes: attributes!, text: text!.replace(/&amp;/g, '&') }));

describe('the category chips', () => {
  it('are a navigation landmark named apart from the header’s Categories menu', () => {
    expect(render({ mode: 'sections' })).toMatch(/^<nav class="category-chips" aria-label="Browse categories">/);
  });

  it('on the home page link to each category’s section, none marked before the browser knows what is in view', () => {
    const chips = links(render({ mode: 'sections' }));
    expect(chips.map((c) => [c.text, /href="([^"]+)"/.exec(c.attributes)![1]])).toEqual([
      ['Listing', '/#listing'],
      ['Press Releases & Articles', '/#press-releases'],
    ]);
    expect(chips.some((c) => c.attributes.includes('aria-current'))).toBe(false);
  });

  it('on a category page link to each category’s page, the current one marked aria-current="page"', () => {
    const chips = links(render({ mode: 'pages', current: 'press-releases' }));
    expect(chips.map((c) => /href="([^"]+)"/.exec(c.attributes)![1])).toEqual(['/category/listing/', '/category/press-releases/']);
    expect(chips.map((c) => /aria-current="([^"]+)"/.exec(c.attributes)?.[1])).toEqual([undefined, 'page']);
  });
});
