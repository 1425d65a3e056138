// What the memos of a dev rebuild compare their inputs by (validate.ts, checks.ts, model.ts): the same values,
// each the very object it was, in the same order.
export const sameItems = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((item, i) => item === b[i]);
