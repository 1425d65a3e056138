import { describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { compileAll } from '../../src/build/descriptions.ts';
import { Workers } from '../../src/build/workers.ts';
import { compileDescription, compileMarkdown, imagePathsOf, linksOf, parseMarkdown } from '../../src/catalogue/markdown.ts';
import type { TreeElement } from '../../src/core/tree.ts';
import { beyondInputBounds, beyondTreeBounds, MAX_NESTING } from '../../src/catalogue/markdownBounds.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

describe('GitHub Flavored Markdown', () => {
  it('is understood: tables, strikethrough, task lists, footnotes and bare links', () => {
    const html = JSON.stringify(compile('| a | b |\n| - | - |\n| 1 | 2 |\n\n~~old~~ see www.example.com or https://example.com/x, mail a@example.com[^1]\n\n[^1]: Note.'));
    for (const tag of ['"table"', '"del"', '"href":"http://www.example.com"', '"href":"https://example.com/x"', '"href":"mailto:a@example.com"']) {
      expect(html).toContain(tag);
    }
  });

  // The props were camelCase (ariaLabel, dataFootnoteRef), which React writes out as they are: the back link had no
  // accessible name, and the label the reference names did not exist.
  it('gives footnotes the attributes and the label a browser and a screen reader read', () => {
    const tree = JSON.stringify(compile('A claim.[^1]\n\n[^1]: Its source.'));
    expect(tree).toContain('["a",{"href":"#user-content-fn-1","id":"user-content-fnref-1","data-footnote-ref":"true","aria-describedby":"user-content-footnote-label"},"1"]');
    expect(tree).toContain('["section",{"data-footnotes":"true","className":"footnotes"},["h2",{"id":"user-content-footnote-label","className":"visually-hidden"},"Footnotes"],["ol"');
    expect(tree).toContain('"data-footnote-backref":"","aria-label":"Back to reference 1"');
    expect(tree).not.toMatch(/ariaLabel|ariaDescribedBy|dataFootnote/);
  });

  it('leaves every generated description well within the bounds on hostile Markdown', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-markdown-'));
    try {
      await writeSyntheticCatalogue(dir, { services: 300, heavy: true });
      const texts = [...(await loadCatalogue(dir)).texts].filter(([file]) => file.endsWith('.md')).map(([, text]) => text);
      for (const text of texts) expect(beyondInputBounds(text) ?? beyondTreeBounds(parseMarkdown(text).tokens)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // the timeout only guards against a hang
  }, 60_000);
});


describe('the markdown stage', () => {
  const texts = Array.from({ length: 3 }, (_, i) => `## Part ${i}\n\n**Lead ${i}.** See [the other](/service/x/y-${i}).\n\n- one\n- ${i}\n`);

  // One worker: all on this thread (the pool's threads are tested with the builds, tests/integration/workers.test.ts).
  it('compiles only what the map does not hold, and adds it there', async () => {
    const held = { links: [], words: 0, tree: ['kept'] };
    const into = new Map([[texts[0]!, held]]);
    const result = await compileAll([...texts, texts[1]!], into, new Workers(1));
    expect(result).toBe(into);
    expect(into.get(texts[0]!)).toBe(held);
    expect(into.get(texts[2]!)).toEqual(compileDescription(texts[2]!));
    expect((await compileAll(texts, new Map(), new Workers(1))).size).toBe(3);
  });
});

// Hostile Markdown: remark's parser crashed on deep nesting ("> " × 3000) and took minutes on some shapes of
// text ("**_" × 30,000 in one paragraph). Each bound is a located refusal, decided by counting, not by a clock.
describe('descriptions beyond the bounds', () => {
  const refusal = (text: string) => compileDescription(text).refused;

  it('pass when they are ordinary: bold, italic, lists, quotes, a table and a thematic break', () => {
    const text = '## Part\n\n**Bold**, _italic_, ~~old~~ and [a link](/x/).\n\n> A quote\n> > nested\n\n- one\n  - two\n    1. three\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\n';
    const compiled = compileDescription(text);
    expect(compiled.refused).toBeUndefined();
    expect(compiled.tree.map((node) => (node as TreeElement)[0])).toEqual(['h4', 'p', 'blockquote', 'ul', 'table', 'hr']);
  });

  it('are too deep when block quotes or lists on one line nest beyond the bound, at that line', () => {
    expect(refusal(`Intro.\n\n${'> '.repeat(3000)}x`)).toMatchObject({ code: 'description-too-deep', line: 3, column: 2 * MAX_NESTING + 1 });
    expect(refusal(`${'- '.repeat(MAX_NESTING + 1)}x`)).toMatchObject({ code: 'description-too-deep', line: 1 });
    expect(refusal(`${'1. '.repeat(MAX_NESTING + 1)}x`)).toMatchObject({ code: 'description-too-deep', line: 1 });
    expect(refusal(`${'> '.repeat(MAX_NESTING)}x`)).toBeUndefined();
  });

  it('are too deep when lists nest beyond the bound through indentation, at the first line too deep', () => {
    const text = Array.from({ length: MAX_NESTING + 8 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(refusal(text)).toMatchObject({ code: 'description-too-deep', line: MAX_NESTING + 1, column: 2 * MAX_NESTING + 1 });
  });

  it('are too deep when emphasis nests beyond the bound', () => {
    const text = `Intro.\n\n${'*a **a '.repeat(MAX_NESTING)}b${' a** a*'.repeat(MAX_NESTING)}`;
    expect(refusal(text)).toMatchObject({ code: 'description-too-deep', line: 3 });
  });

  it('are too complex with thousands of emphasis or link marks in one paragraph, at its first line', () => {
    expect(refusal(`Intro.\n\n${'**_'.repeat(30_000)}`)).toMatchObject({ code: 'description-too-complex', line: 3, column: 1 });
    expect(refusal(`Intro.\n\nText\n${'[ a_'.repeat(2000)}`)).toMatchObject({ code: 'description-too-complex', line: 3 });
    // as many marks in paragraphs of their own are ordinary
    expect(refusal(Array.from({ length: 100 }, () => 'a **bold** and _it_ '.repeat(20)).join('\n\n'))).toBeUndefined();
  });

  it('are too complex with thousands of block quotes, lists or heading underlines', () => {
    expect(refusal('> a\n\n'.repeat(5000))).toMatchObject({ code: 'description-too-complex' });
    expect(refusal('a\n=\n'.repeat(5000))).toMatchObject({ code: 'description-too-complex' });
  });

  it('are too complex when their tables have more cells than a page should show, at that table', () => {
    const text = `Intro.\n\n${'|a'.repeat(1000)}|\n${'|-'.repeat(1000)}|\n${'x\n'.repeat(1000)}`;
    expect(refusal(text)).toMatchObject({ code: 'description-too-complex', line: 3, column: 1 });
  });

  it('are refused with nothing compiled, and without a link to check', () => {
    expect(compileDescription(`[a](ftp://x)\n\n${'> '.repeat(100)}x`)).toMatchObject({ links: [], tree: [] });
  });
});

describe('the images a description names', () => {
  it('are the img/ paths anywhere in its text, each once, and come with its compiled form', () => {
    const text = '![Chart](/img/services/chart.png) See img/services/chart.png and [the deck](/img/docs/deck.pdf).\n';
    expect(imagePathsOf(text)).toEqual(['img/services/chart.png', 'img/docs/deck.pdf']);
    expect(compileDescription(text).images).toEqual(['img/services/chart.png', 'img/docs/deck.pdf']);
    expect(imagePathsOf('No picture here, just an image of the market.')).toEqual([]);
  });
});
