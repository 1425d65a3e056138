import { describe, expect, it } from 'vitest';
import { formatDelivery, formatPrice, priceValue } from '../../templates/format.ts';
import { jsonForScript } from '../../src/client/document.ts';

describe('formatPrice', () => {
  it.each([
    [3000, false, '$3,000'],
    [50000, false, '$50,000'],
    [1200000, false, '$1,200,000'],
    [790, false, '$790'],
    [100, false, '$100'],
    [1000, false, '$1,000'],
    [999999, false, '$999,999'],
    [5, false, '$5'],
    [2000, true, 'from $2,000'],
    [0, false, 'Free'],
    [0, true, 'Free'],
  ])('%d (from: %s) → %s', (price, from, text) => expect(formatPrice(price, from)).toBe(text));
  it.each([
    [3.6, '$3.60'],
    [4.2, '$4.20'],
    [4000.5, '$4,000.50'],
    [3000.5, '$3,000.50'],
    [0.01, '$0.01'],
    [1234567.89, '$1,234,567.89'],
  ])('shows cents exactly: %d → %s', (price, text) => expect(formatPrice(price)).toBe(text));
  it('agrees with Intl for dollars and cents', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const price of [0.05, 0.5, 1.99, 12.3, 999.99, 1000.01, 65432.1, 9999999.99]) expect(formatPrice(price)).toBe(intl.format(price));
  });
  it('gives structured data the same number as the page, cents written out', () => {
    expect([2500, 3.6, 4000.5, 0.07, 0].map(priceValue)).toEqual(['2500', '3.60', '4000.50', '0.07', '0']);
  });
  it('agrees with Intl for whole dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const price of [1, 12, 123, 1234, 12345, 123456, 1234567, 12345678, 987654321]) expect(formatPrice(price)).toBe(intl.format(price));
  });
});

describe('JSON inside a script element', () => {
  it('cannot close the element or break the script', () => {
    const text = jsonForScript({ a: '</script><script>alert(1)</script>', b: '\u2028' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>', b: '\u2028' });
  });
});

describe('formatDelivery', () => {
  // A narrow table column broke "3-4 weeks" into "3-4" and "weeks", then into "3-" and "4 weeks": a number stays
  // with its unit, and a range holds together.
  it.each([
    ['2 weeks', '2\u00a0weeks'],
    ['3-4 weeks', '3-\u20604\u00a0weeks'],
    ['12-24 h', '12-\u206024\u00a0h'],
    ['Pre-sale, 2 days', 'Pre-sale, 2\u00a0days'],
    ['Within 24 h', 'Within 24\u00a0h'],
    ['24 h in 3 cycles of 8 h', '24\u00a0h in 3\u00a0cycles of 8\u00a0h'],
    ['1.5  days', '1.5\u00a0days'],
    ['On request', 'On request'],
    ['Same day', 'Same day'],
  ])('%s → %j', (text, shown) => expect(formatDelivery(text)).toBe(shown));
});
