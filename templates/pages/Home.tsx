import type { PageProps } from '../../src/client/runtime.tsx';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Prerendered } from '../components/Prerendered.tsx';
import { Stats } from '../components/Stats.tsx';
import Catalogue from '../parts/Catalogue.server.tsx';

export default function Home({ data }: PageProps) {
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
