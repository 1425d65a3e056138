import { Link } from '../../src/client/api.ts';
import type { ServiceCard as Card } from '../../src/model/shell.ts';
import { formatPrice } from '../format.ts';

/** A service in a grid: the whole card is one link, named by the service name. */
export function ServiceCard({ service, headingLevel = 3 }: { service: Card; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card">
      <img className="card-image" src={service.image} alt="" width={400} height={240} loading="lazy" decoding="async" />
      <div className="card-body">
        <Heading className="card-title">
          <Link to={service.route} className="card-link">
            {service.name}
          </Link>
        </Heading>
        <p className="card-summary">{service.summary}</p>
        <p className="card-meta">
          {service.label && <span className="badge">{service.label}</span>}
          {service.delivery && <span className="card-delivery">{service.delivery}</span>}
        </p>
        <p className="card-price">{formatPrice(service.price, service.priceFrom)}</p>
      </div>
    </li>
  );
}
