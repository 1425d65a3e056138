// The quote basket's message: one text for the e-mail and the chat, built from the basket alone (pure, no DOM).
// Nothing is sent from the site: the visitor's own mail or chat app opens with it, or it is copied.
import { formatPrice } from '../format.ts';
import { mailtoHref, projectTemplate, type MailContact } from '../mail.ts';
import type { QuoteItem } from './services.ts';

/**
 * The longest mailto: link the basket offers; a longer message is copied instead. Windows hands the link to the
 * mail app through the shell, which has taken at most 2,083 characters since Internet Explorer's limit
 * (Microsoft KB 208427), and Outlook with Chrome or Firefox was measured to open links of up to 2,046; 2,000
 * leaves room for the address. (docs/decisions.md has the figures and where they come from.)
 */
export const MAILTO_MAX = 2000;

export interface QuoteMessage {
  subject: string;
  /** Lines joined with "\n": what the chat gets and the clipboard holds; mailtoHref writes CRLF. */
  body: string;
}

/** A name or option on one line: a line break in one would break the list. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const cents = (price: number) => Math.round(price * 100);

/** A line's subtotal, and how it is made when more than one is wanted: { each: "$6,000 each × 3", total: "$18,000" }. */
export function lineSubtotal(item: Pick<QuoteItem, 'price' | 'from' | 'quantity'>): { each?: string; total: string } {
  const price = formatPrice(item.price, item.from);
  if (item.quantity <= 1 || item.price === 0) return { total: price };
  return { each: `${price} each × ${item.quantity}`, total: formatPrice((cents(item.price) * item.quantity) / 100, item.from) };
}

/** A line's price as one text: "from $2,500", "$3.60", "Free", "$6,000 each × 3 = $18,000". */
export function linePrice(item: Pick<QuoteItem, 'price' | 'from' | 'quantity'>): string {
  const { each, total } = lineSubtotal(item);
  return each ? `${each} = ${total}` : total;
}

/** The basket's total, added up in cents; a "from" price anywhere makes it a starting total. */
export function quoteTotal(items: readonly QuoteItem[]): { total: number; from: boolean; text: string } {
  const total = items.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0) / 100;
  const from = items.some((i) => i.from === true);
  return { total, from, text: formatPrice(total, from) };
}

/** "Quote request: Wallet-App Token Listing" for one service, "Quote request: 3 services" for more. */
export function quoteSubject(items: readonly QuoteItem[]): string {
  // One service: its name and id (PRODUCT.md), the id as the catalogue and the message's body give it.
  return items.length === 1 ? `Quote request: ${oneLine(items[0]!.name)} (${items[0]!.id})` : `Quote request: ${items.length} services`;
}

/** The message: each line of the basket (name, id, option, quantity, price, page), the total, the project template. */
export function quoteMessage(items: readonly QuoteItem[], site: { brand: string; baseUrl: string; contact: Pick<MailContact, 'projectFields'> }): QuoteMessage {
  const lines = [`Hello ${site.brand},`, '', items.length === 1 ? 'We would like a quote for this service:' : 'We would like a quote for these services:', ''];
  items.forEach((item, i) => {
    lines.push(`${i + 1}. ${oneLine(item.name)} (${item.id})`);
    if (item.option) lines.push(`   Option: ${oneLine(item.option)}`);
    else if (item.options) lines.push('   Option: not chosen yet');
    lines.push(`   Quantity: ${item.quantity}`, `   Price: ${linePrice(item)}`, `   ${site.baseUrl}${item.route}`, '');
  });
  lines.push(`Total: ${quoteTotal(items).text}`, '', ...projectTemplate(site.contact), '', 'Thank you.');
  return { subject: quoteSubject(items), body: lines.join('\n') };
}

/** The message as the chat and the clipboard get it: the subject first, as a mail would show it. */
export const messageText = (message: QuoteMessage) => `Subject: ${message.subject}\n\n${message.body}`;

/** The mail link, or undefined when it would be longer than mail apps are known to accept. */
export function quoteMailto(email: string, message: QuoteMessage): string | undefined {
  const href = mailtoHref(email, message.subject, message.body);
  return href.length <= MAILTO_MAX ? href : undefined;
}

/**
 * The messaging link with the text prefilled where the app's link has a field for it: WhatsApp's wa.me/<number>
 * ?text= (its "click to chat" links) and Telegram's t.me/<username>?text= (a draft in a chat with that user).
 * Any other link, or a text too long for a link, opens as it is: the message is on the clipboard.
 */
export function chatHref(href: string, text: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const host = url.hostname.replace(/^www\./, '');
  const oneSegment = /^\/[^/]+\/?$/.test(url.pathname);
  const prefills = (host === 'wa.me' && oneSegment) || ((host === 't.me' || host === 'telegram.me') && oneSegment && !/^\/(share|joinchat|\+)/.test(url.pathname));
  if (!prefills || url.searchParams.has('text')) return href;
  let prefilled: string;
  try {
    // encodeURIComponent, not searchParams: its "+" for a space is read as a plus by some apps. It throws on a
    // lone surrogate (half an emoji): then the link opens as it is.
    prefilled = `${url.origin}${url.pathname}${url.search ? `${url.search}&` : '?'}text=${encodeURIComponent(text)}`;
  } catch {
    return href;
  }
  return prefilled.length <= MAILTO_MAX ? prefilled : href;
}

/** What a service page's contact links need of the site (src/model/shell.ts SiteShell has it). */
export interface ContactSite {
  brand: string;
  baseUrl: string;
  contact: { email: string; messaging: { href: string }; projectFields: readonly string[] };
}

/**
 * A service page's mail and chat links for one item, with the basket's message: the server writes them for the
 * page's first option, the client again for the option chosen (contact.ts). No mail link when it would be too long.
 */
export function serviceContactHrefs(site: ContactSite, item: QuoteItem): { mail: string | undefined; chat: string; text: string } {
  const message = quoteMessage([item], site);
  const text = messageText(message);
  return { mail: quoteMailto(site.contact.email, message), chat: chatHref(site.contact.messaging.href, text), text };
}
