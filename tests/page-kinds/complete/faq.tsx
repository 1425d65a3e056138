// A page kind added in one file, for the test that proves nothing else has to change (tests/integration/pageKind.test.ts).
import type { Page, PageProps } from '../../../src/client/api.ts';
import type { Site } from '../../../src/model/model.ts';
import type { SiteShell } from '../../../src/model/shell.ts';
import { Layout } from '../../../templates/components/Layout.tsx';
import { pageHead } from '../../../templates/head.ts';

export const paths = ['/faq'];
export const pages = (site: Site) => [{ route: '/faq/', data: { services: site.services.length } }];
export const head = (page: Page, site: SiteShell) => pageHead(page, site, { title: `Questions and answers | ${site.brand}`, description: 'What buyers ask before they order.' });

export default function Faq({ site }: PageProps) {
  return (
    <Layout>
      <div className="container page">
        <h1 className="page-title">Questions and answers</h1>
        <p>Every order with {site.brand} starts with a message.</p>
      </div>
    </Layout>
  );
}
