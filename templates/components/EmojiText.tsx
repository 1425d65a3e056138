// Text with its emoji drawn from the site's SVG files instead of the visitor's emoji font (why: see
// src/core/emoji.ts). The image's alt is the emoji itself, so a screen reader names it as it would the
// character; `decorative` leaves it out (where the text around says it already, or it is aria-hidden).
import { useSite } from '../../src/client/api.ts';
import { Fragment } from 'react';
import { splitEmoji } from '../../src/core/emoji.ts';

export function EmojiText({ text, decorative = false }: { text: string; decorative?: boolean }) {
  const { emoji } = useSite();
  const parts = splitEmoji(text);
  if (parts.every((part) => typeof part === 'string')) return text;
  return parts.map((part, i) =>
    typeof part === 'string' || !emoji[part.emoji] ? (
      <Fragment key={i}>{typeof part === 'string' ? part : part.emoji}</Fragment>
    ) : (
      // No width and height: the stylesheet sizes it to the text (img.emoji), and every attribute is repeated
      // on every page. Low priority: a glyph-sized picture must not take bandwidth from the stylesheet and the
      // page's own images before the first paint (the 404 page's largest paint on Lighthouse's phone: 1,005 ms
      // with it at the browser's default, 813-863 ms at low).
      <img key={i} className="emoji" src={emoji[part.emoji]} alt={decorative ? '' : part.emoji} fetchPriority="low" />
    ),
  );
}
