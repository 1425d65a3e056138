// A service page's mail and chat links (templates/parts/ServiceContact.server.tsx), written as the basket writes
// its own: the message for one of the service, with the option chosen on the page. The page's HTML holds them for
// its first option; this rewrites them for the option chosen, and copies the chat's text as the basket does. In
// the basket's chunk (QuotePanel.tsx passes it on), which the header's button loads when the visitor chooses an
// option or reaches for one of the links (QuoteButton.tsx).
import { serviceContactHrefs, type ContactSite } from './message.ts';
import { parseService, serviceItem } from './services.ts';

/**
 * Points the page's contact links at the message for the option now chosen. With `copy` (the chat link's click),
 * also copies the message, and resolves to what to tell the visitor.
 */
export function serviceContact(site: ContactSite, copy: boolean): Promise<string> | undefined {
  // The service page's own button holds its service as JSON and names its option's <select> (AddToQuote.tsx).
  const button = document.querySelector('[data-quote-add^="{"]');
  const service = parseService(button?.getAttribute('data-quote-add'));
  if (!service) return undefined;
  const select = document.getElementById(button!.getAttribute('data-quote-select') ?? '');
  const hrefs = serviceContactHrefs(site, serviceItem(service, select instanceof HTMLSelectElement ? select.selectedIndex : undefined));
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-quote-contact]')) {
    const href = a.dataset.quoteContact === 'chat' ? hrefs.chat : hrefs.mail;
    // A message too long for a mail link keeps the page's own link.
    if (href) a.href = href;
  }
  if (!copy) return undefined;
  if (!navigator.clipboard) return Promise.resolve(REFUSED);
  return navigator.clipboard.writeText(hrefs.text).then(
    () => 'Message copied. Paste it into the chat if it is not there already.',
    () => REFUSED,
  );
}

const REFUSED = 'The browser refused to copy the message: write to us in the chat, or use “Email us about this service”.';
