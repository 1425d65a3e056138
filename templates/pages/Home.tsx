import type { PageProps } from '../../src/client/runtime.tsx';
import { CategorySection } from '../components/CategorySection.tsx';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Stats } from '../components/Stats.tsx';

export default function Home({ data }: PageProps) {
  if (data?.kind !== 'home') throw new Error('Home page rendered without home data');
  return (
    <Layout>
      <Hero />
      <Stats />
      <div className="catalogue">
        {data.categories.map((category, i) => (
          <CategorySection key={category.anchor} category={category} eagerImages={i === 0} />
        ))}
      </div>
      <Clients />
    </Layout>
  );
}
