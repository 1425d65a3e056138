import { Link } from '../components/links.tsx';
import type { PageProps } from '../../src/client/runtime.tsx';
import type { PageData } from '../../src/model/pages.ts';
import { Layout } from '../components/Layout.tsx';
import { Prerendered } from '../components/Prerendered.tsx';

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

function ServicesByCategory({ data }: { data: PageData | undefined }) {
  if (data?.kind !== 'sitemap') throw new Error('Sitemap rendered without sitemap data');
  return data.categories.map((c) => (
    <section key={c.route} aria-labelledby={`sitemap-${c.route.slice(2)}`}>
      <h2 id={`sitemap-${c.route.slice(2)}`} className="sitemap-heading">
        <Link to={c.route}>{c.name}</Link>
      </h2>
      <ul className="sitemap-list">
        {c.services.map((s) => (
          <li key={s.route}>
            <Link to={s.route}>{s.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  ));
}
