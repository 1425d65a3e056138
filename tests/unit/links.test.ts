// The link check (src/build/links.ts): every root-relative reference a page makes must be a file of the site,
// the client loader and the font its head script loads among them.
import { describe, expect, it } from 'vitest';
import { findBrokenLinks } from '../../src/build/links.ts';
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

  it('names a missing font file of the head script', () => {
    const html = page('<script data-font-file="/assets/inter-A.woff2">0</script>');
    expect(findBrokenLinks(html, new Set(['index.html'])).map((b) => b.link)).toEqual(['/assets/inter-A.woff2']);
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
