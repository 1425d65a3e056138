// What the quote basket shows of each stored line (templates/quote/services.ts): the name, price and options of
// the service as its own page holds them, never as storage says; a line whose page does not hold that service
// is dropped.
import { describe, expect, it } from 'vitest';
import { linePrice, quoteMessage, quoteTotal } from '../../templates/quote/message.ts';
import { lineOf, resolveQuote, serviceItem, serviceOf, type QuoteItem, type QuoteService } from '../../templates/quote/services.ts';
import { parseQuote, type QuoteLine } from '../../templates/quote/store.ts';

const ROUTE = '/service/sponsored-presale-spot-on-launchpad-b/trending-8/';
const page: QuoteService = {
  id: 'trending-8',
  name: 'Sponsored Presale Spot on Launchpad B',
  route: ROUTE,
  price: 500,
  from: true,
  options: [
    { label: '24 hours', price: 500 },
    { label: '48 hours', price: 850 },
  ],
};
const line = (over: Partial<QuoteLine> = {}): QuoteLine => ({ id: 'trending-8', route: ROUTE, quantity: 1, ...over });
const lookup = (pages: Record<string, QuoteService | null | 'failed'>) => (route: string) => pages[route];

describe('serviceOf', () => {
  it("reads the service from its page's add button", () => {
    expect(serviceOf(JSON.stringify(page), line())).toEqual(page);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{"id":'],
    ['another service', JSON.stringify({ ...page, id: 'trending-9' })],
    ['a list', JSON.stringify([page])],
    ['a price of 1e308', JSON.stringify({ ...page, price: 1e308 })],
    ['a price above the catalogue limit', JSON.stringify({ ...page, price: 10_000_001 })],
    ['a negative price', JSON.stringify({ ...page, price: -1 })],
    ['a price that is no number', JSON.stringify({ ...page, price: 'NaN' })],
    ['no name', JSON.stringify({ ...page, name: '' })],
  ])('finds no service in %s', (_, json) => {
    expect(serviceOf(json, line())).toBeUndefined();
  });

  it('leaves out options with a price that is not one', () => {
    const options = [{ label: '24 hours', price: 1e308 }, ...page.options!];
    expect(serviceOf(JSON.stringify({ ...page, options }), line())).toEqual({ ...page, options: undefined });
  });
});

describe('resolveQuote', () => {
  it('waits for every page, and fails when one could not be fetched', () => {
    const other = line({ id: 'listing-3', route: '/service/w/listing-3/' });
    expect(resolveQuote([line(), other], lookup({ [ROUTE]: page }))).toBe('loading');
    expect(resolveQuote([line(), other], lookup({ [ROUTE]: page, [other.route]: 'failed' }))).toBe('failed');
    expect(resolveQuote([], lookup({}))).toEqual([]);
  });

  it('shows prices from the page, whatever the stored basket said', () => {
    const tampered = JSON.stringify({
      items: [
        { ...line(), name: 'Cheap', price: 0.01, quantity: 2 },
        { ...line({ option: '48 hours' }), price: 1e308 },
        { ...line({ option: '24 hours' }), price: -3 },
      ],
    });
    const items = resolveQuote(parseQuote(tampered), lookup({ [ROUTE]: page }));
    expect(items).toEqual([
      { ...page, quantity: 2 },
      { ...page, option: '48 hours', price: 850, from: undefined, quantity: 1 },
      { ...page, option: '24 hours', price: 500, from: undefined, quantity: 1 },
    ]);
    const shown = [...(items as never[]).map(linePrice), quoteTotal(items as never).text, quoteMessage(items as never, { brand: 'B', baseUrl: 'https://www.example.com', contact: { projectFields: [] } }).body].join('\n');
    expect(shown).not.toMatch(/Infinity|NaN|-\$|\$-|Cheap/);
    expect(quoteTotal(items as never).text).toBe('from $2,350');
  });

  it('drops lines of unknown services: no page, or a page of another service', () => {
    const gone = line({ id: 'listing-9', route: '/service/gone/listing-9/' });
    const moved = line({ id: 'listing-4', route: '/service/moved/listing-4/' });
    const items = resolveQuote([gone, line(), moved], lookup({ [ROUTE]: page, [gone.route]: null, [moved.route]: page }));
    expect(items).toEqual([{ ...page, quantity: 1 }]);
  });

  it('reads an option the service does not have as none chosen, and keeps the first of lines then the same', () => {
    const items = resolveQuote([line({ option: '72 hours', quantity: 3 }), line()], lookup({ [ROUTE]: page }));
    expect(items).toEqual([{ ...page, quantity: 3 }]);
  });

  it('turns an item back into the line storage keeps', () => {
    expect(lineOf({ ...page, option: '48 hours', price: 850, quantity: 2 })).toEqual(line({ option: '48 hours', quantity: 2 }));
    expect(lineOf({ ...page, quantity: 1 })).toEqual(line());
  });
});

describe('serviceItem', () => {
  it("is one of the service with the option chosen on its page, priced as the option is", () => {
    expect(serviceItem(page, 1)).toEqual({ ...page, option: '48 hours', price: 850, from: undefined, quantity: 1 });
    const plain = { ...page, options: undefined };
    expect(serviceItem(plain, undefined)).toEqual({ ...plain, quantity: 1 });
    expect(serviceItem(page, 7)).toEqual({ ...page, quantity: 1 });
  });

  it("makes the same message as the basket holding that service and option", () => {
    const site = { brand: 'B', baseUrl: 'https://www.example.com', contact: { projectFields: [] } };
    const basket = resolveQuote([line({ option: '48 hours' })], lookup({ [ROUTE]: page })) as QuoteItem[];
    expect(quoteMessage([serviceItem(page, 1)], site)).toEqual(quoteMessage(basket, site));
  });
});
