// The words a description gives site search, worked out when it is compiled.
import { describe, expect, it } from 'vitest';
import { compileDescription } from '../../src/catalogue/markdown.ts';
import { searchTerms, wordsOf } from '../../src/core/searchTerms.ts';

describe('searchTerms', () => {
  it('keeps words of three letters or more, but the commonest, once each and in order', () => {
    expect(searchTerms('The Billboard and the billboard: a big screen, on Times Square. Multi-channel service’s reach!')).toEqual(['billboard', 'big', 'screen', 'times', 'square', 'multi-channel', 'service’s', 'reach']);
  });

  it('stops at the number asked for', () => {
    expect(searchTerms('alpha beta gamma delta epsilon', 3)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('reads words as search does: lowercase, hyphens and apostrophes inside a word kept', () => {
    expect(wordsOf("Don't re-list; 10x ÉTÉ")).toEqual(["don't", 're-list', '10x', 'été']);
  });
});

describe('a compiled description', () => {
  it('carries the terms of its text, not of its markup', () => {
    const compiled = compileDescription('## Reach\n\nA **launch** on [the square](https://example.com/square) with `code`.\n');
    expect(compiled.terms).toBe('reach launch square code');
  });
});
