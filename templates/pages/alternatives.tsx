// "Your alternative to {Competitor}": prerendered for every configured competitor; any other
// /alternatives/alternative-to-{slug} path renders in the browser by the headline rule, and one whose slug is
// not lowercase words joined by hyphens is the 404 page. A competitor with a file of its own in
// catalogue/alternatives/ gets that content under the hero, rendered on the server only.
import { useEffect } from 'react';
import { GoToNotFound, Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import { competitorName, competitorSlugOf, isCompetitorSlug } from '../../src/core/routes.ts';
import type { Site } from '../../src/model/model.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Stats } from '../components/Stats.tsx';
import type { AlternativeData } from '../data.ts';
import { pageHead } from '../head.ts';
import AlternativeContent from '../parts/AlternativeContent.server.tsx';

export const paths = ['/alternatives/:competitor', '/alternatives'];
export const options = { rendersUnlisted: true, prerenderedParts: true };
export const pages = (site: Site): PageSpec<AlternativeData>[] =>
  site.alternatives.map((a) => ({ route: a.route, ...(a.content && { data: { name: a.name, content: a.content } }) }));

/** "Your alternative to ICODA": the configured display name, else the headline rule; else the hero. */
export function alternativeHeadline(site: SiteShell, param: string | undefined): string {
  const slug = competitorSlugOf(param);
  if (!slug || !isCompetitorSlug(slug)) return site.hero.title;
  const name = site.alternatives.find((a) => a.slug === slug)?.name ?? competitorName(slug);
  return `Your alternative to ${name}`;
}

export function head(page: Page, site: SiteShell) {
  const headline = alternativeHeadline(site, page.route.split('/').filter(Boolean)[1]);
  return pageHead(page, site, { title: `${headline} | ${site.brand}`, description: `${headline}: ${site.description}` });
}

export default function Alternatives({ site, params, data }: PageProps<AlternativeData>) {
  const slug = competitorSlugOf(params?.competitor);
  const listed = site.alternatives.find((a) => a.slug === slug);
  const headline = alternativeHeadline(site, params?.competitor);
  // A page that was not prerendered came as the 404 document, whose title the router keeps (prerendered parts
  // bring their page's title): give it its own. Runs after the router's layout effect.
  useEffect(() => {
    if (!listed) document.title = `${headline} | ${site.brand}`;
  }, [listed, headline, site.brand]);
  if (slug !== undefined && !isCompetitorSlug(slug)) return <GoToNotFound />;
  return (
    <Layout>
      <Hero title={headline} />
      {listed?.ownContent && (
        <Prerendered as="div" name="alternative" className="container">
          {() => <AlternativeContent site={site} data={data} />}
        </Prerendered>
      )}
      <Stats />
      <Clients />
    </Layout>
  );
}
