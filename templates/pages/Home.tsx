import { Suspense } from 'react';
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
        {/* A Suspense boundary per section lets React hydrate the sections in separate tasks, yielding to the
            browser in between, instead of one long task for the whole catalogue (Total Blocking Time). Nothing
            suspends in them: the fallback never shows. */}
        {data.categories.map((category) => (
          <Suspense key={category.anchor}>
            <CategorySection category={category} />
          </Suspense>
        ))}
      </div>
      <Clients />
    </Layout>
  );
}
