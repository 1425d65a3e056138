import { describe, expect, it } from 'vitest';
import { compileMarkdown, linksOf, parseMarkdown } from '../../src/catalogue/markdown.ts';

const compile = (text: string) => compileMarkdown(parseMarkdown(text));

describe('descriptions compiled at build time', () => {
  it('become a compact element tree', () => {
    expect(compile('**What you get.** A listing.\n\n- one\n- two\n')).toEqual([
      ['p', null, ['strong', null, 'What you get.'], ' A listing.'],
      ['ul', null, ['li', null, 'one'], ['li', null, 'two']],
    ]);
  });

  it('open external links safely', () => {
    const [paragraph] = compile('See [the partner](https://partner.example.com/x).');
    expect(paragraph).toEqual(['p', null, 'See ', ['a', { href: 'https://partner.example.com/x', rel: 'noopener noreferrer', target: '_blank' }, 'the partner'], '.']);
  });

  it('give internal links the trailing slash of the route policy', () => {
    expect(JSON.stringify(compile('[x](/service/a/b-1)'))).toContain('"href":"/service/a/b-1/"');
  });

  it('drop raw HTML, scripts and javascript: links', () => {
    const text = JSON.stringify(compile('<script>alert(1)</script>\n\n<b onclick="x()">bold</b> [click](javascript:alert(1))'));
    expect(text).not.toMatch(/script|onclick|javascript/i);
  });

  it('move headings down two levels, below the page h1 and the description h2', () => {
    expect(compile('# Title\n\n## Part\n\n### Detail')).toEqual([
      ['h3', null, 'Title'],
      ['h4', null, 'Part'],
      ['h5', null, 'Detail'],
    ]);
  });

  it('drop task-list checkboxes and images, which would be unlabelled or unsized', () => {
    expect(JSON.stringify(compile('- [ ] todo\n\n![alt](https://example.com/x.png)'))).not.toMatch(/input|img/);
  });

  it('report every link with its position, for checking', () => {
    expect(linksOf(parseMarkdown('One [a](/x/).\n\nTwo [b](ftp://y).'))).toEqual([
      { url: '/x/', line: 1, column: 5 },
      { url: 'ftp://y', line: 3, column: 5 },
    ]);
  });
});
