// Lists in words, as the problems and messages write them.

/** "a", "a and b", "a, b and c". */
export const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** `text` with each character a reader cannot see (a zero-width space, a direction mark, a control character)
 *  written as its code, "rappers-1<U+200B>": quoted in a message, "rappers-1" looked right and was not. */
export const withUnseen = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
