import type { PageProps } from '../../src/client/runtime.tsx';
import type { PageData } from '../../src/model/pages.ts';
import { CategorySection } from '../components/CategorySection.tsx';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Prerendered } from '../components/Prerendered.tsx';
import { Stats } from '../components/Stats.tsx';

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

function Catalogue({ data }: { data: PageData | undefined }) {
  if (data?.kind !== 'home') throw new Error('Home page rendered without home data');
  return data.categories.map((category) => <CategorySection key={category.anchor} category={category} />);
}
