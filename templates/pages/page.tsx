// A page of the site's own: pages/{slug}.md beside the catalogue (About, Terms, Privacy, …) at /{slug}/, with the
// site's header and footer. Its text is rendered on the server only; its title is in the site shell, which also
// says which pages there are: any other /{slug}/ address is the 404 page, on the host and in the client.
import { GoToNotFound, Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import type { Site } from '../../src/model/model.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Layout } from '../components/Layout.tsx';
import type { PageData } from '../data.ts';
import { breadcrumb, organization, pageHead } from '../head.ts';
import PageContent from '../parts/PageContent.server.tsx';

export const paths = ['/:page'];
export const options = { prerenderedParts: true };

export const pages = (site: Site): PageSpec<PageData>[] =>
  site.pages.map((p) => ({
    route: p.route,
    data: { title: p.title, description: p.description, tree: p.tree, ...(p.show === 'organisation' && site.organisation && { organisation: site.organisation }) },
  }));

export function head(page: Page, site: SiteShell) {
  const data = page.data as PageData;
  return pageHead(page, site, {
    title: `${data.title} | ${site.brand}`,
    description: data.description,
    // The page that shows the organisation describes it to search engines too.
    jsonLd: [...(data.organisation ? [organization(site)] : []), breadcrumb(site, [{ name: 'Home', route: '/' }, { name: data.title, route: page.route }])],
  });
}

export default function SitePage({ site, params, data }: PageProps<PageData>) {
  const listed = site.pages?.find((p) => p.route === `/${params?.page}/`);
  // The router sends an address without a prerendered page to 404 already; this holds even where a host
  // answers it with some page of this kind.
  if (!listed) return <GoToNotFound />;
  return (
    <Layout>
      <div className="container page">
        <h1 className="page-title">{listed.title}</h1>
        <Prerendered as="div" name="page" className="site-page">
          {() => <PageContent data={data} />}
        </Prerendered>
      </div>
    </Layout>
  );
}
