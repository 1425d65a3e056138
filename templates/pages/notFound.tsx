// The 404 page: not indexed; a host serves it (as 404.html) for every unknown path.
import { Link, type Page } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Layout } from '../components/Layout.tsx';
import { pageHead } from '../head.ts';

export const paths = ['/404'];
export const options = { notFound: true };
export const pages = () => [{ route: '/404/', indexed: false }];
export const head = (page: Page, site: SiteShell) => ({ ...pageHead(page, site, { title: `404 Not Found | ${site.brand}`, description: "Hmm, we couldn't find this page." }), jsonLd: [] });

export default function NotFound() {
  return (
    <Layout>
      <div className="container page not-found">
        <h1 className="page-title">404 Not Found</h1>
        <p className="lead">Hmm, we couldn't find this page. It may have moved: search the services, or find it on the map of the site.</p>
        <p className="not-found-links">
          <Link to="/search/" className="button button-primary">
            Search services
          </Link>
          <Link to="/sitemap/" className="button button-secondary">
            Sitemap
          </Link>
          <Link to="/" className="button button-secondary">
            Home
          </Link>
        </p>
      </div>
    </Layout>
  );
}
