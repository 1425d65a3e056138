// The link check (src/build/links.ts): every root-relative reference a page makes must be a file of the site,
// the client loader and the font its head script loads among them.
import { describe, expect, it } from 'vitest';
import { findBrokenLinks } from '../../src/build/links.ts';

const page = (head: string) => new Map([['index.html', `<html><head>${head}</head><body><a href="/">Home</a></body></html>`]]);

describe('findBrokenLinks', () => {
  it("names a page whose client loader is not in the site: dev's first page of an update must wait for it", () => {
    const html = page('<script type="application/json" id="storefront-boot" data-loader="/assets/loader-NEW.js">{}</script>');
    expect(findBrokenLinks(html, new Set(['index.html', 'assets/loader-OLD.js']))).toEqual([{ page: '/', link: '/assets/loader-NEW.js', reason: 'no file in the built site answers it' }]);
    expect(findBrokenLinks(html, new Set(['index.html', 'assets/loader-NEW.js']))).toEqual([]);
  });

  it('names a missing font file of the head script', () => {
    const html = page('<script data-font-file="/assets/inter-A.woff2">0</script>');
    expect(findBrokenLinks(html, new Set(['index.html'])).map((b) => b.link)).toEqual(['/assets/inter-A.woff2']);
  });
});
