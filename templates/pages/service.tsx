// A service: image, name, price, label, description, a contact block, the hero heading.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import type { Site } from '../../src/model/model.ts';
import { categoryNav, type SiteShell } from '../../src/model/shell.ts';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import type { ServiceData } from '../data.ts';
import { absolute, breadcrumb, pageHead, provider } from '../head.ts';
import { priceValue } from '../format.ts';
import ServiceDetails from '../parts/ServiceDetails.server.tsx';

export const paths = ['/service/:slug/:id'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<ServiceData>[] {
  return site.categories.flatMap((c) =>
    c.services.map((s) => {
      const { slug: _slug, categoryAnchor: _anchor, ...service } = s;
      return { route: s.route, data: { service, category: { ...categoryNav(c), notice: c.notice } } };
    }),
  );
}

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
        offers: { '@type': 'Offer', price: priceValue(service.price), priceCurrency: service.currency },
      },
      breadcrumb(site, [{ name: 'Home', route: '/' }, { name: category.name, route: category.pageRoute }, { name: service.name, route: page.route }]),
    ],
  });
}

export default function Service({ site, data }: PageProps<ServiceData>) {
  return (
    <Layout>
      <Prerendered as="article" name="service" className="container service" aria-labelledby="service-title">
        {() => <ServiceDetails site={site} data={data} />}
      </Prerendered>
      <Hero level={2} />
    </Layout>
  );
}
