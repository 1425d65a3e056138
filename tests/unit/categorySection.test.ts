// The home page sizes a category section it has not laid out yet by its card count, rounded up to a bucket
// (templates/styles/home.css); the buckets of the template and the rules of the stylesheet must agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_BUCKETS, cardsBucket } from '../../templates/components/CategorySection.tsx';

const css = readFileSync(new URL('../../templates/styles/home.css', import.meta.url), 'utf8');

describe('category section size buckets', () => {
  it('each has its rule in home.css, and home.css has no other', () => {
    const rules = [...css.matchAll(/\.category\[data-cards="(\d+)"\]\s*\{\s*--cards:\s*(\d+);/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(rules).toEqual(CARD_BUCKETS.map((b) => [b, b]));
  });
  it.each([
    [1, 2],
    [2, 2],
    [3, 4],
    [13, 16],
    [1024, 1024],
    [5000, 1024],
  ])('%i cards → data-cards="%i"', (cards, bucket) => expect(cardsBucket(cards)).toBe(bucket));
});
