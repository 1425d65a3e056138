// A quantity typed in the quote basket (templates/quote/quantity.ts): a whole number from 1 to the most a line
// takes; anything else keeps the nearest such number and says what was kept, rather than silently reverting.
import { describe, expect, it } from 'vitest';
import { quantityEntry } from '../../templates/quote/quantity.ts';

describe('quantityEntry', () => {
  it('takes a whole number from 1 to the most, and says nothing', () => {
    expect(quantityEntry(1, 99)).toEqual({ quantity: 1 });
    expect(quantityEntry(42, 99)).toEqual({ quantity: 42 });
    expect(quantityEntry(99, 99)).toEqual({ quantity: 99 });
  });

  it.each([
    [0, 1, 'Quantity 0 is less than 1: kept 1.'],
    [-3, 1, 'Quantity -3 is less than 1: kept 1.'],
    [99999, 99, 'Quantity 99999 is more than 99, the most for one service: kept 99.'],
    [2.5, 2, 'Quantity 2.5 is not a whole number: kept 2.'],
    [0.5, 1, 'Quantity 0.5 is not a whole number: kept 1.'],
    [150.5, 99, 'Quantity 150.5 is more than 99, the most for one service: kept 99.'],
  ])('keeps the nearest quantity for %s, and says so', (entered, quantity, note) => {
    expect(quantityEntry(entered, 99)).toEqual({ quantity, note });
  });

  it('keeps nothing while the field holds no number (being typed in, or emptied)', () => {
    expect(quantityEntry(Number.NaN, 99)).toBeUndefined();
    expect(quantityEntry(Number.POSITIVE_INFINITY, 99)).toBeUndefined();
  });
});
