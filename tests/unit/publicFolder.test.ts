// The public folder's problems (src/catalogue/publicFolder.ts), as the maintainer reads them.
import { describe, expect, it } from 'vitest';
import { publicProblems } from '../../src/catalogue/publicFolder.ts';

const problemsOf = (path: string, taken = new Map<string, string>()) => publicProblems([{ path, source: `/site/public/${path}`, size: 10 }], taken).map((p) => [p.code, p.message, p.hint]);

describe('a public file whose name the build takes', () => {
  it('is told to move into a folder of its own that is not the one taken (it said public/files/ for files/)', () => {
    const [, message, hint] = problemsOf('files/price-list.pdf', new Map([['files/', 'the page of pages/files.md']]))[0]!;
    expect(message).toBe('The build makes files/ itself (the page of pages/files.md), so public/files/ would replace it or be replaced.');
    expect(hint).toBe('Rename public/files/, or move it into a folder of its own such as public/downloads/.');
    expect(problemsOf('service/terms.pdf', new Map([['service/', 'the service pages']]))[0]![2]).toMatch(/such as public\/files\/\.$/);
  });
});

describe('a public file whose name an address cannot hold as it is', () => {
  it('names the characters and suggests a name, accents dropped', () => {
    expect(problemsOf('price list.pdf')).toEqual([
      ['public-file-name', 'Its address, /price list.pdf, would hold a space: an address from public/ holds only letters a-z and A-Z, digits, "_", "-" and ".", which the hosting headers (_headers, nginx.conf) name as written.', 'Rename it public/price-list.pdf.'],
    ]);
    expect(problemsOf('files/Preisliste Ü.pdf')[0]![2]).toBe('Rename it public/files/Preisliste-U.pdf.');
    expect(problemsOf('a;b{c}.txt')[0]![1]).toMatch(/would hold ";", "\{", "\}":/);
    expect(problemsOf('🚀.png')[0]![2]).toBe('Rename it with letters a-z, digits and "-".');
    expect(problemsOf('.well-known/security.txt')).toEqual([]);
  });

  it('shows a line break in the name as an escape, not as a break in the message', () => {
    expect(problemsOf('nl\n  X-Header: y.txt')[0]![1]).toMatch(/^Its address, \/nl\\n {2}X-Header: y\.txt, would hold a line break, a space, ":"/);
  });
});

describe('a public file too large, or of no type', () => {
  const sized = (path: string, size: number) => publicProblems([{ path, source: `/site/public/${path}`, size }], new Map()).map((p) => p.message);
  it('says its size and the limit in words that differ, just over the limit too', () => {
    // 21,000,000 bytes read "The file is 20.0 MB; at most 20.0 MB is allowed".
    expect(sized('video.pdf', 21_000_000)).toEqual(['The file is 21,000,000 bytes; at most 20,971,520 bytes is allowed in public/, since visitors download it as it is.']);
    expect(sized('video.pdf', 30 * 1024 * 1024)).toEqual(['The file is 30.0 MB; at most 20.0 MB is allowed in public/, since visitors download it as it is.']);
  });

  it('says a file without an extension has no type, rather than "." (no extension)', () => {
    expect(sized('files/README', 10)[0]).toMatch(/^public\/ publishes its files as they are, and a file without an extension has no type it publishes \(html, /);
  });
});
