import { Link } from '../../src/client/api.ts';
import type { HomeData } from '../data.ts';
import { Picture } from './Picture.tsx';
import { ServiceCard } from './ServiceCard.tsx';

/** The text (and accessible name) of a section's link to its category page: "All 28 Press Releases services". */
export const allServicesText = (count: number, name: string) => `All ${count} ${name} ${count === 1 ? 'service' : 'services'}`;

/**
 * The section's card count rounded up to one the stylesheet knows (home.css sizes unrendered sections by it):
 * every count up to six (the default number a section shows), then coarser up to 48 (site.yaml's maximum).
 */
export const CARD_BUCKETS = [1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 48] as const;
export const cardsBucket = (cards: number) => CARD_BUCKETS.find((b) => b >= cards) ?? CARD_BUCKETS.at(-1)!;

/**
 * A category on the home page: its heading, the services the home page data gives (the category's first few),
 * and a link to the category's own page with all of them, when it has more than the section shows ("All 1
 * service" under the one card says nothing new).
 */
export function CategorySection({ category }: { category: HomeData['categories'][number] }) {
  const titleId = `${category.anchor}-title`;
  return (
    <section className="category" id={category.anchor} aria-labelledby={titleId} data-cards={cardsBucket(category.services.length)}>
      <div className="container">
        <header className="category-header">
          {/* Every section starts below the hero and the stats, out of the first screen on a phone and a desktop:
              its images wait until they are near the viewport. Eager, they were fetched and decoded before the
              first paint (and React preloaded them in the head), which delayed it and, for Lighthouse, made them
              part of the LCP. */}
          <Picture className="category-icon category-icon-large" image={category.icon} alt="" width={32} height={32} loading="lazy" />
          <div>
            <h2 id={titleId} className="section-title">
              {category.name}
            </h2>
            <p className="category-lead">{category.description}</p>
            {category.info && <p className="category-info">{category.info}</p>}
          </div>
        </header>
        <ul className="card-grid">
          {category.services.map((s) => (
            <ServiceCard key={s.id} service={s} />
          ))}
        </ul>
        {category.count > category.services.length && (
          <p className="category-more">
            <Link to={category.pageRoute} className="category-more-link">
              {allServicesText(category.count, category.name)}
              <span aria-hidden="true" className="category-more-arrow">
                →
              </span>
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
