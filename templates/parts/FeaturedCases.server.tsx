// The home page's case studies marked featured, before the clients' logos: proof next to the claims. Rendered on
// the server only (Prerendered.tsx); nothing at all when none is featured (cases.css hides the empty box).
import { Link } from '../../src/client/api.ts';
import { routes } from '../../src/core/routes.ts';
import { CaseCards } from '../components/CaseCard.tsx';
import type { HomeData } from '../data.ts';

export default function FeaturedCases({ data }: { data: HomeData | undefined }) {
  if (!data) throw new Error('Home page rendered without home data');
  if (!data.featuredCases.length) return null;
  return (
    <section aria-labelledby="featured-cases-title">
      <h2 id="featured-cases-title" className="section-title">
        Case studies
      </h2>
      <CaseCards cases={data.featuredCases} />
      <p className="case-section-more">
        <Link to={routes.cases()}>All case studies</Link>
      </p>
    </section>
  );
}
