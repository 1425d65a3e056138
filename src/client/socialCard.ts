// A page's social image (og:image): a 1200×630 PNG the build draws from the page's own words, for the link
// previews of X, Telegram, Discord, LinkedIn and Facebook, none of which shows an SVG (src/build/socialImages.ts
// draws it). The file is named by what it shows and the site's style, so a page names its image before it is
// drawn (the render workers and the build agree on the name), and a card drawn once serves every build that
// shows the same words.

export interface SocialCard {
  /** The card's headline: the page's own title, without the brand (the card shows the brand apart). */
  title: string;
  /** A second line: a service's price and category, a case study's lead figure. */
  detail?: string;
}

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;

/** What the card says, as one line of text: its alt text, and the text the PNG carries (socialImages.ts). */
export const socialCardText = (card: SocialCard) => (card.detail ? `${card.title}. ${card.detail}` : card.title);

/** The card's file in the site, e.g. assets/social-0A1B2C3D.png (named as the bundle's files are); `style` names
 *  the site's look. */
export const socialImagePath = (style: string, card: SocialCard) => `assets/social-${nameHash(JSON.stringify([style, card.title, card.detail ?? '']))}.png`;

const encoder = new TextEncoder();

/** FNV-1a, 64 bits, as 8 of A-Z and 0-9: a name, not a secret, and the same in every runtime without node:crypto.
 *  The 64 bits are two 32-bit halves: a BigInt a byte took 90 ms for the 10,444 cards of every dev rebuild. */
export function nameHash(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (const byte of encoder.encode(text)) {
    low ^= byte;
    // × 0x100000001b3 = × 0x1b3, plus the low half shifted up by 40 bits (into the high half by 8).
    const product = (low >>> 0) * 0x1b3;
    high = (Math.imul(high, 0x1b3) + Math.floor(product / 2 ** 32) + (low << 8)) >>> 0;
    low = product >>> 0;
  }
  return ((BigInt(high) << 32n) | BigInt(low)).toString(36).toUpperCase().padStart(8, '0').slice(-8);
}
