// The search page's way in without searching: a link to each category, with its icon and count, and the sitemap;
// first, without JavaScript, why searching is not offered. Rendered on the server only (Prerendered.tsx): it
// holds no state, and the client adopts its markup rather than loading its code.
import { Link, useSite } from '../../src/client/api.ts';
import { Picture } from '../components/Picture.tsx';

const plural = (n: number) => `${n} ${n === 1 ? 'service' : 'services'}`;

export default function SearchBrowse() {
  const site = useSite();
  return (
    <>
      <noscript>
        <p className="search-note">
          Search needs JavaScript, which is off in this browser. Every service is one click away on its category page
          below, or on the <Link to="/sitemap/">sitemap</Link>.
        </p>
      </noscript>
      <h2 id="search-browse-title" className="search-browse-title">
        Browse by category
      </h2>
      <ul className="search-categories">
        {site.categories.map((c) => (
          <li key={c.anchor}>
            <Link to={c.pageRoute} className="search-category-link">
              <Picture className="category-icon" image={c.icon} alt="" width={32} height={32} loading="lazy" />
              <span className="search-category-name">{c.name}</span>
              <span className="search-category-count">{plural(c.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="search-sitemap">
        Or see every service at once on the <Link to="/sitemap/">sitemap</Link>.
      </p>
    </>
  );
}
