// The agency's case studies (catalogue/cases/{slug}.md): the list at /cases/ and each at /cases/{slug}/. Both are
// made only when the catalogue has case studies. Everything on them is rendered on the server only: the page's
// chunk is the frame.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import { routes } from '../../src/core/routes.ts';
import type { Site } from '../../src/model/model.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Layout } from '../components/Layout.tsx';
import { caseSummary, type CasesData } from '../data.ts';
import { absolute, breadcrumb, pageHead, provider } from '../head.ts';
import CaseStudies from '../parts/CaseStudies.server.tsx';

export const paths = ['/cases', '/cases/:slug'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<CasesData>[] {
  if (!site.cases.length) return [];
  return [{ route: routes.cases(), data: { list: site.cases.map(caseSummary) } }, ...site.cases.map((study) => ({ route: study.route, data: { study } }))];
}

export function head(page: Page<CasesData>, site: SiteShell) {
  const data = page.data!;
  const home = { name: 'Home', route: '/' };
  const list = { name: 'Case studies', route: routes.cases() };
  if ('list' in data) {
    return pageHead(page, site, {
      title: `Case studies | ${site.brand}`,
      description: `What campaigns with ${site.brand} achieved, each figure with its source and date.`,
      jsonLd: [
        provider(site),
        { '@type': 'CollectionPage', name: 'Case studies', url: absolute(site, page.route), hasPart: data.list.map((c) => ({ '@type': 'Article', headline: c.title, url: absolute(site, c.route) })) },
        breadcrumb(site, [home, list]),
      ],
    });
  }
  const { study } = data;
  return pageHead(page, site, {
    title: `${study.title} | ${site.brand}`,
    description: study.summary,
    social: { title: study.title, detail: `${study.results[0]!.figure} ${study.results[0]!.label}` },
    jsonLd: [
      provider(site),
      {
        '@type': 'Article',
        headline: study.title,
        description: study.summary,
        url: absolute(site, page.route),
        author: provider(site),
        publisher: provider(site),
        about: study.services.map((s) => ({ '@type': 'Service', name: s.name, url: absolute(site, s.route) })),
      },
      breadcrumb(site, [home, list, { name: study.title, route: page.route }]),
    ],
  });
}

export default function Cases({ data }: PageProps<CasesData>) {
  return (
    <Layout>
      <Prerendered as="div" name="cases" className="container page cases-page">
        {() => <CaseStudies data={data} />}
      </Prerendered>
    </Layout>
  );
}
