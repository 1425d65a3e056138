// The sitemap's lists, every service by category: rendered on the server only (Prerendered.tsx, bundle.ts).
import { Link } from '../../src/client/api.ts';
import type { SitemapData } from '../data.ts';

export default function ServicesByCategory({ data }: { data: SitemapData | undefined }) {
  if (!data) throw new Error('Sitemap rendered without sitemap data');
  return data.categories.map((c) => (
    <section key={c.anchor} aria-labelledby={`sitemap-${c.anchor}`}>
      <h2 id={`sitemap-${c.anchor}`} className="sitemap-heading">
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
