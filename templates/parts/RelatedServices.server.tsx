// What a service page closes with: "Results with this service", the case studies that used it, and "Often booked
// with", the services that go with it, as cards, so the page does not end in a dead end. Rendered on the server
// only (Prerendered.tsx, bundle.ts): the cards' data never ships to the browser.
import type { ServiceData } from '../data.ts';
import { CaseCards } from '../components/CaseCard.tsx';
import { ServiceCard } from '../components/ServiceCard.tsx';

export default function RelatedServices({ data }: { data: ServiceData | undefined }) {
  if (!data) throw new Error('Service page rendered without service data');
  return (
    <>
      {data.cases.length > 0 && (
        <section aria-labelledby="service-cases-title" className="case-section">
          <h2 id="service-cases-title" className="section-title">
            Results with this service
          </h2>
          <CaseCards cases={data.cases} />
        </section>
      )}
      {data.related.length > 0 && <Related data={data} />}
    </>
  );
}

function Related({ data }: { data: ServiceData }) {
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
