// The service's own part of its contact card (templates/components/ContactCard.tsx): the mail link names the
// service and links its page, which the browser could not do without the service's data. Rendered on the
// server only (Prerendered.tsx, bundle.ts), like the details.
import type { SiteShell } from '../../src/model/shell.ts';
import type { ServiceData } from '../data.ts';
import { absolute } from '../head.ts';
import { serviceEnquiryHref } from '../mail.ts';

export default function ServiceContact({ site, data }: { site: SiteShell; data: ServiceData | undefined }) {
  if (!data) throw new Error('Service page rendered without service data');
  const { service } = data;
  return (
    <>
      <p>Every order starts with a message. Ask us about discounts, longer campaigns and custom amounts.</p>
      <p className="contact-actions">
        <a className="button button-primary" href={serviceEnquiryHref(site.contact.email, service, absolute(site, service.route))}>
          Email us about this service
        </a>
        <a className="button button-secondary" href={site.contact.messaging.href} rel="noopener noreferrer">
          {site.contact.messaging.label}
        </a>
      </p>
    </>
  );
}
