import type { PageProps } from '../../src/client/runtime.tsx';
import { Hero } from '../components/Hero.tsx';
import { Layout } from '../components/Layout.tsx';
import { Prerendered } from '../components/Prerendered.tsx';
import ServiceDetails from '../parts/ServiceDetails.server.tsx';

export default function Service({ site, data }: PageProps) {
  return (
    <Layout>
      <Prerendered as="article" name="service" className="container service" aria-labelledby="service-title">
        {() => <ServiceDetails site={site} data={data} />}
      </Prerendered>
      <Hero level={2} />
    </Layout>
  );
}
