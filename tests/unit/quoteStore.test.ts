// The quote basket's storage (templates/quote/store.ts): versioned, lines merged, and defensive about what it
// reads: localStorage is the visitor's to edit (or a browser extension's), so a stored basket keeps only what
// the visitor chose (service, option, quantity) of at most MAX_LINES lines, and reading it never throws.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slugify } from '../../src/core/slug.ts';
import { linesOf, MAX_LINES, MAX_QUANTITY, onQuoteChange, parseQuote, QUOTE_KEY, readQuote, serviceCount, toAdd, withAdded, writeQuote, type QuoteAdd, type QuoteLine } from '../../templates/quote/store.ts';

const ROUTE = '/service/wallet-app-token-listing/listing-3/';
const add = (over: Partial<QuoteAdd> = {}): QuoteAdd => ({ id: 'listing-3', name: 'Wallet-App Token Listing', route: ROUTE, ...over });
const line = (over: Partial<QuoteLine> = {}): QuoteLine => ({ id: 'listing-3', route: ROUTE, quantity: 1, ...over });
const stored = (items: unknown[]) => JSON.stringify({ items });
/** Another real-looking service: listing-{n} at its own page. */
const service = (n: number) => ({ id: `listing-${n}`, route: `/service/some-service-${n}/listing-${n}/` });

describe('parseQuote', () => {
  it.each([
    ['nothing', null],
    ['an empty text', ''],
    ['not JSON', '{"items": ['],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a text', '"items"'],
    ['a list', '[{"id": "listing-3"}]'],
    ['items not a list', '{"items": {"id": "x"}}'],
    ['items of the wrong types', '{"items": [null, 1, "x", [], true, {"items": []}]}'],
  ])('reads %s as an empty basket', (_, text) => {
    expect(parseQuote(text)).toEqual([]);
  });

  it('keeps what the visitor chose and nothing else: no name, page or price from storage', () => {
    const text = stored([{ id: 'listing-3', name: '<img src=x onerror=alert(1)>', route: ROUTE, price: 1e308, from: true, option: 'Top 1', options: [{ label: 'Top 1', price: -1 }], quantity: 2, script: '<x>' }]);
    expect(parseQuote(text)).toEqual([{ id: 'listing-3', route: ROUTE, option: 'Top 1', quantity: 2 }]);
  });

  it.each([
    ['a 1e308 price', 1e308],
    ['a NaN price (as JSON writes it)', null],
    ['a negative price', -1],
    ['an Infinity price (as text)', 'Infinity'],
  ])('never carries %s into the basket', (_, price) => {
    const [kept] = parseQuote(stored([{ ...line(), name: 'Wallet-App Token Listing', price }]));
    expect(kept).toEqual(line());
    expect(kept).not.toHaveProperty('price');
  });

  it('keeps at most MAX_LINES lines of 20,000, and looks at no more than that many', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ ...service(i + 1), name: `Service ${i}`, price: 1, quantity: 1 }));
    expect(parseQuote(stored(items))).toHaveLength(MAX_LINES);
    // The work is bounded: count the stored lines read, through a list that tells each read.
    const read = new Set<string>();
    const counted = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(linesOf({ items: counted })).toHaveLength(MAX_LINES);
    expect(read.size).toBeLessThanOrEqual(MAX_LINES);
  });

  it.each([
    ['a protocol-relative address', '//evil.example/phish'],
    ['another site', 'https://evil.example/'],
    ['another site with the service path', 'https://evil.example/service/wallet-app-token-listing/listing-3/'],
    ['a script', 'javascript:alert(1)'],
    ['a script behind a slash', '/\\evil.example/service/x/listing-3/'],
    ['a page that is no service', '/category/listing/'],
    ['another service than the id', '/service/wallet-app-token-listing/listing-4/'],
    ['a path climbing out', '/service/../../evil/listing-3/'],
    ['a query', '/service/wallet-app-token-listing/listing-3/?next=//evil.example'],
    ['no route', undefined],
  ])('drops a line whose page is %s', (_, route) => {
    // Each with a name and price, as the earlier basket stored them, so only the page decides.
    const items = [{ ...line(), route }, line({ id: 'listing-1', route: '/service/fast-track/listing-1/' })].map((l) => ({ ...l, name: 'Fast-Track Listing', price: 3000 }));
    expect(parseQuote(stored(items)).map((l) => l.id)).toEqual(['listing-1']);
  });

  it('drops ids that are no service id', () => {
    const ids = ['x', '', 'listing-', '<script>', 'listing-3 ', 42, null];
    expect(parseQuote(stored(ids.map((id) => ({ ...line(), id }))))).toEqual([]);
  });

  it('keeps quantities whole from 1 to MAX_QUANTITY, and drops a line without one', () => {
    const quantities = [2, 2.7, 1e9, 0, -5, 'two', null, Number.NaN];
    const items = quantities.map((quantity, i) => ({ ...service(i + 1), quantity }));
    expect(parseQuote(stored(items)).map((l) => l.quantity)).toEqual([2, 2, MAX_QUANTITY, 1, 1]);
  });

  it('keeps the first of two lines with the same service and option', () => {
    const text = stored([line({ quantity: 2 }), line({ quantity: 5 }), line({ option: 'Top 1' }), line({ option: 'Top 1', quantity: 3 })]);
    expect(parseQuote(text)).toEqual([line({ quantity: 2 }), line({ option: 'Top 1' })]);
  });

  it('reads an option only when it is a short text', () => {
    expect(parseQuote(stored([line({ option: 'x'.repeat(501) }), line({ id: 'listing-1', route: '/service/a/listing-1/', option: 7 as never })]))).toEqual([line(), line({ id: 'listing-1', route: '/service/a/listing-1/' })]);
  });
});

describe('toAdd', () => {
  it('reads what an "Add to quote" button holds, for the basket and its announcement', () => {
    expect(toAdd({ ...add({ option: 'Top 1' }), price: 2500, options: [{ label: 'Top 1', price: 1 }] })).toEqual(add({ option: 'Top 1' }));
    expect(toAdd({ ...add(), route: '//evil.example/phish' })).toBeUndefined();
    expect(toAdd({ ...add(), name: '' })).toBeUndefined();
  });

  it("takes the page of any service the catalogue allows: a name of 120 characters, an id's long number", () => {
    const name = `${'Community moderators for a day around your launch '.repeat(3)}`.slice(0, 120);
    const route = `/service/${slugify(name)}/other-1234567890123/`;
    expect(slugify(name).length).toBeGreaterThan(80);
    expect(toAdd({ id: 'other-1234567890123', name, route })).toEqual({ id: 'other-1234567890123', name, route });
    expect(toAdd({ id: 'other-5', name, route: `/service/${'a'.repeat(600)}/other-5/` })).toBeUndefined();
  });
});

describe('serviceCount', () => {
  // What the header's badge says, and the mail's subject: "2 services" for lines of 3 and 1, not 4.
  it('counts services, not the units of each', () => {
    expect(serviceCount([line({ quantity: 3 }), line({ id: 'listing-4', route: '/service/x/listing-4/', quantity: 1 })])).toBe(2);
    expect(serviceCount([line({ quantity: 5 })])).toBe(1);
    expect(serviceCount([])).toBe(0);
  });
});

describe('withAdded', () => {
  it('adds a new line, and one more to a line with the same service and option', () => {
    let items = withAdded([], [add()]);
    items = withAdded(items, [add(), add({ option: 'Top 1' })]);
    expect(items).toEqual([line({ quantity: 2 }), line({ option: 'Top 1' })]);
  });

  it('does not change the basket it was given', () => {
    const before = withAdded([], [add()]);
    withAdded(before, [add()]);
    expect(before[0]!.quantity).toBe(1);
  });

  it('adds no line beyond MAX_LINES', () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({ ...service(i + 1), quantity: 1 }));
    expect(withAdded(full, [service(MAX_LINES + 1)])).toHaveLength(MAX_LINES);
    expect(withAdded(full, [service(1)])[0]!.quantity).toBe(2);
  });
});

describe('readQuote and writeQuote', () => {
  const target = new EventTarget();
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    });
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
    vi.stubGlobal('dispatchEvent', target.dispatchEvent.bind(target));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the basket under a versioned key and tells listeners', () => {
    const heard: number[] = [];
    const stop = onQuoteChange((items) => heard.push(serviceCount(items)));
    writeQuote(withAdded([], [add(), add()]));
    expect(QUOTE_KEY).toMatch(/v1$/);
    expect(JSON.parse(storage.get(QUOTE_KEY)!)).toEqual({ items: [line({ quantity: 2 })] });
    expect(readQuote()).toEqual([line({ quantity: 2 })]);
    writeQuote([]);
    expect(storage.has(QUOTE_KEY)).toBe(false);
    stop();
    writeQuote(withAdded([], [add()]));
    expect(heard).toEqual([1, 0]);
  });

  it('writes only the service, option and quantity of a line, whatever else it is given', () => {
    writeQuote([{ ...line({ option: 'Top 1' }), name: 'Wallet-App Token Listing', price: 2500 } as QuoteLine]);
    expect(JSON.parse(storage.get(QUOTE_KEY)!)).toEqual({ items: [line({ option: 'Top 1' })] });
  });

  it('reads a corrupt stored value as an empty basket', () => {
    storage.set(QUOTE_KEY, '{not json');
    expect(readQuote()).toEqual([]);
  });

  it('keeps the basket for the page when storage refuses', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(readQuote()).toEqual([]);
    writeQuote(withAdded([], [add()]));
    expect(serviceCount(readQuote())).toBe(1);
  });
});
