// A service's details and description: rendered on the server only (Prerendered.tsx, bundle.ts).
import { Fragment } from 'react';
import { Link } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import type { ServiceData } from '../data.ts';
import { Picture } from '../components/Picture.tsx';
import { RichText } from '../components/RichText.tsx';
import { formatDelivery, formatPrice } from '../format.ts';
import { PriceOptions } from '../components/PriceOptions.tsx';
import { ServiceQuoteControl } from '../components/AddToQuote.tsx';

export default function ServiceDetails({ site, data }: { site: SiteShell; data: ServiceData | undefined }) {
  if (!data) throw new Error('Service page rendered without service data');
  const { service, category } = data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={category.pageRoute}>{category.name}</Link>
          </li>
          <li>
            <span aria-current="page">{service.shortName}</span>
          </li>
        </ol>
      </nav>
      <div className="service-layout">
        {/* The first image in view, and the page's largest paint: fetched at once, before the others. */}
        <Picture className="service-image" image={service.image} alt="" width={400} height={240} loading="eager" fetchPriority="high" />
        <div className="service-summary">
          <h1 id="service-title" className="page-title">
            {service.name}
          </h1>
          <p className="service-facts">
            {service.label && <span className="badge">{service.label}</span>}
            {service.delivery && <span className="card-delivery">{`Delivery: ${formatDelivery(service.delivery)}`}</span>}
          </p>
          <p className="service-price" data-price={service.price}>
            {formatPrice(service.price, service.priceFrom)}
          </p>
          {service.options && <PriceOptions options={service.options} delivery={service.delivery} />}
          {service.requires.length > 0 && (
            <p className="service-requires">
              {'Requires: '}
              {service.requires.map((r, i) => (
                <Fragment key={r.id}>
                  {i > 0 && ', '}
                  <Link to={r.route}>{r.name}</Link>
                  <span className="service-requires-price">{` (${formatPrice(r.price, r.priceFrom)})`}</span>
                </Fragment>
              ))}
            </p>
          )}
          <ServiceQuoteControl service={service} options={service.options} requires={service.requires} />
          {category.notice && (
            <p className="notice" role="note">
              {category.notice}
            </p>
          )}
        </div>
      </div>
      <section className="service-description" aria-labelledby="description-title">
        <h2 id="description-title" className="section-title">
          About this service
        </h2>
        <RichText className="prose" tree={service.description} />
      </section>
    </>
  );
}
