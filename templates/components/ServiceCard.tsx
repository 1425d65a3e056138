import { Link } from '../../src/client/api.ts';
import type { ServiceCard as Card } from '../../src/model/shell.ts';
import { formatDelivery, formatPrice } from '../format.ts';
import { AddToQuote } from './AddToQuote.tsx';
import { Picture } from './Picture.tsx';

/**
 * A service in a grid (home, category pages, search results): name, one-line summary, price, delivery time and
 * label, with the image as a square thumbnail beside the text (home.css). The whole card is one link, named by the
 * service name.
 */
export function ServiceCard({ service, headingLevel = 3 }: { service: Card; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { price, priceFrom, label, delivery } = service;
  return (
    <li className="card">
      {/* width and height give the box its place before the image loads (home.css sets its shape). */}
      <Picture className="card-image" image={service.thumbnail} alt="" width={400} height={240} loading="lazy" />
      <div className="card-body">
        <Heading className="card-title">
          <Link to={service.route} className="card-link">
            {service.name}
          </Link>
        </Heading>
        <p className="card-summary">{service.summary}</p>
        <div className="card-footer">
          <p className="card-price">
            {/* "from $12,000" as formatPrice writes it, with the word set smaller than the amount. */}
            {priceFrom && price > 0 ? (
              <>
                <span className="card-price-from">from </span>
                {formatPrice(price)}
              </>
            ) : (
              formatPrice(price, priceFrom)
            )}
          </p>
          {(delivery || label) && (
            <p className="card-meta">
              {delivery && <span className="card-delivery">{formatDelivery(delivery)}</span>}
              {label && <span className="badge">{label}</span>}
            </p>
          )}
          <AddToQuote service={service} />
        </div>
      </div>
    </li>
  );
}
