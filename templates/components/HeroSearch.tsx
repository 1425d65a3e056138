import { type FormEvent } from 'react';
import { useNavigate, useSite } from '../../src/client/api.ts';
import { SEARCH_ROUTE, searchHref } from '../searchState.ts';
import { SearchIcon } from './SearchIcon.tsx';

/**
 * The search field of the landing pages' hero: the first thing a visitor who knows what they want can use, on
 * a phone too (where the header has no room for it). A plain GET form to the search page, so it works without
 * JavaScript; with it, it navigates without reloading. It loads nothing itself.
 */
export function HeroSearch() {
  const site = useSite();
  const navigate = useNavigate();
  const services = site.categories.reduce((n, c) => n + c.count, 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(searchHref({ q, category: '' }));
  };
  return (
    <form className="hero-search" role="search" aria-label="Services" action={SEARCH_ROUTE} method="get" onSubmit={submit}>
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
