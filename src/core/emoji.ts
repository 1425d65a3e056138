// Emoji in the catalogue's text are drawn from SVG files the build writes (src/build/emoji.ts), not from the
// visitor's emoji font: loading a colour emoji font for one 🚀 was most of the first layout of every page
// (25-50 ms here, 4× that on a slow phone: Total Blocking Time), and the SVG looks the same everywhere.
// Pure, and shared by the build and the browser: both must split text the same way to hydrate.

/**
 * An emoji: a pictograph shown as an emoji by default (🚀), or one shown as text by default followed by the
 * emoji variation selector (❤️, but not ©), with its skin tone and zero-width-joined parts; or a flag.
 */
export const EMOJI =
  /\p{Regional_Indicator}{2}|(?:\p{Emoji_Presentation}\uFE0F?|\p{Extended_Pictographic}\uFE0F)\p{Emoji_Modifier}?(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*/gu;

/** Text split into plain runs and emoji, in order; strings that are emoji come back as `{ emoji }`. */
export function splitEmoji(text: string): (string | { emoji: string })[] {
  const parts: (string | { emoji: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ emoji: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Every emoji in these texts, each once. */
export function emojiIn(texts: Iterable<string>): string[] {
  const found = new Set<string>();
  // Every part of an emoji is beyond ASCII: the emoji pattern runs only on those stretches, not on every
  // character of a large catalogue (10 MB of text at 10,000 services).
  for (const text of texts) for (const [run] of text.matchAll(/[^\x00-\x7f]+/g)) for (const [emoji] of run.matchAll(EMOJI)) found.add(emoji);
  return [...found].sort();
}

/** The code points of an emoji as lowercase hex joined by "-", without variation selectors (how emoji sets name their files). */
export const emojiCode = (emoji: string) =>
  [...emoji]
    .map((c) => c.codePointAt(0)!)
    .filter((c) => c !== 0xfe0f)
    .map((c) => c.toString(16))
    .join('-');
