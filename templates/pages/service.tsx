// A service: image, name, price, label, description; its contact card beside them; related services; the hero heading.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import { perObject } from '../../src/core/perObject.ts';
import { sameItems } from '../../src/core/sameItems.ts';
import type { Category, Service, Site } from '../../src/model/model.ts';
import { categoryNav, serviceCard, type SiteShell } from '../../src/model/shell.ts';
import { ContactCard } from '../components/ContactCard.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import type { ServiceData } from '../data.ts';
import { absolute, breadcrumb, offers, pageHead, provider } from '../head.ts';
import RelatedServices from '../parts/RelatedServices.server.tsx';
import ServiceContact from '../parts/ServiceContact.server.tsx';
import ServiceDetails from '../parts/ServiceDetails.server.tsx';

export const paths = ['/service/:slug/:id'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<ServiceData>[] {
  const byId = new Map(site.services.map((s) => [s.id, s]));
  return site.categories.flatMap((c) =>
    c.services.map((s) => ({ route: s.route, data: serviceData(s, c, s.related.map((id) => serviceCard(byId.get(id)!))) })),
  );
}

/**
 * A service page's data (frozen), the same object while the service, its category and the services it shows
 * are: a dev rebuild keeps every unchanged one of them (src/model/model.ts), and its render then knows the page
 * unchanged at a glance (src/build/render.ts) rather than by walking its data, 10,000 times.
 */
function serviceData(s: Service, c: Category, related: ServiceData['related']): ServiceData {
  const category = pageCategory(c);
  const last = dataByService.get(s);
  if (last && last.category === category && sameItems(last.related, related)) return last;
  const data: ServiceData = Object.freeze({ service: pageService(s), category, related: Object.freeze(related) as ServiceData['related'] });
  dataByService.set(s, data);
  return data;
}

const dataByService = /* @__PURE__ */ new WeakMap<Service, ServiceData>();

/** The category as its services' pages show it, made once per category. */
const pageCategory = /* @__PURE__ */ perObject((c: Category): ServiceData['category'] => Object.freeze({ ...categoryNav(c), notice: c.notice }));

/** The service as its page's data holds it (without what only the route needs), made once per service. */
const pageService = /* @__PURE__ */ perObject((s: Service): ServiceData['service'] => {
  const { slug: _slug, categoryAnchor: _anchor, ...service } = s;
  return Object.freeze(service);
});

export function head(page: Page<ServiceData>, site: SiteShell) {
  const { service, category } = page.data!;
  return pageHead(page, site, {
    title: `${service.name} | ${site.brand}`,
    description: service.metaDescription,
    // A raster image's variant in its own format: the format every link preview reads.
    image: absolute(site, service.image.src),
    jsonLd: [
      {
        '@type': 'Service',
        name: service.name,
        category: category.name,
        provider: provider(site),
        url: absolute(site, page.route),
        // The Offer without the Service's URL: no field twice.
        offers: offers(service),
      },
      breadcrumb(site, [{ name: 'Home', route: '/' }, { name: category.name, route: category.pageRoute }, { name: service.name, route: page.route }]),
    ],
  });
}

export default function Service({ site, data }: PageProps<ServiceData>) {
  return (
    <Layout>
      {/* From lg, two columns: the details, and the contact card kept in view beside them (service.css). */}
      <div className="container service">
        <Prerendered as="article" name="service" className="service-main" aria-labelledby="service-title">
          {() => <ServiceDetails site={site} data={data} />}
        </Prerendered>
        <ContactCard>
          <Prerendered as="div" name="contact" className="contact-card-service">
            {() => <ServiceContact site={site} data={data} />}
          </Prerendered>
        </ContactCard>
      </div>
      {/* "Often booked with": cards, rendered on the server only like the details. */}
      <Prerendered as="div" name="related" className="container related-services">
        {() => <RelatedServices data={data} />}
      </Prerendered>
      <Hero level={2} />
    </Layout>
  );
}
