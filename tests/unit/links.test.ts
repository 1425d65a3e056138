// The link check (src/build/links.ts): every root-relative reference a page makes must be a file of the site,
// the client loader and the font its head script loads among them.
import { describe, expect, it } from 'vitest';
import { catalogueLinkProblems, findBrokenLinks } from '../../src/build/links.ts';
import { inlineScriptHashes, scanPage } from '../../src/build/pageScan.ts';

const page = (head: string) => new Map([['index.html', `<html><head>${head}</head><body><a href="/">Home</a></body></html>`]]);

describe('findBrokenLinks', () => {
  it("names a page whose client loader is not in the site: dev's first page of an update must wait for it", () => {
    const html = page('<script type="application/json" id="storefront-boot" data-loader="/assets/loader-NEW.js">{}</script>');
    expect(findBrokenLinks(html, new Set(['index.html', 'assets/loader-OLD.js']))).toEqual([{ page: '/', link: '/assets/loader-NEW.js', reason: 'no file in the built site answers it' }]);
    expect(findBrokenLinks(html, new Set(['index.html', 'assets/loader-NEW.js']))).toEqual([]);
  });

  it('names a link with a malformed %-escape as broken instead of failing on it', () => {
    const html = new Map([['index.html', '<a href="/about/#%zz">A</a><a href="/%E0%A4%A/">B</a><h2 id="why">Why</h2>'], ['about/index.html', '<p>About</p>']]);
    expect(findBrokenLinks(html, new Set(['index.html', 'about/index.html']))).toEqual([
      { page: '/', link: '/about/#%zz', reason: 'the page has no element with id "%zz"' },
      { page: '/', link: '/%E0%A4%A/', reason: 'no file in the built site answers it' },
    ]);
  });

  it('names a link to a section the page itself lacks ([see below](#nope) in a description): it shipped dead', () => {
    const html = new Map([['index.html', '<h2 id="prices">Prices</h2><a href="#prices">ok</a><a href="#nope">dead</a><a href="#">top</a>'], ['a/index.html', '<a href="#prices">elsewhere</a>']]);
    expect(findBrokenLinks(html, new Set(['index.html', 'a/index.html']))).toEqual([
      { page: '/', link: '#nope', reason: 'the page has no element with id "nope"' },
      { page: '/a/', link: '#prices', reason: 'the page has no element with id "prices"' },
    ]);
    const [problem] = catalogueLinkProblems([{ page: '/service/x/a-1/', link: '#nope', reason: 'the page has no element with id "nope"' }], new Map([['descriptions/a-1.md', 'See [below](#nope).\n']])).problems;
    expect(problem!.message).toBe('There is no section "#nope" on the page this link is on (/service/x/a-1/): no element of it has this id.');
    expect([problem!.line, problem!.column]).toEqual([1, 13]);
  });

  it('names a missing font file of the head script', () => {
    const html = page('<script data-font-file="/assets/inter-A.woff2">0</script>');
    expect(findBrokenLinks(html, new Set(['index.html'])).map((b) => b.link)).toEqual(['/assets/inter-A.woff2']);
  });
});

describe('catalogueLinkProblems', () => {
  const NO_ID = 'the page has no element with id "pricing"';
  const NO_FILE = 'no file in the built site answers it';
  it('places each broken link a text writes at its first place there, and leaves a template\'s to the build', () => {
    const texts = new Map([
      ['descriptions/a-1.md', '---\nname: x\n---\nIntro.\n\nSee [prices](/sitemap/#pricing) and [again](/sitemap/#pricing).\n'],
      ['../pages/about.md', '---\ntitle: About\n---\nOur [terms](/terms/), and [costs](/sitemap/#pricing-old).\n'],
      ['descriptions/a-2.md', 'Über [uns](/über/) and [the list](/sitemap/#pricing).\n'],
    ]);
    const { problems, rest } = catalogueLinkProblems(
      [
        { page: '/service/x/a-1/', link: '/sitemap/#pricing', reason: NO_ID },
        { page: '/about/', link: '/terms/', reason: NO_FILE },
        { page: '/service/x/a-2/', link: '/%C3%BCber/', reason: NO_FILE },
        { page: '/', link: '/assets/app-1.js', reason: NO_FILE },
      ],
      texts,
    );
    expect(problems.map(({ code, file, line, column }) => [code, file, line, column])).toEqual([
      ['missing-section', 'descriptions/a-1.md', 6, 14],
      ['missing-section', 'descriptions/a-2.md', 1, 35],
      ['broken-link', '../pages/about.md', 4, 13],
      ['broken-link', 'descriptions/a-2.md', 1, 12],
    ]);
    expect(problems[0]!.message).toBe('There is no section "#pricing" on /sitemap/: that page has no element with this id (the link is on /service/x/a-1/).');
    // "/sitemap/#pricing-old" is another link, not a place of "/sitemap/#pricing".
    expect(problems.filter((p) => p.file === '../pages/about.md')).toHaveLength(1);
    expect(rest).toEqual([{ page: '/', link: '/assets/app-1.js', reason: NO_FILE }]);
  });

  it("leaves to the template a link that a text only mentions, and looks each link up once however many pages have it", () => {
    const texts = new Map([['descriptions/a-1.md', 'Write to us at `/contact/`, or see /contact/ for more.\n'], ['descriptions/a-2.md', 'See [our terms][t].\n\n[t]: /terms/\n']]);
    const footer = Array.from({ length: 20_000 }, (_, i) => ({ page: `/service/x/a-${i}/`, link: '/contact/', reason: NO_FILE }));
    const { problems, rest } = catalogueLinkProblems([...footer, { page: '/service/x/a-2/', link: '/terms/', reason: NO_FILE }], texts);
    expect(rest).toHaveLength(20_000);
    expect(problems.map(({ code, file, line, column }) => [code, file, line, column])).toEqual([['broken-link', 'descriptions/a-2.md', 3, 6]]);
  });
});

describe('scanPage', () => {
  it('takes each root-relative reference once, from every attribute that loads or links, and the ids and running scripts', () => {
    const html =
      '<a href="/a/?x=1&amp;y=2">A</a><a href="/a/?x=1&amp;y=2">again</a><a href="https://example.com/">out</a><a href="//cdn.example/x.js">cdn</a>' +
      '<img srcSet="/img/a-560.avif 560w, /img/a-1120.avif 1120w" src="/img/a.png"><script data-modules="/m1.js /m2.js" data-fetches="/d.json">0</script>' +
      '<h2 id="why">Why</h2><script type="application/json" id="boot">{}</script>';
    const scan = scanPage(html);
    expect(scan.links).toEqual(['/a/?x=1&y=2', '/img/a-560.avif', '/img/a-1120.avif', '/img/a.png', '/m1.js', '/m2.js', '/d.json']);
    expect(scan.ids).toEqual(['why', 'boot']);
    expect(scan.scripts).toEqual(inlineScriptHashes('<script>0</script>'));
    expect(scan.scripts).toHaveLength(1);
  });

  it('is what the link check finds broken, once a page for each link', () => {
    const html = '<a href="/gone/">1</a><a href="/gone/">2</a>';
    expect(findBrokenLinks(new Map([['index.html', html]]), new Set(['index.html']))).toEqual([{ page: '/', link: '/gone/', reason: 'no file in the built site answers it' }]);
    expect(findBrokenLinks(new Map([['index.html', scanPage(html)]]), new Set(['index.html']))).toHaveLength(1);
  });
});
