// What the header's quote button says of an addition (templates/components/QuoteButton.tsx addedText): each
// click must be heard, and a polite live region speaks only when its words change.
import { describe, expect, it } from 'vitest';
import { addedText } from '../../templates/components/QuoteButton.tsx';
import { withAdded, type QuoteAdd } from '../../templates/quote/store.ts';

const add = (over: Partial<QuoteAdd> = {}): QuoteAdd => ({ id: 'listing-3', name: 'Wallet-App Token Listing', route: '/service/wallet-app-token-listing/listing-3/', ...over });

describe('addedText', () => {
  it('says the service and how many services the quote has', () => {
    expect(addedText([add()], withAdded([], [add()]))).toBe('Added Wallet-App Token Listing to your quote: 1 service.');
  });

  it('says "another" and the number now when the same line is added again, so that the second click is heard too', () => {
    const once = withAdded([], [add()]);
    const twice = withAdded(once, [add()]);
    expect(addedText([add()], twice)).toBe('Added another Wallet-App Token Listing (2 now) to your quote: 1 service.');
    expect(addedText([add()], withAdded(twice, [add()]))).toBe('Added another Wallet-App Token Listing (3 now) to your quote: 1 service.');
    expect(addedText([add()], twice)).not.toBe(addedText([add()], once));
  });

  it('names the option, and another option of the same service is a new line', () => {
    const lines = withAdded(withAdded([], [add()]), [add({ option: 'Top 1' })]);
    expect(addedText([add({ option: 'Top 1' })], lines)).toBe('Added Wallet-App Token Listing (Top 1) to your quote: 2 services.');
  });

  it('says "another" for two services added together again ("Add both to quote"), with each one\'s number', () => {
    const both = [add(), add({ id: 'trending-3', name: 'Sponsored Trending Spot', route: '/service/sponsored-trending-spot/trending-3/' })];
    const once = withAdded([], both);
    const twice = withAdded(once, both);
    expect(addedText(both, once)).toBe('Added Wallet-App Token Listing and Sponsored Trending Spot to your quote: 2 services.');
    expect(addedText(both, twice)).toBe('Added another Wallet-App Token Listing and Sponsored Trending Spot (2 each now) to your quote: 2 services.');
    const uneven = withAdded(withAdded(twice, [both[0]!]), both);
    expect(addedText(both, uneven)).toBe('Added another Wallet-App Token Listing and Sponsored Trending Spot (4 and 3 now) to your quote: 2 services.');
  });
});
