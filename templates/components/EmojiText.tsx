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
      // on every page.
      <img key={i} className="emoji" src={emoji[part.emoji]} alt={decorative ? '' : part.emoji} />
    ),
  );
}
