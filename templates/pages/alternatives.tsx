// "Your alternative to {Competitor}": prerendered for every configured competitor; any other
// /alternatives/alternative-to-{slug} path renders in the browser by the headline rule, and one whose slug is
// not lowercase words joined by hyphens is the 404 page.
import { GoToNotFound, type Page, type PageProps } from '../../src/client/api.ts';
import { competitorName, competitorSlugOf, isCompetitorSlug } from '../../src/core/routes.ts';
import type { Site } from '../../src/model/model.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Stats } from '../components/Stats.tsx';
import { pageHead } from '../head.ts';

export const paths = ['/alternatives/:competitor', '/alternatives'];
export const options = { rendersUnlisted: true };
export const pages = (site: Site) => site.alternatives.map((a) => ({ route: a.route }));

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

export default function Alternatives({ site, params }: PageProps) {
  const slug = competitorSlugOf(params?.competitor);
  if (slug !== undefined && !isCompetitorSlug(slug)) return <GoToNotFound />;
  return (
    <Layout>
      <Hero title={alternativeHeadline(site, params?.competitor)} />
      <Stats />
      <Clients />
    </Layout>
  );
}
