// A page's cache key is the hash of its data and assets as JSON (render.ts). A dev rebuild makes every page's data
// anew; this tells, without writing the JSON, that a page's is what it was when the rebuild before keyed it.

const PLAIN: readonly unknown[] = [Object.prototype, null, Array.prototype];

/**
 * Whether JSON.stringify(now) equals what JSON.stringify(before) gave when `before` was keyed: true only when that
 * is sure; false may be wrong the other way, which costs a key written, never a page taken for another. dev asks
 * it of each page and the same page of the rebuild before, which share every unchanged service: 10,000 pages' key
 * JSON is 50 MB to write and hash, walking both is a fraction of that. `before` must be frozen wherever it is
 * walked (so it still holds what it was keyed with); the very object still frozen is the same (taken as frozen all
 * through, as deepFreeze takes it); anything but a plain object, array, undefined or a value JSON writes as itself
 * is never the same.
 */
export function sameKeyJson(now: unknown, before: unknown): boolean {
  // Left out of an object by both (an optional field not given), or null in an array in both.
  if (now === undefined) return before === undefined;
  if (typeof now !== 'object' || now === null) {
    // JSON writes NaN and ±Infinity as null and -0 as 0: numbers compare only when written as themselves.
    return typeof now === 'number' ? Number.isFinite(now) && Object.is(now, before) : (typeof now === 'string' || typeof now === 'boolean' || now === null) && now === before;
  }
  if (typeof before !== 'object' || before === null) return false;
  // The very object, still frozen: frozen all through, as deepFreeze leaves what it freezes (a dev rebuild's
  // model keeps every unchanged service: src/model/model.ts).
  if (now === before && Object.isFrozen(now)) return true;
  if (!Object.isFrozen(before) || !PLAIN.includes(Object.getPrototypeOf(now)) || !PLAIN.includes(Object.getPrototypeOf(before))) return false;
  if (Array.isArray(now) !== Array.isArray(before) || 'toJSON' in now || 'toJSON' in before) return false;
  const keys = Object.keys(now);
  const other = Object.keys(before);
  if (keys.length !== other.length || (Array.isArray(now) && (now.length !== keys.length || (before as unknown[]).length !== other.length))) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key !== other[i]) return false;
    const a = (now as Record<string, unknown>)[key];
    const b = (before as Record<string, unknown>)[key];
    // Most fields of a page's data are the same text or number as before, or the same frozen object (a service
    // the model kept): taken here, without a call each (a page kind makes its data anew every rebuild, so dev
    // walks 10,000 service pages' fields).
    if (a === b && (typeof a === 'string' || typeof a === 'boolean' || a === null || (typeof a === 'number' && Number.isFinite(a) && Object.is(a, b)) || (typeof a === 'object' && Object.isFrozen(a)))) continue;
    if (!sameKeyJson(a, b)) return false;
  }
  return true;
}
