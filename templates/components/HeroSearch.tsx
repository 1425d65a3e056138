import { useSite } from '../../src/client/api.ts';
import { SearchIcon } from './SearchIcon.tsx';

/**
 * The search field of the landing pages' hero: the first thing a visitor who knows what they want can use, on
 * a phone too (where the header has no room for it). A plain GET form to the search page: it works without
 * JavaScript, and adds no script to the landing pages (their JavaScript budget is nearly spent).
 */
export function HeroSearch() {
  const site = useSite();
  const services = site.categories.reduce((n, c) => n + c.count, 0);
  return (
    <form className="hero-search" role="search" aria-label="Services" action="/search/" method="get">
      <label className="visually-hidden" htmlFor="hero-search-q">
        Search services
      </label>
      <span className="search-input-wrap">
        <SearchIcon className="search-input-icon" />
        <input id="hero-search-q" className="search-input" type="search" name="q" placeholder={`Search ${services.toLocaleString('en-US')} services`} autoComplete="off" enterKeyHint="search" />
      </span>
      <button className="button button-primary search-submit" type="submit">
        Search
      </button>
    </form>
  );
}
