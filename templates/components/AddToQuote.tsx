// "Add to quote" buttons: plain markup, so they work inside prerendered parts (cards, a service's details),
// which the browser adopts without hydrating. Each carries what the basket needs in data-quote-add (on a
// service page as JSON, one item or a list); one document listener (QuoteButton.tsx) handles every click. On a service page with options, the button names
// the <select> whose choice it adds (data-quote-select).
import type { PriceOption, ServiceRef } from '../../src/model/model.ts';
import type { ServiceCard } from '../../src/model/shell.ts';
import { formatPrice } from '../format.ts';
import type { QuoteService } from '../quote/services.ts';

type Priced = Pick<ServiceCard, 'id' | 'name' | 'route' | 'price' | 'priceFrom'>;

/**
 * A service as its page's button holds it: what the button adds, and where the basket reads the service's name
 * and prices when it is opened (templates/quote/services.ts).
 */
export function quoteAdd(service: Priced, options?: readonly PriceOption[]): QuoteService {
  return {
    id: service.id,
    name: service.name,
    route: service.route,
    price: service.price,
    ...(service.priceFrom && { from: true }),
    ...(options && { options: options.map((o) => ({ label: o.label, price: o.price, ...(o.priceFrom && { from: true }) })) }),
  };
}

/**
 * The card's button. It repeats no more of the service than the card lacks: name and page come from the card's
 * title link (QuoteButton.tsx `addsOf`), the id is here, and the basket reads the price from the service's page.
 * At 10,000 services a card is on its category page, maybe the home page and three "Often booked with" lists:
 * the full JSON was 450 bytes a card, this is about 150.
 */
export function AddToQuote({ service }: { service: Priced }) {
  return (
    <button type="button" className="quote-add" data-quote-add={service.id} aria-label={`Add to quote: ${service.name}`}>
      Add to quote
    </button>
  );
}

// The start script (src/client/clientLoader.ts) names it too: a mail link clicked before the client started is held
// when this select is not on its first option.
const SELECT_ID = 'quote-option';

/**
 * The service page's control: the option to quote (when the service has options), "Add to quote", and, when the
 * service requires others, one button that adds them all with it.
 */
export function ServiceQuoteControl({ service, options, requires }: { service: Priced; options?: readonly PriceOption[]; requires: readonly ServiceRef[] }) {
  const item = quoteAdd(service, options);
  const select = options ? { 'data-quote-select': SELECT_ID } : {};
  const both = requires.length === 1 ? 'Add both to quote' : `Add all ${requires.length + 1} to quote`;
  return (
    <div className="quote-control">
      {options && (
        <p className="quote-option-field">
          <label htmlFor={SELECT_ID}>Option to quote</label>
          <select id={SELECT_ID}>
            {options.map((o, i) => (
              <option key={o.label} value={i}>{`${o.label}: ${formatPrice(o.price, o.priceFrom)}`}</option>
            ))}
          </select>
        </p>
      )}
      <p className="quote-control-actions">
        <button type="button" className="button button-primary" data-quote-add={JSON.stringify(item)} {...select}>
          Add to quote
        </button>
        {requires.length > 0 && (
          <button
            type="button"
            className="button button-secondary"
            data-quote-add={JSON.stringify([item, ...requires.map((r) => quoteAdd(r))])}
            aria-label={`${both}: ${[service, ...requires].map((s) => s.name).join(' and ')}`}
            {...select}
          >
            {both}
          </button>
        )}
      </p>
    </div>
  );
}
