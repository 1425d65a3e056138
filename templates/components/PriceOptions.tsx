// A service's price options as a table: one row per option (its label the row's header), its price as the card
// and the structured data give it (head.ts `offers`), and a delivery column when any option has a time.
import type { PriceOption } from '../../src/model/model.ts';
import { formatDelivery, formatPrice } from '../format.ts';

export function PriceOptions({ options, delivery }: { options: readonly PriceOption[]; delivery?: string }) {
  const withDelivery = options.some((o) => o.delivery);
  return (
    <table className="price-options">
      <caption>Price options</caption>
      <thead>
        <tr>
          <th scope="col">Option</th>
          <th scope="col">Price</th>
          {withDelivery && <th scope="col">Delivery</th>}
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={o.label}>
            <th scope="row">{o.label}</th>
            <td data-price={o.price}>{formatPrice(o.price, o.priceFrom)}</td>
            {/* An option without a time of its own has the service's. */}
            {withDelivery && <td>{formatDelivery(o.delivery ?? delivery ?? '')}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
