// A worker's task (workers.ts): link-preview cards painted off the main thread from the parts the build made
// once (cardPainter.ts, cardPaint.ts), each returned as its PNG with its words (socialImages.ts), in the order given.
import { paintCards, type CardParts } from './cardPaint.ts';
import { withDescription } from './pngText.ts';

export interface SocialTask {
  parts: CardParts;
  /** Each card's glyphs (cardPaint.ts, GLYPH numbers each) and its words. */
  cards: { glyphs: Int32Array; text: string }[];
}

export default ({ parts, cards }: SocialTask): Uint8Array[] => {
  const pngs = paintCards(parts, cards.map((card) => card.glyphs));
  return pngs.map((png, i) => withDescription(png, cards[i]!.text));
};
