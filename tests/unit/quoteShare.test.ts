import { describe, expect, it } from 'vitest';
import { shareHash, sharedLines } from '../../templates/quote/share.ts';
import * as store from '../../templates/quote/store.ts';

const { MAX_LINES, MAX_QUANTITY } = store;

const lines = [
  { id: 'listing-1', route: '/service/listing/listing-1/', quantity: 3 },
  { id: 'billboard-7', route: '/service/billboards/billboard-7/', option: 'Video, 15 s. (4K)', quantity: 1 },
];

describe('a quote in an address', () => {
  it('holds each line: service, quantity and option, read back the same', () => {
    const hash = shareHash(lines);
    expect(hash).toBe('q=listing.listing-1.3&q=billboards.billboard-7.1.Video%2C+15+s.+%284K%29');
    expect(sharedLines(`#${hash}`, store)).toEqual(lines);
  });

  it('reads tampered links defensively: other sites, bad ids and quantities, too many lines', () => {
    expect(sharedLines('q=..3&q=listing.listing-1.0&q=x.javascript:alert(1).1&q=listing.listing-2.abc', store)).toEqual([{ id: 'listing-1', route: '/service/listing/listing-1/', quantity: 1 }]);
    expect(sharedLines('q=listing.listing-1.100000', store)).toEqual([{ id: 'listing-1', route: '/service/listing/listing-1/', quantity: MAX_QUANTITY }]);
    expect(sharedLines(Array.from({ length: 150 }, (_, i) => `q=listing.listing-${i}.1`).join('&'), store)).toHaveLength(MAX_LINES);
    expect(sharedLines('', store)).toEqual([]);
    expect(sharedLines('#main', store)).toEqual([]);
  });
});
