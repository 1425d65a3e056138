import { describe, expect, it } from 'vitest';
import { enquiryHref, mailBody, mailtoHref, projectLines, serviceEnquiryHref, serviceSubject } from '../../templates/mail.ts';

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


/** What site.yaml's contact.projectFields is when it says nothing (src/catalogue/schema.ts). */
const DEFAULTS = ['Project name', 'Launch date', 'Budget', 'Links'];

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
  it("has a short project template, the site's own (site.yaml's contact.projectFields)", () => {
    expect(projectLines({ projectFields: DEFAULTS })).toEqual(['Project name:', 'Launch date:', 'Budget:', 'Links:']);
    expect(projectLines({ projectFields: ['Project name', 'Chain', 'Budget'] })).toEqual(['Project name:', 'Chain:', 'Budget:']);
    expect(mailBody(['a', 'b'])).toBe('a\r\nb');
  });

  it("uses the site's own project lines in every mail", () => {
    const contact = { email: 'sales@example.com', projectFields: ['Company', 'Chain'] };
    for (const href of [enquiryHref(contact, 'Moon'), serviceEnquiryHref(contact, { name: 'A', id: 'a-1' }, 'https://example.com/')]) {
      const { body } = parse(href);
      expect(body).toMatch(/\r\nCompany:\r\nChain:$/);
      expect(body).not.toContain('Budget:');
    }
  });

  it('a general enquiry has a subject naming the brand and the project template in its body', () => {
    const { to, subject, body } = parse(enquiryHref({ email: 'sales@example.com', projectFields: DEFAULTS }, 'Moon & Co'));
    expect(to).toBe('sales@example.com');
    expect(subject).toBe('Enquiry for Moon & Co');
    for (const line of projectLines({ projectFields: DEFAULTS })) expect(body).toContain(`\r\n${line}\r\n`.trimEnd());
    expect(body).not.toContain('Chain:');
    expect(body).toMatch(/^Hello,\r\n/);
  });

  it('a service enquiry names the service and its id and links its page', () => {
    const url = 'https://example.com/service/wallet-app-token-listing/listing-3/';
    const { subject, body } = parse(serviceEnquiryHref({ email: 'sales@example.com', projectFields: DEFAULTS }, { name: 'Wallet-App Token Listing #1 & more', id: 'listing-3' }, url));
    expect(subject).toBe(serviceSubject('Wallet-App Token Listing #1 & more', 'listing-3'));
    expect(subject).toBe('Order: Wallet-App Token Listing #1 & more (listing-3)');
    expect(body).toContain(`\r\n${url}\r\n`);
    expect(body).toContain('Project name:');
    expect(body).toContain('Links:');
  });
});
