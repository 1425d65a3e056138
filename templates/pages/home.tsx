// The home page: hero, stats, the catalogue with a section per category, clients.
import { Prerendered, type Page, type PageProps, type PageSpec } from '../../src/client/api.ts';
import type { Site } from '../../src/model/model.ts';
import { categoryNav, serviceCard, type SiteShell } from '../../src/model/shell.ts';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Stats } from '../components/Stats.tsx';
import type { HomeData } from '../data.ts';
import { landingTitle, pageHead } from '../head.ts';
import Catalogue from '../parts/Catalogue.server.tsx';

export const paths = ['/'];
export const options = { prerenderedParts: true };

export function pages(site: Site): PageSpec<HomeData>[] {
  return [{ route: '/', data: { categories: site.categories.map((c) => ({ ...categoryNav(c), services: c.services.map(serviceCard) })) } }];
}

export const head = (page: Page, site: SiteShell) => pageHead(page, site, { title: landingTitle(site), description: site.description });

export default function Home({ data }: PageProps<HomeData>) {
  return (
    <Layout>
      <Hero />
      <Stats />
      <Prerendered as="div" name="catalogue" className="catalogue">
        {() => <Catalogue data={data} />}
      </Prerendered>
      <Clients />
    </Layout>
  );
}
