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

/** FNV-1a, 64 bits, as 8 of A-Z and 0-9: a name, not a secret, and the same in every runtime without node:crypto. */
function nameHash(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(36).toUpperCase().padStart(8, '0').slice(-8);
}
