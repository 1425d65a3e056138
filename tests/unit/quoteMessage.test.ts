// The quote basket's message (templates/quote/message.ts): what the agency reads in the e-mail and the chat.
import { describe, expect, it } from 'vitest';
import { chatHref, linePrice, lineSubtotal, MAILTO_MAX, messageText, quoteMailto, quoteMessage, quoteSubject, quoteTotal } from '../../templates/quote/message.ts';
import type { QuoteItem } from '../../templates/quote/services.ts';

const site = { brand: 'Astrolift Media', baseUrl: 'https://www.example.com', contact: { projectFields: ['Project name', 'Chain', 'Budget'] } };
const item = (over: Partial<QuoteItem> = {}): QuoteItem => ({ id: 'listing-3', name: 'Wallet-App Token Listing', route: '/service/wallet-app-token-listing/listing-3/', price: 2500, quantity: 1, ...over });

/** The subject and body a mail app reads from the link (RFC 6068: plain percent-encoding, CRLF lines). */
function decode(href: string) {
  const url = new URL(href);
  const fields = Object.fromEntries(url.search.slice(1).split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part))));
  return { to: decodeURIComponent(url.pathname), subject: fields.subject, body: fields.body };
}

describe('quoteMessage', () => {
  it('lists each item with its id, option, quantity, price and page, then the total and the project template', () => {
    const items = [
      item({ from: true }),
      item({ id: 'trending-9', name: 'Search-Bar Trending', route: '/service/search-bar-trending/trending-9/', price: 32500, option: 'Top 1', options: [{ label: 'Top 11-30', price: 5000 }, { label: 'Top 1', price: 32500 }], quantity: 2 }),
    ];
    const { subject, body } = quoteMessage(items, site);
    expect(subject).toBe('Quote request: 2 services');
    expect(body).toBe(
      [
        'Hello Astrolift Media,',
        '',
        'We would like a quote for these services:',
        '',
        '1. Wallet-App Token Listing (listing-3)',
        '   Quantity: 1',
        '   Price: from $2,500',
        '   https://www.example.com/service/wallet-app-token-listing/listing-3/',
        '',
        '2. Search-Bar Trending (trending-9)',
        '   Option: Top 1',
        '   Quantity: 2',
        '   Price: $32,500 each × 2 = $65,000',
        '   https://www.example.com/service/search-bar-trending/trending-9/',
        '',
        'Total: from $67,500',
        '',
        'About our project:',
        'Project name:',
        'Chain:',
        'Budget:',
        '',
        'Thank you.',
      ].join('\n'),
    );
  });

  it('names a single service and its id in the subject, and says when an option is still to be chosen', () => {
    const one = [item({ options: [{ label: '24 h', price: 500 }, { label: '48 h', price: 850 }], price: 500, from: true })];
    expect(quoteSubject(one)).toBe('Quote request: Wallet-App Token Listing (listing-3)');
    expect(quoteMessage(one, site).body).toContain('We would like a quote for this service:\n\n1. Wallet-App Token Listing (listing-3)\n   Option: not chosen yet\n');
  });

  it('adds cents exactly and shows them like the rest of the site', () => {
    const items = [item({ price: 0.1, quantity: 3 }), item({ id: 'b', price: 0.2 }), item({ id: 'c', price: 3.6, quantity: 2 })];
    expect(quoteTotal(items)).toEqual({ total: 7.7, from: false, text: '$7.70' });
    expect(linePrice(items[2]!)).toBe('$3.60 each × 2 = $7.20');
    expect(linePrice(items[0]!)).toBe('$0.10 each × 3 = $0.30');
  });

  it("shows each line's subtotal: the price, times the quantity, with \"from\" for a starting price", () => {
    expect(linePrice(item({ price: 6000, quantity: 3 }))).toBe('$6,000 each × 3 = $18,000');
    expect(linePrice(item({ price: 6000, from: true, quantity: 3 }))).toBe('from $6,000 each × 3 = from $18,000');
    expect(linePrice(item({ price: 6000, quantity: 1 }))).toBe('$6,000');
    expect(linePrice(item({ price: 2500, from: true, quantity: 1 }))).toBe('from $2,500');
    expect(linePrice(item({ price: 10_000_000, quantity: 99 }))).toBe('$10,000,000 each × 99 = $990,000,000');
    // The basket shows the two parts apart: how the subtotal is made, and the subtotal.
    expect(lineSubtotal(item({ price: 6000, from: true, quantity: 3 }))).toEqual({ each: 'from $6,000 each × 3', total: 'from $18,000' });
    expect(lineSubtotal(item({ price: 0, quantity: 3 }))).toEqual({ total: 'Free' });
  });

  it('writes free items as Free, and a total of nothing as Free', () => {
    const free = [item({ price: 0, quantity: 2 })];
    expect(linePrice(free[0]!)).toBe('Free');
    expect(quoteTotal(free).text).toBe('Free');
    expect(quoteTotal([...free, item({ id: 'x', price: 400, from: true })]).text).toBe('from $400');
  });

  it('keeps names and options on one line', () => {
    const { subject, body } = quoteMessage([item({ name: 'Two\nlines\r\n here', option: 'A\tB' })], site);
    expect(subject).toBe('Quote request: Two lines here (listing-3)');
    expect(body).toContain('1. Two lines here (listing-3)\n   Option: A B\n');
  });
});

describe('messageText', () => {
  it('is what the chat and the clipboard get: the subject, a blank line, the body', () => {
    const message = quoteMessage([item()], site);
    expect(messageText(message)).toBe(`Subject: Quote request: Wallet-App Token Listing (listing-3)\n\n${message.body}`);
  });
});

describe('quoteMailto', () => {
  const special = 'Moon & Sun? #1 100% "best" \'deal\' 🚀👨‍👩‍👧 + more = win';

  it('encodes special characters so the mail app reads back exactly the message', () => {
    const message = quoteMessage([item({ name: special, option: 'Top 1 & #2?' }), item({ id: 'free-1', name: 'Free audit', price: 0 })], site);
    const href = quoteMailto('sales+quotes@example.com', message)!;
    expect(href).not.toMatch(/[\s"'<>#]/);
    expect(href.split('?')).toHaveLength(2);
    expect(href.split('&')).toHaveLength(2);
    const { to, subject, body } = decode(href);
    expect(to).toBe('sales+quotes@example.com');
    expect(subject).toBe('Quote request: 2 services');
    expect(body).toBe(message.body.replace(/\n/g, '\r\n'));
    expect(body).toContain(`1. ${special} (listing-3)\r\n   Option: Top 1 & #2?\r\n`);
    expect(body).toContain('   Price: Free\r\n');
  });

  it('offers no link for a basket whose link would pass the safe length, and one for a short basket', () => {
    const many = Array.from({ length: 30 }, (_, i) => item({ id: `listing-${i}`, name: `Service number ${i} with a long descriptive name`, route: `/service/service-number-${i}/listing-${i}/` }));
    expect(quoteMailto('hello@example.com', quoteMessage(many, site))).toBeUndefined();
    let fits = 0;
    while (quoteMailto('hello@example.com', quoteMessage(many.slice(0, fits + 1), site))) fits++;
    // Four typical services fit in a link (the decision in docs/decisions.md), and the limit holds exactly.
    expect(fits).toBeGreaterThanOrEqual(4);
    expect(quoteMailto('hello@example.com', quoteMessage(many.slice(0, fits), site))!.length).toBeLessThanOrEqual(MAILTO_MAX);
  });
});

describe('chatHref', () => {
  const text = 'Quote: A & B?\nTotal: from $2,500 #1 🚀';

  it('prefills WhatsApp and Telegram chat links, encoded', () => {
    for (const base of ['https://wa.me/15551234567', 'https://t.me/astrolift']) {
      const href = chatHref(base, text);
      expect(href.startsWith(`${base}?text=`)).toBe(true);
      expect(decodeURIComponent(href.slice(href.indexOf('text=') + 5))).toBe(text);
      expect(href).not.toMatch(/[\s#+]/);
    }
  });

  it('opens any other link as it is, and a too-long text without it', () => {
    expect(chatHref('https://chat.example.com/astrolift', text)).toBe('https://chat.example.com/astrolift');
    expect(chatHref('https://t.me/share/url?url=x', text)).toBe('https://t.me/share/url?url=x');
    expect(chatHref('not a url', text)).toBe('not a url');
    expect(chatHref('https://wa.me/15551234567', 'x'.repeat(MAILTO_MAX))).toBe('https://wa.me/15551234567');
    expect(chatHref('https://wa.me/15551234567', `x${'🚀'.slice(0, 1)}`)).toBe('https://wa.me/15551234567');
  });
});
