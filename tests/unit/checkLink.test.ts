import { describe, expect, it } from 'vitest';
import { checkLink } from '../../src/catalogue/checks.ts';

const known: Parameters<typeof checkLink>[1] = { complete: true, paths: new Set(['/', '/sitemap/']), anchors: new Set(['clients']), serviceRouteById: new Map(), duplicated: { ids: new Set(), prefixes: new Set(), slugs: new Set() } };
const codeOf = (url: string) => checkLink(url, known)?.code;

describe('a link from a description or the footer', () => {
  it('passes when it leads somewhere', () => {
    for (const url of ['https://example.com/page', 'http://example.com', 'mailto:hello@example.com', 'mailto:hello@example.com?subject=Launch', 'mailto:hello%40example.com', '/sitemap/', '/#clients', '#top']) expect(codeOf(url), url).toBeUndefined();
  });

  it('is link-malformed when a web address has no host name', () => {
    for (const url of ['https://', 'http://', 'https:// example.com']) expect(codeOf(url), url).toBe('link-malformed');
    expect(checkLink('https://', known)).toMatchObject({ message: 'The link "https://" is not a web address a browser can open: it has no host name.', hint: 'Write the whole address, e.g. https://example.com/page, or a path on this site such as /sitemap/.' });
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
