// The words a text gives site search (templates/searchIndex.ts): every word is a posting in the index's files a
// search fetches, so a repeated or common word costs the visitor bytes and finds nothing new. A description's terms are worked out when it is compiled (catalogue/markdown.ts) and kept with it
// in the build cache: walking 10,000 description trees for them took 1.5 s of every build.

/** Words in lowercase, a hyphen or an apostrophe inside one kept ("multi-channel", "service's"). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

const COMMON_WORDS = new Set(
  'the and for you your are with that this from our can will have has not but all any its was were been more than into per each who what when which also one two get out use'.split(' '),
);

/** One of the commonest English words, which no description gives search (searchTerms). */
export const isCommonWord = (word: string) => COMMON_WORDS.has(word);

/** Terms kept of a text: search takes 80 of a description's, after those its service's name and summary have. */
export const TERMS_KEPT = 200;

/** A text's words of three letters or more but the commonest English ones, each once, in order: the first `most`. */
export function searchTerms(text: string, most = TERMS_KEPT): string[] {
  const seen = new Set<string>();
  for (const word of wordsOf(text)) {
    if (word.length > 2 && !COMMON_WORDS.has(word)) seen.add(word);
    if (seen.size >= most) break;
  }
  return [...seen];
}
