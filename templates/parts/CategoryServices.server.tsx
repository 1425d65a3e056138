// A category page's notice and its services as cards: rendered on the server only (Prerendered.tsx, bundle.ts).
import type { CategoryData } from '../data.ts';
import { ServiceCard } from '../components/ServiceCard.tsx';

export default function CategoryServices({ data }: { data: CategoryData | undefined }) {
  if (!data) throw new Error('Category page rendered without category data');
  return (
    <>
      {data.category.notice && (
        <p className="notice" role="note">
          {data.category.notice}
        </p>
      )}
      {/* The cards sit directly under the page's h1, so their titles are h2. */}
      <ul className="card-grid">
        {data.services.map((s) => (
          <ServiceCard key={s.id} service={s} headingLevel={2} />
        ))}
      </ul>
    </>
  );
}
