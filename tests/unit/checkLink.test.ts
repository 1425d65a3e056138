import { describe, expect, it } from 'vitest';
import { checkLink } from '../../src/catalogue/checks.ts';

const known: Parameters<typeof checkLink>[1] = { complete: true, paths: new Set(['/', '/sitemap/']), files: new Set(['/sitemap.xml', '/files/price-list.pdf', '/files/tarif été.pdf']), anchors: new Set(['clients']), serviceRouteById: new Map(), duplicated: { ids: new Set(), prefixes: new Set(), slugs: new Set() } };
const codeOf = (url: string) => checkLink(url, known)?.code;

describe('a link from a description or the footer', () => {
  it('passes when it leads somewhere', () => {
    for (const url of ['https://example.com/page', 'http://example.com', 'mailto:hello@example.com', 'mailto:hello@example.com?subject=Launch', 'mailto:hello%40example.com', '/sitemap/', '/#clients', '#top']) expect(codeOf(url), url).toBeUndefined();
  });

  it('is link-malformed when a web address has no host name', () => {
    for (const url of ['https://', 'http://', 'https:// example.com']) expect(codeOf(url), url).toBe('link-malformed');
    expect(checkLink('https://', known)).toMatchObject({ message: 'The link "https://" is not a web address a browser can open: it has no host name.', hint: 'Write the whole address, e.g. https://example.com/page, or a path on this site such as /sitemap/.' });
  });

  it('is link-malformed, saying why, when a browser cannot read the address', () => {
    expect(checkLink('https://chat.example.com:70000/us', known)?.message).toBe('The link "https://chat.example.com:70000/us" is not a web address a browser can open: its port 70000 is over 65535.');
    expect(checkLink('https://example.com:8o/', known)?.message).toBe('The link "https://example.com:8o/" is not a web address a browser can open: its port "8o" is not a number.');
    expect(checkLink('https://exa%mple.com/', known)?.message).toBe('The link "https://exa%mple.com/" is not a web address a browser can open: a "%" in it is not followed by two hexadecimal digits (write %25 for a percent sign).');
    expect(checkLink('https:// example.com', known)?.message).toBe('The link "https:// example.com" is not a web address a browser can open: its host name holds a character no host name can (a space, "%", "<", ">" or the like).');
  });

  it('passes when it names a file the site publishes beside its pages, its name escaped or not', () => {
    for (const url of ['/sitemap.xml', '/files/price-list.pdf', '/files/price-list.pdf#page=2', '/files/price-list.pdf?v=2', '/files/tarif%20%C3%A9t%C3%A9.pdf']) expect(codeOf(url), url).toBeUndefined();
  });

  it('says a missing file would be in public/', () => {
    expect(checkLink('/files/nope.pdf', known)).toMatchObject({ code: 'broken-link', message: 'The link points to /files/nope.pdf, which is neither a page of this site nor a file of its public/ folder.', hint: 'Put the file at public/files/nope.pdf (served at /files/nope.pdf), or fix the address.' });
  });

  it('is link-malformed when a mail link has no address', () => {
    for (const url of ['mailto:', 'mailto:?subject=Hi', 'mailto:hello', 'mailto: ']) expect(codeOf(url), url).toBe('link-malformed');
    expect(checkLink('mailto:', known)).toMatchObject({ message: 'The link "mailto:" has no e-mail address to write to.', hint: 'Write the address after mailto:, e.g. mailto:hello@example.com.' });
  });

  it('keeps its other codes', () => {
    expect(codeOf('ftp://files.example.com/kit.zip')).toBe('link-scheme');
    expect(codeOf('page/')).toBe('relative-link');
    expect(codeOf('/nowhere/')).toBe('broken-link');
  });
});
