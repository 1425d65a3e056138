// The address a page shows, and navigation by code: what the site used of React Router's BrowserRouter and
// StaticRouter, in a few hundred bytes instead of 14 KB brotli (docs/decisions.md). In the browser a store
// over the History API, read with useSyncExternalStore: a navigation is a synchronous update, so a route that
// suspends shows the spinner at once, as BrowserRouter did with useTransitions={false}. On the server, the
// page's route. The shapes are React Router's, so templates read `key`, `search` and `hash` as before.
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The state given to navigate(), or null. */
  state: unknown;
  /** Changes with every navigation; "default" for the entry the browser loaded. */
  key: string;
  /** How far down the page was when the visitor left this entry by a link, on the first return to it (Back,
   *  Forward); absent otherwise. For a page whose content arrives later than the browser restores the position
   *  (the search page's results). */
  scroll?: number;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to a path (absolute, or relative to the current address: "?q=x", "#part"), or `delta` entries back/forward. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface Router {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Internal error: useLocation or useNavigate outside a location provider');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** Replaces the current address with `to` once rendered (in the browser: the server has nowhere to go). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

// The browser's store: one per page load (BrowserLocation makes it). History entries carry React Router's
// state shape ({ usr, key }), so entries made by either read the same, and where the page was when left.
type HistoryState = { usr?: unknown; key?: string; scroll?: number } | null;

/** Replaces the state of the entry shown (what the page should find again on Back or a reload), without navigating.
 *  Throws past Safari's limit of history calls (100 in 30 seconds), as navigating does. */
export const replaceEntryState = (usr: unknown) => history.replaceState({ ...(history.state as HistoryState), usr }, '');

/** Notes where the page is in the entry the visitor leaves by a link. (Not on a reload or to another site: the
 *  browser drops history changes made while the page unloads.) */
const leaveEntry = () => history.replaceState({ ...(history.state as HistoryState), scroll: scrollY }, '');
/** Once read: leaving by Back or Forward notes nothing, so a later return would find an earlier visit's place. */
const forgetScroll = () => (history.state as HistoryState)?.scroll !== undefined && history.replaceState({ ...(history.state as HistoryState), scroll: undefined }, '');

function createLocationStore() {
  let snapshot: Location | undefined;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  // Back or Forward: the entry's snapshot is taken, with its scroll position, before the entry forgets it.
  const popped = () => {
    current();
    changed();
    forgetScroll();
  };

  function current(): Location {
    const { pathname, search, hash } = window.location;
    const state = history.state as HistoryState;
    const key = state?.key ?? 'default';
    // The same object while nothing changed: useSyncExternalStore compares snapshots by identity.
    if (snapshot?.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash || snapshot.key !== key) {
      snapshot = { pathname, search, hash, state: state?.usr ?? null, key, scroll: state?.scroll };
    }
    return snapshot;
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    if (listeners.size === 1) addEventListener('popstate', popped);
    return () => {
      listeners.delete(listener);
      if (!listeners.size) removeEventListener('popstate', popped);
    };
  }

  const navigate: NavigateFunction = (to, { replace = false, state = null } = {}) => {
    if (typeof to === 'number') return history.go(to);
    const url = new URL(to, window.location.href);
    const entry = { usr: state, key: Math.random().toString(36).slice(2, 10) };
    try {
      if (!replace) leaveEntry();
      history[replace ? 'replaceState' : 'pushState'](entry, '', url.pathname + url.search + url.hash);
    } catch {
      // Safari allows 100 pushState calls in 30 seconds; past that, a full navigation still gets there.
      return window.location[replace ? 'replace' : 'assign'](url.href);
    }
    changed();
  };

  return { current, subscribe, navigate };
}

/** The browser's address, for the app (mount.tsx). */
export function BrowserLocation({ children }: { children: ReactNode }) {
  const [store] = useState(createLocationStore);
  const location = useSyncExternalStore(store.subscribe, store.current, store.current);
  // The entry the page loaded in (a reload keeps its state) has been read by now.
  useEffect(() => void forgetScroll(), []);
  const router = useMemo(() => ({ location, navigate: store.navigate }), [location, store]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

const serverNavigate: NavigateFunction = () => {
  throw new Error('Internal error: navigate() called while prerendering');
};

/** A fixed address: the page being prerendered. */
export function StaticLocation({ route, children }: { route: string; children: ReactNode }) {
  const location: Location = { pathname: route, search: '', hash: '', state: null, key: 'default' };
  return <RouterContext value={{ location, navigate: serverNavigate }}>{children}</RouterContext>;
}
