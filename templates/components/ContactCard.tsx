// A service page's contact card: the response-time promise, the service's mail and chat links (a prerendered
// part: they need the service's data), and the address as text with a copy button. Beside the details and
// sticky from lg (service.css), after them on phones.
import type { ReactNode } from 'react';
import { useSite } from '../../src/client/api.ts';
import { CopyAddress } from './CopyAddress.tsx';

export function ContactCard({ children }: { children: ReactNode }) {
  const site = useSite();
  return (
    <section className="contact-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="contact-title">
        Order or ask for a quote
      </h2>
      {site.contact.responseTime && <ResponseTime text={site.contact.responseTime} />}
      {children}
      <div className="contact-address">
        <p className="contact-address-lead">Or write to us at</p>
        <CopyAddress email={site.contact.email} id="contact-address" />
      </div>
    </section>
  );
}

/** site.yaml's contact.responseTime, with a clock: shown beside the contact buttons and in the footer. */
export function ResponseTime({ text }: { text: string }) {
  return (
    <p className="response-time">
      {/* The clock: drawn by the stylesheet (base.css), not written into every page twice. */}
      <span className="icon icon-clock" />
      {text}
    </p>
  );
}
