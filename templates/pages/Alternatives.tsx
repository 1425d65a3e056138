import type { PageProps } from '../../src/client/runtime.tsx';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Stats } from '../components/Stats.tsx';
import { alternativeHeadline } from '../head.ts';

export default function Alternatives({ site, params }: PageProps) {
  const competitor = params?.competitor;
  return (
    <Layout>
      <Hero title={alternativeHeadline(site, competitor)} />
      <Stats />
      <Clients />
    </Layout>
  );
}
