// "Your alternative to {Competitor}": one page for each competitor in site.yaml's alternatives list, with the
// name the list gives it. Any other /alternatives/alternative-to-{slug} address is the 404 page, on the host
// and in the client: the headline never comes from the address, or anyone could put words in the brand's h1.
// A competitor with a file of its own in catalogue/alternatives/ gets that content under the hero, rendered on
// the server only.
import { GoToNotFound, Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import { competitorSlugOf } from '../../src/core/routes.ts';
import type { Site } from '../../src/model/model.ts';
import type { AlternativeLink, SiteShell } from '../../src/model/shell.ts';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { StatsBand } from '../components/StatsBand.tsx';
import type { AlternativeData } from '../data.ts';
import { pageHead } from '../head.ts';
import AlternativeContent from '../parts/AlternativeContent.server.tsx';

export const paths = ['/alternatives/:competitor'];
export const options = { prerenderedParts: true };
export const pages = (site: Site): PageSpec<AlternativeData>[] =>
  site.alternatives.map((a) => ({ route: a.route, ...(a.content && { data: { name: a.name, content: a.content } }) }));

/** The listed competitor an address parameter ("alternative-to-icoda") names, or undefined: no such page. */
export function listedAlternative(site: SiteShell, param: string | undefined): AlternativeLink | undefined {
  const slug = competitorSlugOf(param);
  return slug === undefined ? undefined : site.alternatives.find((a) => a.slug === slug);
}

const headlineOf = (alternative: AlternativeLink) => `Your alternative to ${alternative.name}`;

/** "Your alternative to ICODA", with the list's display name; undefined for a competitor the list lacks. */
export function alternativeHeadline(site: SiteShell, param: string | undefined): string | undefined {
  const alternative = listedAlternative(site, param);
  return alternative && headlineOf(alternative);
}

export function head(page: Page, site: SiteShell) {
  const headline = alternativeHeadline(site, page.route.split('/').filter(Boolean)[1]);
  // pages() makes a page for listed competitors only.
  if (headline === undefined) throw new Error(`Internal error: ${page.route} is no listed competitor's alternatives page`);
  return pageHead(page, site, { title: `${headline} | ${site.brand}`, description: `${headline}: ${site.description}` });
}

export default function Alternatives({ site, params, data }: PageProps<AlternativeData>) {
  const alternative = listedAlternative(site, params?.competitor);
  // The router sends an address without a prerendered page to 404 already; this holds even where a host
  // answers it with some page of this kind.
  if (!alternative) return <GoToNotFound />;
  return (
    <Layout>
      <Hero title={headlineOf(alternative)} />
      {alternative.ownContent && (
        <Prerendered as="div" name="alternative" className="container">
          {() => <AlternativeContent site={site} data={data} />}
        </Prerendered>
      )}
      <StatsBand />
      <Clients />
    </Layout>
  );
}
