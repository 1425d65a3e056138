// A service's details and description: rendered on the server only (Prerendered.tsx, bundle.ts).
import { Link } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import type { ServiceData } from '../data.ts';
import { Picture } from '../components/Picture.tsx';
import { RichText } from '../components/RichText.tsx';
import { formatPrice, mailto, serviceSubject } from '../format.ts';

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
            {service.delivery && <span className="card-delivery">{`Delivery: ${service.delivery}`}</span>}
          </p>
          <p className="service-price" data-price={service.price}>
            {formatPrice(service.price, service.priceFrom)}
          </p>
          {category.notice && (
            <p className="notice" role="note">
              {category.notice}
            </p>
          )}
          <section className="contact-block" aria-labelledby="contact-title">
            <h2 id="contact-title" className="contact-title">
              Order or ask for a quote
            </h2>
            <p>Every order starts with a message. Ask us about discounts, longer campaigns and custom amounts.</p>
            <div className="contact-actions">
              <a className="button button-primary" href={mailto(site.contact.email, serviceSubject(service.name, service.id))}>
                Email us about this service
              </a>
              <a className="button button-secondary" href={site.contact.messaging.href} rel="noopener noreferrer">
                {site.contact.messaging.label}
              </a>
            </div>
          </section>
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
