// A service: image, name, price, label, description; its contact card beside them; related services; the hero heading.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import type { Site } from '../../src/model/model.ts';
import { categoryNav, serviceCard, type SiteShell } from '../../src/model/shell.ts';
import { ContactCard } from '../components/ContactCard.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { caseSummary, type CaseSummary, type ServiceData } from '../data.ts';
import { absolute, breadcrumb, offers, pageHead, provider, serviceSocialCard } from '../head.ts';
import RelatedServices from '../parts/RelatedServices.server.tsx';
import ServiceContact from '../parts/ServiceContact.server.tsx';
import ServiceDetails from '../parts/ServiceDetails.server.tsx';

export const paths = ['/service/:slug/:id'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<ServiceData>[] {
  const byId = new Map(site.services.map((s) => [s.id, s]));
  const casesById = new Map<string, CaseSummary[]>();
  for (const study of site.cases) {
    const summary = caseSummary(study);
    for (const { id } of study.services) casesById.set(id, [...(casesById.get(id) ?? []), summary]);
  }
  return site.categories.flatMap((c) => {
    const category = { ...categoryNav(c), notice: c.notice };
    return c.services.map((service) => ({
      route: service.route,
      data: { service, category, related: service.related.map((id) => serviceCard(byId.get(id)!)), cases: casesById.get(service.id) ?? [] },
    }));
  });
}

export function head(page: Page<ServiceData>, site: SiteShell) {
  const { service, category } = page.data!;
  return pageHead(page, site, {
    title: `${service.name} | ${site.brand}`,
    description: service.metaDescription,
    social: serviceSocialCard(service, category.name),
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
      {/* "Results with this service" and "Often booked with": cards, rendered on the server only like the details. */}
      <Prerendered as="div" name="related" className="container related-services">
        {() => <RelatedServices data={data} />}
      </Prerendered>
      <Hero level={2} />
    </Layout>
  );
}
