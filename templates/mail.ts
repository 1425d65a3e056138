// Mail links with a subject and a body (RFC 6068). Pure: used by the header, the footer, the service page's
// contact card and the quote basket, on the server and in the browser.

/** "Order: Wallet-App Token Listing (listing-3)": the name and id let the agency find the service at once. */
export const serviceSubject = (name: string, id: string) => `Order: ${name} (${id})`;

/** Where mails go, and the lines the buyer fills in (site.yaml's contact.projectFields, which has a default):
 *  what the agency needs to answer with a quote in one reply. */
export type MailContact = { email: string; projectFields: readonly string[] };

/** The project lines of a mail, e.g. "Budget:". */
export const projectLines = (contact: Pick<MailContact, 'projectFields'>): string[] => contact.projectFields.map((field) => `${field}:`);

// A lone UTF-16 surrogate (e.g. half an emoji cut off by a length limit) makes encodeURIComponent throw;
// replace it with U+FFFD rather than break the page.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes a field: UTF-8, spaces as %20 (never "+", which some clients keep as a plus), and also the
 *  ' ( ) * ! that encodeURIComponent leaves, so the link is safe in any quoting and any client. */
const encode = (text: string) =>
  encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A `mailto:` URL with a subject and a body. Line breaks in the body, whatever they were, become CRLF
 * (%0D%0A), as RFC 6068 section 5 asks; the subject is kept to one line. The address keeps its "@".
 */
export function mailtoHref(email: string, subject: string, body: string): string {
  const to = encode(email).replace(/%40/g, '@');
  const params: string[] = [];
  const oneLine = subject.replace(/\s*(\r\n|\r|\n)\s*/g, ' ').trim();
  if (oneLine) params.push(`subject=${encode(oneLine)}`);
  if (body) params.push(`body=${encode(body.replace(/\r\n|\r|\n/g, '\r\n'))}`);
  return params.length ? `mailto:${to}?${params.join('&')}` : `mailto:${to}`;
}

/** The lines of a mail's body joined with CRLF. */
export const mailBody = (lines: readonly string[]) => lines.join('\r\n');

/** The project template as one block, with a short lead-in. */
export const projectTemplate = (contact: Pick<MailContact, 'projectFields'>): string[] => ['About our project:', ...projectLines(contact)];


/** A general enquiry: the header's and the footer's Contact, the hero, the 404 page. */
export function enquiryHref(contact: MailContact, brand: string): string {
  // Short: this link is in every page's header and footer (issue 23); the project lines are what matters.
  return mailtoHref(contact.email, `Enquiry for ${brand}`, mailBody(['Hello,', '', 'We would like a quote for:', '', '', ...projectLines(contact)]));
}

/** An enquiry about one service, naming it and linking its page, with the project template. */
export function serviceEnquiryHref(contact: MailContact, service: { name: string; id: string }, pageUrl: string): string {
  return mailtoHref(
    contact.email,
    serviceSubject(service.name, service.id),
    // The subject names the service; the body links its page rather than naming it again (issue 23: bytes per page).
    mailBody(['Hello,', '', 'We would like to order this service:', pageUrl, '', ...projectLines(contact)]),
  );
}
