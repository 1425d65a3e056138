// A worker's task (workers.ts): link-preview cards painted off the main thread from the parts the build made
// once (cardPainter.ts), each returned as its PNG with its words (socialImages.ts), in the order given.
import { paintCards, type CardParts, type Placed } from './cardPainter.ts';
import { withDescription } from './pngText.ts';

export interface SocialTask {
  parts: CardParts;
  cards: { glyphs: Placed[]; text: string }[];
}

export default ({ parts, cards }: SocialTask): Uint8Array[] => {
  const pngs = paintCards(parts, cards.map((card) => card.glyphs));
  return pngs.map((png, i) => withDescription(png, cards[i]!.text));
};
