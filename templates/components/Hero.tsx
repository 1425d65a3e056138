import { Link, useSite } from '../../src/client/api.ts';
import { enquiryHref } from '../mail.ts';
import { EmojiText } from './EmojiText.tsx';
import { HeroSearch } from './HeroSearch.tsx';

/**
 * The hero: h1 on landing pages, with the agency's line and the calls to action; on a service page the heading
 * alone, an h2 under the page's own h1 (PRODUCT.md): the service's contact block, just above, asks for the
 * quote, and the catalogue is one link away in the header.
 */
export function Hero({ level = 1, title }: { level?: 1 | 2; title?: string }) {
  const site = useSite();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <Heading id="hero-title" className="hero-title">
          <EmojiText text={title ?? site.hero.title} />
        </Heading>
        {level === 1 && (
          <>
            <p className="hero-subtitle">
              <EmojiText text={site.hero.subtitle} />
            </p>
            <HeroSearch />
            <div className="hero-actions">
              <a className="button button-primary" href={enquiryHref(site.contact, site.brand)}>
                Get a quote
              </a>
              <Link className="button button-secondary" to={site.categories[0]?.route ?? '/'}>
                Browse services
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
