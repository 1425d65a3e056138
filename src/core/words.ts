// Lists in words, as the problems and messages write them.

/** "a", "a and b", "a, b and c". */
export const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
