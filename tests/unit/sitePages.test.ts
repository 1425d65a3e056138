// A page of the site's own: its front matter and headings (src/catalogue/sitePages.ts).
import { describe, expect, it } from 'vitest';
import { pageNameProblems, readPage } from '../../src/catalogue/sitePages.ts';
import { underTitle } from '../../src/core/tree.ts';

describe('readPage', () => {
  it('reads the title, the description and where it is linked (the footer by default), with its headings under the title', () => {
    const { problems, page } = readPage('../pages/about.md', '---\ntitle: About us\ndescription: Who we are.\n---\n# Team\n\nText.\n\n### Founders\n\nMore.\n');
    expect(problems).toEqual([]);
    expect(page).toMatchObject({ slug: 'about', title: 'About us', description: 'Who we are.', link: 'footer' });
    expect(page.tree.map((node) => (typeof node === 'string' ? node : node[0]))).toEqual(['h2', 'p', 'h3', 'p']);
  });

  it('locates its problems at the lines of the file: an address that is no address, a wrong link place, no text', () => {
    const { problems } = readPage('../pages/Our Team.md', '---\ntitle: Team\ndescription: Who we are.\nlink: sidebar\n---\n');
    expect(problems.map((p) => `${p.line}:${p.code}`)).toEqual(['1:page-name', '4:invalid-value', '6:empty-page']);
    expect(problems[0]!.hint).toBe('Rename the file to pages/our-team.md.');
  });

  it('refuses a control character in its title or description, which would go into every page\'s footer and head', () => {
    const { problems } = readPage('../pages/about.md', '---\ntitle: "Bell \\x07 ring"\ndescription: "ESC \\e[31m red"\n---\nText.\n');
    expect(problems.map((p) => `${p.line}:${p.code}:${p.field}`)).toEqual(['2:wrong-format:title', '3:wrong-format:description']);
    expect(problems[0]!.message).toContain('without control characters');
  });

  it('keeps what it shows for the check against site.yaml when another field has a problem', () => {
    const { problems, page } = readPage('../pages/about.md', '---\ntitle: About us\ndescription: Who we are.\nshow: organisation\nlink: top\n---\nText.\n');
    expect(problems.map((p) => p.code)).toEqual(['invalid-value']);
    expect(page.show).toBe('organisation');
  });

  it('names the page whose address the site has already', () => {
    const { page } = readPage('../pages/search.md', '---\ntitle: Search\ndescription: x\n---\nText.\n');
    expect(pageNameProblems([page], ['/', '/search/']).map((p) => p.message)).toEqual(['/search/ is an address the site has already, so pages/search.md would never be shown there.']);
    const { page: service } = readPage('../pages/service.md', '---\ntitle: Service\ndescription: x\n---\nText.\n');
    expect(pageNameProblems([service], ['/']).map((p) => p.code)).toEqual(['page-name-taken']);
    // The folders the build fills: a page there would share /assets/*'s or /img/*'s headers (immutable caching, the
    // images' sandboxed CSP), or sit inside the search index.
    const folders = ['assets', 'img', 'search-index'].map((slug) => readPage(`../pages/${slug}.md`, `---\ntitle: ${slug}\ndescription: x\n---\nText.\n`).page);
    expect(pageNameProblems(folders, ['/']).map((p) => `${p.file} ${p.code}`)).toEqual(['../pages/assets.md page-name-taken', '../pages/img.md page-name-taken', '../pages/search-index.md page-name-taken']);
  });
});

describe('underTitle', () => {
  it('turns the compiler\'s h3-h6 into h2-h4, the two first into h2', () => {
    expect(underTitle([['h3', null, 'a'], ['h4', null, 'b'], ['h5', null, ['h6', null, 'c']]])).toEqual([['h2', null, 'a'], ['h2', null, 'b'], ['h3', null, ['h4', null, 'c']]]);
  });
});
