// The sitemap's lists, every service by category: rendered on the server only (Prerendered.tsx, bundle.ts).
import { Link } from '../components/links.tsx';
import type { PageData } from '../../src/model/pages.ts';

export default function ServicesByCategory({ data }: { data: PageData | undefined }) {
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
