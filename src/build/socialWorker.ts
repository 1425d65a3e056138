// A worker's task (workers.ts): link-preview cards painted off the main thread from the parts the build made
// once (cardPainter.ts, cardPaint.ts), each returned as its PNG with its words (socialImages.ts), in the order given;
// or, given the build cache's blobs folder, as the blob it was stored in there.
import { storeBlobSync, type StoredBlob } from './cache.ts';
import { paintCards, type CardParts } from './cardPaint.ts';
import { withDescription } from './pngText.ts';

export interface SocialTask {
  parts: CardParts;
  /** Each card's glyphs (cardPaint.ts, GLYPH numbers each) and its words. */
  cards: { glyphs: Int32Array; text: string }[];
  /** The build cache's blobs folder, when the cards are to be stored there. */
  blobs?: string;
}

export default function drawCards(task: SocialTask & { blobs?: undefined }): Uint8Array[];
export default function drawCards(task: SocialTask): (Uint8Array | StoredBlob)[];
export default function drawCards({ parts, cards, blobs }: SocialTask): (Uint8Array | StoredBlob)[] {
  const pngs = paintCards(parts, cards.map((card) => card.glyphs));
  return pngs.map((png, i) => {
    const card = withDescription(png, cards[i]!.text);
    return (blobs !== undefined && storeBlobSync(blobs, card)) || card;
  });
}
