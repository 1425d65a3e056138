// A quantity typed in the basket: a whole number from 1 to the most a line takes. Anything else keeps the nearest
// such number and says what was kept, rather than reverting in silence. Pure.

/** What the field's number keeps; undefined while it holds none (emptied, or half typed). */
export function quantityEntry(entered: number, max: number): { quantity: number; note?: string } | undefined {
  if (!Number.isFinite(entered)) return undefined;
  const quantity = Math.min(max, Math.max(1, Math.trunc(entered)));
  if (quantity === entered) return { quantity };
  const why = entered > max ? `is more than ${max}, the most for one service` : entered < 1 && Number.isInteger(entered) ? 'is less than 1' : 'is not a whole number';
  return { quantity, note: `Quantity ${entered} ${why}: kept ${quantity}.` };
}
