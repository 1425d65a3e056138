// The quote basket's storage (templates/quote/store.ts): versioned, forgiving of anything stored, lines merged.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { itemCount, MAX_QUANTITY, onQuoteChange, parseQuote, QUOTE_KEY, readQuote, toAdd, withAdded, writeQuote, type QuoteAdd } from '../../templates/quote/store.ts';

const add = (over: Partial<QuoteAdd> = {}): QuoteAdd => ({ id: 'listing-3', name: 'Wallet-App Token Listing', route: '/service/w/listing-3/', price: 2500, ...over });

describe('parseQuote', () => {
  it.each([
    ['nothing', null],
    ['not JSON', '{"items": ['],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['items not a list', '{"items": {"id": "x"}}'],
  ])('reads %s as an empty basket', (_, text) => {
    expect(parseQuote(text)).toEqual([]);
  });

  it('drops only the bad items and clamps quantities', () => {
    const stored = JSON.stringify({
      items: [
        { ...add(), quantity: 2 },
        { ...add({ id: 'x' }), quantity: 'two' },
        { ...add({ route: 'https://evil.example/' }), quantity: 1 },
        { ...add({ id: 'y', price: -1 }), quantity: 1 },
        { ...add({ id: 'z', options: [{ label: 'A' } as never] }), quantity: 1 },
        { ...add({ id: 'big' }), quantity: 1e9 },
        { ...add({ id: 'small' }), quantity: 0 },
        null,
      ],
    });
    expect(parseQuote(stored).map((i) => [i.id, i.quantity, i.options])).toEqual([
      ['listing-3', 2, undefined],
      ['z', 1, undefined],
      ['big', MAX_QUANTITY, undefined],
      ['small', 1, undefined],
    ]);
  });

  it('keeps exactly the known fields', () => {
    expect(toAdd({ ...add({ from: true, option: 'Top 1', options: [{ label: 'Top 1', price: 1, extra: 1 } as never] }), script: '<x>' })).toEqual(
      add({ from: true, option: 'Top 1', options: [{ label: 'Top 1', price: 1 }] }),
    );
  });
});

describe('withAdded', () => {
  it('adds a new line, and one more to a line with the same service and option', () => {
    let items = withAdded([], [add()]);
    items = withAdded(items, [add(), add({ option: 'Top 1' })]);
    expect(items.map((i) => [i.id, i.option, i.quantity])).toEqual([
      ['listing-3', undefined, 2],
      ['listing-3', 'Top 1', 1],
    ]);
    expect(itemCount(items)).toBe(3);
  });

  it('does not change the basket it was given', () => {
    const before = withAdded([], [add()]);
    withAdded(before, [add()]);
    expect(before[0]!.quantity).toBe(1);
  });
});

describe('readQuote and writeQuote', () => {
  const target = new EventTarget();
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k),
    });
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
    vi.stubGlobal('dispatchEvent', target.dispatchEvent.bind(target));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the basket under a versioned key and tells listeners', () => {
    const heard: number[] = [];
    const stop = onQuoteChange((items) => heard.push(itemCount(items)));
    writeQuote(withAdded([], [add(), add()]));
    expect(QUOTE_KEY).toMatch(/v1$/);
    expect(JSON.parse(stored.get(QUOTE_KEY)!)).toEqual({ items: [{ ...add(), quantity: 2 }] });
    expect(readQuote()).toEqual([{ ...add(), quantity: 2 }]);
    writeQuote([]);
    expect(stored.has(QUOTE_KEY)).toBe(false);
    stop();
    writeQuote(withAdded([], [add()]));
    expect(heard).toEqual([2, 0]);
  });

  it('reads a corrupt stored value as an empty basket', () => {
    stored.set(QUOTE_KEY, '{not json');
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
    expect(itemCount(readQuote())).toBe(1);
  });
});
