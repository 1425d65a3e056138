import { Link } from '../components/links.tsx';
import type { PageProps } from '../../src/client/runtime.tsx';
import { Layout } from '../components/Layout.tsx';

export default function Sitemap({ data }: PageProps) {
  if (data?.kind !== 'sitemap') throw new Error('Sitemap rendered without sitemap data');
  return (
    <Layout>
      <div className="container page">
        <h1 className="page-title">Sitemap</h1>
        <div className="sitemap-grid">
          {data.categories.map((c) => (
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
          ))}
        </div>
      </div>
    </Layout>
  );
}
