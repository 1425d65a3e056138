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
        <CopyAddress email={site.contact.email} />
      </div>
    </section>
  );
}

/** site.yaml's contact.responseTime, with a clock: shown beside the contact buttons and in the footer. */
export function ResponseTime({ text }: { text: string }) {
  return (
    <p className="response-time">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      {text}
    </p>
  );
}
