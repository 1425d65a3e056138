// "Often booked with": the services a service page closes with, as cards, so the page does not end in a dead
// end. Rendered on the server only (Prerendered.tsx, bundle.ts): the cards' data never ships to the browser.
import type { ServiceData } from '../data.ts';
import { ServiceCard } from '../components/ServiceCard.tsx';

export default function RelatedServices({ data }: { data: ServiceData | undefined }) {
  if (!data) throw new Error('Service page rendered without service data');
  if (!data.related.length) return null;
  return (
    <section aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        Often booked with
      </h2>
      <ul className="card-grid">
        {data.related.map((s) => (
          <ServiceCard key={s.id} service={s} />
        ))}
      </ul>
    </section>
  );
}
