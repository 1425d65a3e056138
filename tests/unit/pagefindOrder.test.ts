// The order of search results: best first, and equal matches always in the same order (templates/pagefind.ts).
import { describe, expect, it } from 'vitest';
import { inStableOrder, type PagefindResult } from '../../templates/pagefind.ts';

const result = (id: string, score: number): PagefindResult => ({ id, score, data: async () => ({ url: `/${id}/`, meta: {} }) });
const ids = (results: readonly PagefindResult[]) => results.map((r) => r.id);

describe('inStableOrder', () => {
  it('keeps the best first and orders equal matches by id, whatever order Pagefind gave them in', () => {
    // Scores as Pagefind gave them for "listing" on the example site: a tie, and the same match a millionth apart.
    const one = [result('en_80a33', 10.02056), result('en_78818', 10.02056), result('en_4bcfe', 10.01442), result('en_568b2', 9.02188)];
    const other = [result('en_78818', 10.02056), result('en_80a33', 10.02056), result('en_4bcfe', 10.01441), result('en_568b2', 9.02188)];
    expect(ids(inStableOrder(one))).toEqual(['en_78818', 'en_80a33', 'en_4bcfe', 'en_568b2']);
    expect(ids(inStableOrder(other))).toEqual(ids(inStableOrder(one)));
  });
});
