// The home page: hero, the sticky category chips (right under the hero's calls to action, so a phone shows the
// categories on its first screen), stats, the catalogue with a section per category (its first services and a
// link to the category's own page), clients.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import type { Site } from '../../src/model/model.ts';
import { categoryNav, serviceCard, type SiteShell } from '../../src/model/shell.ts';
import { CategoryChips } from '../components/CategoryChips.tsx';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { StatsBand } from '../components/StatsBand.tsx';
import { caseSummary, type HomeData } from '../data.ts';
import { absolute, landingTitle, pageHead } from '../head.ts';
import Catalogue from '../parts/Catalogue.server.tsx';
import FeaturedCases from '../parts/FeaturedCases.server.tsx';

export const paths = ['/'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<HomeData>[] {
  // Each section shows the category's first services only (site.yaml's homeServicesPerCategory) and links to the
  // category's page for the rest: with every service, the page was 5.8 MB of HTML (200 KB brotli) at 10,000.
  const first = site.homeServicesPerCategory;
  const categories = site.categories.map((c) => ({ ...categoryNav(c), services: c.services.slice(0, first).map(serviceCard) }));
  return [{ route: '/', data: { categories, featuredCases: site.cases.filter((c) => c.featured).map(caseSummary) } }];
}

export const head = (page: Page, site: SiteShell) => pageHead(page, site, { title: landingTitle(site), description: site.description, social: { title: site.hero.title, detail: site.hero.subtitle }, ...(site.socialImage && { image: absolute(site, site.socialImage) }) });

export default function Home({ data }: PageProps<HomeData>) {
  return (
    <Layout>
      <Hero />
      <CategoryChips mode="sections" />
      <StatsBand />
      <Prerendered as="div" name="catalogue" className="catalogue">
        {() => <Catalogue data={data} />}
      </Prerendered>
      <Prerendered as="div" name="featured-cases" className="container case-section">
        {() => <FeaturedCases data={data} />}
      </Prerendered>
      <Clients />
    </Layout>
  );
}
