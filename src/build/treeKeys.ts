// A page's cache key is the hash of its data as JSON (render.ts). A service page's data is mostly its compiled
// description, so at 10,000 heavy services the key's JSON was 140 MB, written and hashed on every build,
// though one description changed. The description cache (cachedStages.ts DescriptionMemo) knows each tree by
// the key it was compiled under (its text's hash and the compiler's version): the same key always gives the same
// tree. It registers each tree it hands out here, and a page's JSON names a registered tree by that key
// instead of spelling it out. A tree nobody registered (a test's, a page kind's own) is written out whole.
import type { TreeNode } from '../core/tree.ts';

/** Trees by identity → the key they were compiled under: the description cache's (DescriptionMemo.trees), which
 *  registers each tree it hands out. The model keeps the trees it is given (deepFreeze freezes them in place), so
 *  the page data holds the very objects registered. */
export class TreeKeys {
  private readonly keys = new WeakMap<object, string>();

  register(tree: readonly TreeNode[], key: string): void {
    this.keys.set(tree, key);
  }

  keyOf(value: object): string | undefined {
    return this.keys.get(value);
  }
}

// A registered tree becomes MARK + key. A string that starts with MARK gets a second MARK, so no string of the
// data can be taken for a tree (keys never start with MARK).
const MARK = '\u0000tree:';

/** JSON of `value` for a cache key: one to one with JSON.stringify(value), with the trees `trees` knows by their key. */
export const keyJson = (value: unknown, trees?: TreeKeys): string =>
  JSON.stringify(value, (_key: string, item: unknown): unknown => {
    if (typeof item === 'object' && item !== null) {
      const key = trees?.keyOf(item);
      return key === undefined ? item : MARK + key;
    }
    return typeof item === 'string' && item.startsWith(MARK) ? MARK + item : item;
  });

const PLAIN: readonly unknown[] = [Object.prototype, null, Array.prototype];

/**
 * Whether keyJson(now) equals what keyJson(before) gave when `before` was keyed: true only when that is sure;
 * false may be wrong the other way, which costs a key written, never a page taken for another. dev asks it of
 * each page and the same page of the rebuild before, which share every unchanged description tree: 10,000
 * pages' key JSON is 34 MB to write and hash, walking both is a fraction of that. `before` must be frozen
 * wherever it is walked (so it still holds what it was keyed with); a registered tree is the same only as the
 * same object, and so is any object still frozen (taken as frozen all through, as deepFreeze takes it); anything
 * but a plain object, array, undefined or a value JSON writes as itself is never the same.
 */
export function sameKeyJson(now: unknown, before: unknown, trees?: TreeKeys): boolean {
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
  if (trees && (trees.keyOf(now) !== undefined || trees.keyOf(before) !== undefined)) return now === before;
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
    if (!sameKeyJson(a, b, trees)) return false;
  }
  return true;
}
