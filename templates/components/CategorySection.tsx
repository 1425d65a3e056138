import type { HomeData } from '../../src/model/pages.ts';
import { ServiceCard } from './ServiceCard.tsx';

/** The section's card count rounded up to one the stylesheet knows (home.css sizes unrendered sections by it). */
export const CARD_BUCKETS = [2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
export const cardsBucket = (cards: number) => CARD_BUCKETS.find((b) => b >= cards) ?? CARD_BUCKETS.at(-1)!;

export function CategorySection({ category, eagerImages }: { category: HomeData['categories'][number]; eagerImages: boolean }) {
  const titleId = `${category.anchor}-title`;
  return (
    <section className="category" id={category.anchor} aria-labelledby={titleId} data-cards={cardsBucket(category.services.length)}>
      <div className="container">
        <header className="category-header">
          {/* Below the first section, icons wait until they are near the viewport (React would otherwise preload
              every one of them in the page's head). */}
          <img className="category-icon category-icon-large" src={category.icon} alt="" width={32} height={32} loading={eagerImages ? undefined : 'lazy'} />
          <div>
            <h2 id={titleId} className="section-title">
              {category.name}
            </h2>
            <p className="category-lead">{category.description}</p>
            {category.info && <p className="category-info">{category.info}</p>}
          </div>
        </header>
        <ul className="card-grid">
          {category.services.map((s, i) => (
            <ServiceCard key={s.id} service={s} eager={eagerImages && i < 4} />
          ))}
        </ul>
      </div>
    </section>
  );
}
