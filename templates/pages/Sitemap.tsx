import type { PageProps } from '../../src/client/runtime.tsx';
import { Layout } from '../components/Layout.tsx';
import { Prerendered } from '../components/Prerendered.tsx';
import ServicesByCategory from '../parts/ServicesByCategory.server.tsx';

export default function Sitemap({ data }: PageProps) {
  return (
    <Layout>
      <div className="container page">
        <h1 className="page-title">Sitemap</h1>
        <Prerendered as="div" name="sitemap" className="sitemap-grid">
          {() => <ServicesByCategory data={data} />}
        </Prerendered>
      </div>
    </Layout>
  );
}
