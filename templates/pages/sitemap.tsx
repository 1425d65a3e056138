// Every service, by category.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import type { Site } from '../../src/model/model.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Layout } from '../components/Layout.tsx';
import type { SitemapData } from '../data.ts';
import { breadcrumb, pageHead } from '../head.ts';
import ServicesByCategory from '../parts/ServicesByCategory.server.tsx';

export const paths = ['/sitemap'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<SitemapData>[] {
  const categories = site.categories.map((c) => ({ name: c.name, anchor: c.anchor, route: c.pageRoute, services: c.services.map((s) => ({ name: s.name, route: s.route })) }));
  return [{ route: '/sitemap/', data: { categories } }];
}

export const head = (page: Page, site: SiteShell) =>
  pageHead(page, site, {
    title: `Sitemap | ${site.brand}`,
    description: `Every service ${site.brand} offers, by category.`,
    jsonLd: [breadcrumb(site, [{ name: 'Home', route: '/' }, { name: 'Sitemap', route: page.route }])],
  });

export default function Sitemap({ data }: PageProps<SitemapData>) {
  return (
    <Layout>
      <div className="container page">
        <h1 className="page-title">Sitemap</h1>
        <Prerendered as="div" name="sitemap" className="sitemap-grid">
          {() => <ServicesByCategory data={data} />}
        </Prerendered>
      </div>
    </Layout>
  );
}
