import { describe, expect, it } from 'vitest';
import { enquiryHref, mailBody, mailtoHref, PROJECT_TEMPLATE, serviceEnquiryHref, serviceSubject } from '../../templates/mail.ts';

/** What a mail client reads from the link: the address, and each field decoded. */
function parse(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  // URLSearchParams would read "+" as a space; RFC 6068 fields are plain percent-encoding.
  const fields = Object.fromEntries(
    url.search
      .slice(1)
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [key, value = ''] = pair.split('=');
        return [key, decodeURIComponent(value)];
      }),
  );
  return { to: decodeURIComponent(url.pathname), subject: fields.subject as string | undefined, body: fields.body as string | undefined };
}

describe('mailtoHref', () => {
  it('encodes spaces as %20 and line breaks as CRLF', () => {
    const href = mailtoHref('sales@example.com', 'Hello there', 'one\ntwo\r\nthree\rfour');
    expect(href).toBe('mailto:sales@example.com?subject=Hello%20there&body=one%0D%0Atwo%0D%0Athree%0D%0Afour');
    expect(href).not.toContain('+');
  });

  it.each([
    ['&', '%26'],
    ['?', '%3F'],
    ['#', '%23'],
    ['%', '%25'],
    ['+', '%2B'],
    ['=', '%3D'],
    ['"', '%22'],
    ["'", '%27'],
  ])('encodes %s as %s in the subject and the body', (char, encoded) => {
    const href = mailtoHref('a@example.com', `x${char}y`, `b${char}c`);
    expect(href).toBe(`mailto:a@example.com?subject=x${encoded}y&body=b${encoded}c`);
    expect(parse(href)).toEqual({ to: 'a@example.com', subject: `x${char}y`, body: `b${char}c` });
  });

  it.each([
    ['quotes', `"Moon" & 'Sun' «Lune»`],
    ['emoji', 'Launch 🚀🔥 today 👨‍👩‍👧'],
    ['non-Latin letters', 'Листинг токена 代币上市 トークン عربى Ελληνικά'],
    ['a URL', 'https://example.com/service/a-b/x-1?ref=1&utm=2#top'],
  ])('round-trips %s', (_, text) => {
    const href = mailtoHref('a@example.com', text, `${text}\n${text}`);
    // Nothing a mail client or a URL parser could split on: one "?", one "&" between the two fields.
    expect(href).not.toMatch(/[\s"'<>#]/);
    expect(href.split('?')).toHaveLength(2);
    expect(href.split('&')).toHaveLength(2);
    const { subject, body } = parse(href);
    expect(subject).toBe(text);
    expect(body).toBe(`${text}\r\n${text}`);
  });

  it('keeps the subject on one line', () => {
    expect(parse(mailtoHref('a@example.com', 'First\r\n  second', '')).subject).toBe('First second');
  });

  it('leaves out empty fields', () => {
    expect(mailtoHref('a@example.com', '', '')).toBe('mailto:a@example.com');
    expect(mailtoHref('a@example.com', 'Hi', '')).toBe('mailto:a@example.com?subject=Hi');
  });

  it('encodes an address with special characters but keeps its @', () => {
    expect(mailtoHref('sales+quotes@example.com', 'Hi', '')).toBe('mailto:sales%2Bquotes@example.com?subject=Hi');
  });

  it('survives a lone surrogate (half an emoji) instead of throwing', () => {
    const half = '🚀'.slice(0, 1);
    expect(parse(mailtoHref('a@example.com', `x${half}`, '')).subject).toBe('x\uFFFD');
  });
});

describe('the site mail links', () => {
  it('has a short project template', () => {
    expect(PROJECT_TEMPLATE).toEqual(['Project name:', 'Chain:', 'Launch date:', 'Budget:', 'Links:']);
    expect(mailBody(['a', 'b'])).toBe('a\r\nb');
  });

  it('a general enquiry has a subject naming the brand and the project template in its body', () => {
    const { to, subject, body } = parse(enquiryHref('sales@example.com', 'Moon & Co'));
    expect(to).toBe('sales@example.com');
    expect(subject).toBe('Enquiry for Moon & Co');
    for (const line of PROJECT_TEMPLATE) expect(body).toContain(`\r\n${line}\r\n`.trimEnd());
    expect(body).toMatch(/^Hello,\r\n/);
  });

  it('a service enquiry names the service and its id and links its page', () => {
    const url = 'https://example.com/service/wallet-app-token-listing/listing-3/';
    const { subject, body } = parse(serviceEnquiryHref('sales@example.com', { name: 'Wallet-App Token Listing #1 & more', id: 'listing-3' }, url));
    expect(subject).toBe(serviceSubject('Wallet-App Token Listing #1 & more', 'listing-3'));
    expect(subject).toBe('Order: Wallet-App Token Listing #1 & more (listing-3)');
    expect(body).toContain(`\r\n${url}\r\n`);
    expect(body).toContain('Project name:');
    expect(body).toContain('Links:');
  });
});
