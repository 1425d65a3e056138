// The service's own part of its contact card (templates/components/ContactCard.tsx): mail and chat links with
// the basket's message for one of the service and its first option, the one its page's choice starts on. The
// client rewrites them when another option is chosen, and the chat link copies the message (quote/contact.ts).
// Rendered on the server only (Prerendered.tsx, bundle.ts), like the details.
import type { SiteShell } from '../../src/model/shell.ts';
import { quoteAdd } from '../components/AddToQuote.tsx';
import type { ServiceData } from '../data.ts';
import { absolute } from '../head.ts';
import { serviceEnquiryHref } from '../mail.ts';
import { serviceContactHrefs } from '../quote/message.ts';
import { serviceItem } from '../quote/services.ts';

export default function ServiceContact({ site, data }: { site: SiteShell; data: ServiceData | undefined }) {
  if (!data) throw new Error('Service page rendered without service data');
  const { service } = data;
  const hrefs = serviceContactHrefs(site, serviceItem(quoteAdd(service, service.options), 0));
  return (
    <>
      <p>Every order starts with a message. Ask us about discounts, longer campaigns and custom amounts.</p>
      <p className="contact-actions">
        <a className="button button-primary" data-quote-contact="mail" href={hrefs.mail ?? serviceEnquiryHref(site.contact, service, absolute(site, service.route))}>
          Email us about this service
        </a>
        <a className="button button-secondary" data-quote-contact="chat" href={hrefs.chat} target="_blank" rel="noopener noreferrer">
          {site.contact.messaging.label}
        </a>
      </p>
    </>
  );
}
