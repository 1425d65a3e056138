// A page's cache key is the hash of its data as JSON (render.ts). A service page's data is mostly its compiled
// description, so at 10,000 heavy services the key's JSON was 140 MB, written and hashed on every build,
// though one description changed. The description cache (cachedStages.ts DescriptionMemo) knows each tree by
// the key it was compiled under (its text's hash and the compiler's version): the same key always gives the same
// tree. It registers each tree it hands out here, and a page's JSON names a registered tree by that key
// instead of spelling it out. A tree nobody registered (a test's, a page kind's own) is written out whole.
import type { TreeNode } from '../core/tree.ts';

/** Trees by identity → the key they were compiled under. The model keeps the trees it is given (deepFreeze
 *  freezes them in place), so the page data holds the very objects registered. */
const treeKeys = new WeakMap<object, string>();

export function registerTree(tree: readonly TreeNode[], key: string): void {
  treeKeys.set(tree, key);
}

// A registered tree becomes MARK + key. A string that starts with MARK gets a second MARK, so no string of the
// data can be taken for a tree (keys never start with MARK).
const MARK = '\u0000tree:';

const replacer = (_key: string, value: unknown): unknown => {
  if (typeof value === 'object' && value !== null) {
    const key = treeKeys.get(value);
    return key === undefined ? value : MARK + key;
  }
  return typeof value === 'string' && value.startsWith(MARK) ? MARK + value : value;
};

/** JSON of `value` for a cache key: one to one with JSON.stringify(value), with registered trees by their key. */
export const keyJson = (value: unknown): string => JSON.stringify(value, replacer);
