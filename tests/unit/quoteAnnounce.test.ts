// What the header's quote button says of an addition (templates/components/QuoteButton.tsx addedText): each
// click must be heard, and a polite live region speaks only when its words change.
import { describe, expect, it } from 'vitest';
import { addedText } from '../../templates/components/QuoteButton.tsx';
import { MAX_LINES, MAX_QUANTITY, withAdded, type QuoteAdd } from '../../templates/quote/store.ts';

const add = (over: Partial<QuoteAdd> = {}): QuoteAdd => ({ id: 'listing-3', name: 'Wallet-App Token Listing', route: '/service/wallet-app-token-listing/listing-3/', ...over });

describe('addedText', () => {
  it('says the service and how many services the quote has', () => {
    expect(addedText([add()], [], withAdded([], [add()]))).toBe('Added Wallet-App Token Listing to your quote: 1 service.');
  });

  it('says "another" and the number now when the same line is added again, so that the second click is heard too', () => {
    const once = withAdded([], [add()]);
    const twice = withAdded(once, [add()]);
    expect(addedText([add()], once, twice)).toBe('Added another Wallet-App Token Listing (2 now) to your quote: 1 service.');
    expect(addedText([add()], twice, withAdded(twice, [add()]))).toBe('Added another Wallet-App Token Listing (3 now) to your quote: 1 service.');
    expect(addedText([add()], once, twice)).not.toBe(addedText([add()], [], once));
  });

  it('names the option, and another option of the same service is a new line', () => {
    const before = withAdded([], [add()]);
    const lines = withAdded(before, [add({ option: 'Top 1' })]);
    expect(addedText([add({ option: 'Top 1' })], before, lines)).toBe('Added Wallet-App Token Listing (Top 1) to your quote: 2 services.');
  });

  it('says "another" for two services added together again ("Add both to quote"), with each one\'s number', () => {
    const both = [add(), add({ id: 'trending-3', name: 'Sponsored Trending Spot', route: '/service/sponsored-trending-spot/trending-3/' })];
    const once = withAdded([], both);
    const twice = withAdded(once, both);
    expect(addedText(both, [], once)).toBe('Added Wallet-App Token Listing and Sponsored Trending Spot to your quote: 2 services.');
    expect(addedText(both, once, twice)).toBe('Added another Wallet-App Token Listing and Sponsored Trending Spot (2 each now) to your quote: 2 services.');
    const thrice = withAdded(twice, [both[0]!]);
    const uneven = withAdded(thrice, both);
    expect(addedText(both, thrice, uneven)).toBe('Added another Wallet-App Token Listing and Sponsored Trending Spot (4 and 3 now) to your quote: 2 services.');
  });

  // It said "Added … to your quote: 100 services." of a service the full quote had not taken.
  it('says nothing was added when the quote is full or the line at its most, and names only what was taken', () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({ id: `other-${i + 1}`, route: `/service/x/other-${i + 1}/`, quantity: 1 }));
    expect(addedText([add()], full, withAdded(full, [add()]))).toBe('Not added: your quote holds all it can (100 services, 99 of each).');
    const most = [{ id: 'listing-3', route: add().route, quantity: MAX_QUANTITY }];
    expect(addedText([add()], most, withAdded(most, [add()]))).toBe('Not added: your quote holds all it can (100 services, 99 of each).');
    const oneShort = full.slice(1);
    const both = [add(), add({ id: 'trending-3', name: 'Sponsored Trending Spot', route: '/service/sponsored-trending-spot/trending-3/' })];
    expect(addedText(both, oneShort, withAdded(oneShort, both))).toBe('Added Wallet-App Token Listing to your quote: 100 services.');
  });
});
