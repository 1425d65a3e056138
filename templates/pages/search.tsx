// The search page: words, a category, a budget and a sort over the whole catalogue. The build indexes the
// services from `searchRecords` (searchIndex.ts); this page asks that index in the browser (siteSearch.ts) and
// shows each result as the same card as everywhere else. It loads nothing until used: the index is fetched
// when the address asks something or the visitor focuses the field. The state is the address
// (/search/?q=&category=&min=&max=&sort=, searchState.ts), so a search can be shared, and Back and Forward
// return to the one before. Without JavaScript the form still navigates, and the page says so and offers the
// category pages and the sitemap.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Prerendered, replaceEntryState, useLocation, useNavigate, type Location, type Page, type PageProps } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Layout } from '../components/Layout.tsx';
import { SearchIcon } from '../components/SearchIcon.tsx';
import { ServiceCard } from '../components/ServiceCard.tsx';
import { formatPrice } from '../format.ts';
import { pageHead } from '../head.ts';
import SearchBrowse from '../parts/SearchBrowse.server.tsx';
import type { Found, SiteSearch } from '../siteSearch.ts';
import {
  BUDGET_STEPS,
  EMPTY_SEARCH,
  MAX_QUERY,
  SEARCH_ROUTE,
  SORT_LABELS,
  effectiveSort,
  hasFilters,
  isActive,
  parseSearch,
  reversedBudgetNote,
  sameSearch,
  searchHref,
  serializeSearch,
  sortChoices,
  type SearchState,
  type SortKey,
} from '../searchState.ts';

export { searchRecords } from '../searchIndex.ts';

export const paths = ['/search'];
// Results come from the address's query (?q=…): with one, the client starts with the page.
export const options = { startsClient: 'with-query', prerenderedParts: true } as const;
export const pages = () => [{ route: SEARCH_ROUTE, indexed: false }];
export const head = (page: Page, site: SiteShell) => ({
  ...pageHead(page, site, { title: `Search | ${site.brand}`, description: `Find a ${site.brand} service by name, category and budget.` }),
  jsonLd: [],
});

/** How long typing pauses before the search runs and the address follows. */
const TYPING_DELAY = 250;

const plural = (n: number) => `${n} ${n === 1 ? 'service' : 'services'}`;
const quoted = (q: string) => `“${q.trim()}”`;

export default function Search({ site }: PageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const anchors = site.categories.map((c) => c.anchor);
  // The server renders the empty form; the address is read once hydrated (the first render must match).
  const [state, setState] = useState<SearchState>(EMPTY_SEARCH);
  // The search the results are for, as its address: follows `state` at once, or after a pause while typing.
  const [asked, setAsked] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLUListElement>(null);
  const stateNow = useRef(state);
  stateNow.current = state;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Whether typing has already made this history entry its own (then it replaces it while typing goes on). */
  const typing = useRef(false);
  /** The address this page navigated to itself, until the router reports it. */
  const ownNavigation = useRef<string | null>(null);
  /** Which search is current: a slower, older answer is dropped. */
  const run = useRef(0);
  /** The card to focus after "Show more": the first new one. */
  const focusCard = useRef<number | null>(null);
  /** The entry the visitor came back to (Back, a reload): its results are shown as they left them, and where
   *  they were when they left it by a link. */
  const returning = useRef<Location>(undefined);
  /** The index, read as searches need it: its module is imported on the first search or when the visitor
   *  focuses the field (a failed import is tried again). */
  const index = useRef<Promise<SiteSearch>>(undefined);
  const loadSearch = () =>
    (index.current ??= import('../siteSearch.ts').then(
      (module) => module.openSiteSearch(),
      (error: unknown) => {
        index.current = undefined;
        throw error;
      },
    ));

  // The address is the state: on arrival, Back, Forward, and links to this page.
  useEffect(() => {
    const here = location.pathname + location.search;
    const own = ownNavigation.current === here;
    ownNavigation.current = null;
    if (!own) typing.current = false;
    returning.current = own ? undefined : location;
    clearTimeout(timer.current);
    const next = parseSearch(location.search, anchors);
    // Words typed into the server's empty field before the client started (the state is still the server's) are
    // the visitor's search, not the address's: they are kept (the first keys were lost to the address's words).
    const early = stateNow.current === EMPTY_SEARCH && input.current!.value;
    if (early) next.q = early;
    if (!sameSearch(next, stateNow.current)) setState(next);
    if (early) commit(next, 'type');
    else setAsked(serializeSearch(next));
    // Following a link to the search page (the header's) is asking to search: the field is ready to type in.
    if (!own && location.key !== 'default' && !isActive(next)) input.current?.focus({ preventScroll: true });
    // The location's key changes with every navigation (the address is read above).
  }, [location.key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Ask the index whenever the search changes.
  useEffect(() => {
    const query = parseSearch(asked, anchors);
    const current = ++run.current;
    if (!isActive(query)) {
      setFound(null);
      setBusy(false);
      setFailed(false);
      return;
    }
    setBusy(true);
    setFailed(false);
    void (async () => {
      try {
        const next = await (await loadSearch()).find(query, effectiveSort(query), asked, returning.current?.state);
        if (current !== run.current) return;
        setFound(next);
      } catch (error) {
        if (current !== run.current) return;
        console.warn(error);
        setFailed(true);
        setFound(null);
      } finally {
        if (current === run.current) setBusy(false);
      }
    })();
  }, [asked, attempt]);

  // Once results are drawn, before they are painted. Back to a search: they came after the browser put the scroll
  // position back on a page still short of them, so the page goes back to where the visitor was.
  // After "Show more", focus moves to the first new result, where reading goes on.
  useLayoutEffect(() => {
    const back = returning.current;
    if (found && back) {
      returning.current = undefined;
      if (back.scroll !== undefined) scrollTo(0, back.scroll);
    }
    if (focusCard.current === null) return;
    results.current?.querySelectorAll<HTMLAnchorElement>('.card-link')[focusCard.current]?.focus();
    focusCard.current = null;
  }, [found]);

  /** Starts fetching the index and the postings a search for these words needs. */
  const warmUp = (next?: SearchState) => {
    loadSearch()
      .then((search) => search.warmUp(next, effectiveSort(next ?? EMPTY_SEARCH)))
      .catch(() => {});
  };

  /**
   * Puts a state in the address and searches for it. A change of filter or sort, or a submitted form, is a new
   * history entry; typing makes one entry (a new one, unless this one asked nothing yet) and then replaces it.
   */
  const commit = (next: SearchState, how: 'push' | 'type') => {
    clearTimeout(timer.current);
    const href = searchHref(next);
    const here = window.location.pathname + window.location.search;
    if (href !== here) {
      ownNavigation.current = href;
      void navigate(href, { replace: how === 'type' && (typing.current || !isActive(parseSearch(window.location.search))) });
    }
    typing.current = how === 'type';
    setAsked(serializeSearch(next));
  };

  const change = (patch: Partial<SearchState>) => {
    const next = { ...state, ...patch };
    setState(next);
    commit(next, 'push');
  };

  const type = (q: string) => {
    const next = { ...state, q: q.slice(0, MAX_QUERY) };
    setState(next);
    warmUp(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next, 'type'), TYPING_DELAY);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit(state, 'push');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || !state.q) return;
    event.preventDefault();
    const next = { ...state, q: '' };
    setState(next);
    commit(next, 'type');
  };

  // Both buttons go with the message they are in: focus goes to the field, not lost to the page's body.
  const thenField = (act: () => void) => () => (act(), input.current?.focus());
  const clearFilters = thenField(() => change({ category: '', min: undefined, max: undefined }));
  const retry = thenField(() => setAttempt((n) => n + 1));

  // Its button is there only with results.
  const showMore = async (shown: Found) => {
    const current = run.current;
    setLoadingMore(true);
    try {
      const more = await (await loadSearch()).more(shown);
      if (current !== run.current) return;
      focusCard.current = shown.cards.length;
      setFound(more);
      // Kept in the history entry, for Back to it and a reload (findServices reads it).
      replaceEntryState({ shown: more.cards.length });
    } catch (error) {
      console.warn(error);
    } finally {
      setLoadingMore(false);
    }
  };

  // The results stay while the next search runs (dimmed), and say what they are for.
  const shown = found;
  const query = parseSearch(shown?.asked ?? asked, anchors);
  const sort = effectiveSort(state);
  const total = site.categories.reduce((n, c) => n + c.count, 0);
  const empty = shown !== null && shown.all.length === 0;
  // Said with the count while the address holds the reversed range; a change of filter writes it in order.
  const reversed = shown && !failed ? reversedBudgetNote(location.search) : undefined;
  const outcome = failed
    ? 'Search could not load.'
    : shown
      ? shown.all.length
        ? `${plural(shown.all.length)} found${query.q.trim() ? ` for ${quoted(query.q)}` : ''}`
        : `No services match${query.q.trim() ? ` ${quoted(query.q)}` : ''}${hasFilters(query) ? ' with these filters' : ''}.`
      : busy
        ? 'Searching…'
        : '';
  const status = reversed ? `${outcome}${outcome.endsWith('.') ? '' : '.'} ${reversed}` : outcome;

  return (
    <Layout>
      <div className="container page search-page">
        <h1 className="page-title">Find a service</h1>
        <p className="lead search-lead">
          Search all {plural(total)}, or narrow them down by category and budget.
        </p>
        <form id="search-form" className="search-form" role="search" aria-label="Services" action={SEARCH_ROUTE} method="get" onSubmit={submit}>
          <div className="search-field">
            <label htmlFor="search-q" className="search-label">
              Search services
            </label>
            <div className="search-input-row">
              <span className="search-input-wrap">
                <SearchIcon className="search-input-icon" />
                <input
                  ref={input}
                  id="search-q"
                  className="search-input"
                  type="search"
                  name="q"
                  value={state.q}
                  maxLength={MAX_QUERY}
                  placeholder="e.g. billboard"
                  autoComplete="off"
                  enterKeyHint="search"
                  onChange={(e) => type(e.target.value)}
                  onFocus={() => warmUp()}
                  onKeyDown={onKeyDown}
                />
              </span>
              <button type="submit" className="button button-primary search-submit">
                Search
              </button>
            </div>
          </div>
          <div className="search-filters">
            <label className="search-control">
              <span className="search-control-label">Category</span>
              <select name="category" value={state.category} onChange={(e) => change({ category: e.target.value })}>
                <option value="">All categories</option>
                {site.categories.map((c) => (
                  <option key={c.anchor} value={c.anchor}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="search-control">
              <span className="search-control-label">Budget from</span>
              <select name="min" value={state.min ?? ''} onChange={(e) => change({ min: e.target.value ? Number(e.target.value) : undefined })}>
                <option value="">Any</option>
                {BUDGET_STEPS.filter((s) => state.max === undefined || s <= state.max).map((s) => (
                  <option key={s} value={s}>
                    {formatPrice(s)}
                  </option>
                ))}
              </select>
            </label>
            <label className="search-control">
              <span className="search-control-label">Budget up to</span>
              <select name="max" value={state.max ?? ''} onChange={(e) => change({ max: e.target.value ? Number(e.target.value) : undefined })}>
                <option value="">Any</option>
                {BUDGET_STEPS.filter((s) => state.min === undefined || s >= state.min).map((s) => (
                  <option key={s} value={s}>
                    {formatPrice(s)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </form>

        {/* data-for: the address of the search the results shown answer. */}
        <div className="search-results" aria-busy={busy} data-for={shown?.asked ?? ''}>
          {shown && shown.all.length > 0 && <h2 className="visually-hidden">Results</h2>}
          <div className="search-summary">
            <p className="search-status" role="status">
              {status}
            </p>
            {/* With the results it orders; still one of the form's fields. */}
            {shown && shown.all.length > 1 && (
              <label className="search-control search-sort">
                <span className="search-control-label">Sort by</span>
                <select
                  form="search-form"
                  name="sort"
                  value={sort}
                  onChange={(e) => change({ sort: e.target.value === 'relevance' ? undefined : (e.target.value as SortKey) })}
                >
                  {sortChoices(state).map((key) => (
                    <option key={key} value={key}>
                      {SORT_LABELS[key]}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {failed && (
            <p className="search-next">
              Check the connection and{' '}
              <button type="button" className="link-button" onClick={retry}>
                try again
              </button>
              , or browse a category below.
            </p>
          )}
          {empty && (
            <p className="search-next">
              {query.q.trim() ? 'Try a shorter or different word' : 'Try a wider budget or another category'}
              {hasFilters(query) && (
                <>
                  , or{' '}
                  <button type="button" className="link-button" onClick={clearFilters}>
                    clear the filters
                  </button>
                </>
              )}
              . Or browse a category below.
            </p>
          )}
          {shown && shown.cards.length > 0 && (
            <ul className="card-grid search-grid" ref={results}>
              {shown.cards.map((card) => (
                <ServiceCard key={card.id} service={card} />
              ))}
            </ul>
          )}
          {shown && shown.cards.length < shown.all.length && (
            <div className="search-more">
              <p className="search-more-count">
                Showing {shown.cards.length} of {plural(shown.all.length)}
              </p>
              <button type="button" className="button button-secondary" onClick={() => void showMore(shown)} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </div>

        {(!shown || empty || failed) && (
          <Prerendered as="section" name="search-browse" className="search-browse" aria-labelledby="search-browse-title">
            {() => <SearchBrowse />}
          </Prerendered>
        )}
      </div>
    </Layout>
  );
}
