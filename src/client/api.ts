// What the site's templates may use of the client runtime: links and navigation state, the site shell,
// prerendered parts, and the types of a page kind (pageKind.ts). Nothing else in
// src/client is theirs to import (.dependency-cruiser.cjs holds them to it).

// The location (pathname, search, hash, and a key that changes with every navigation), and navigation by
// code (the search page keeps its state in the address): React Router's shapes, from location.tsx. A page
// may keep state in its history entry (the search page: how many results were shown) to find on Back.
export { replaceEntryState, useLocation, useNavigate, type Location, type NavigateFunction } from './location.tsx';
export { Link, NavLink } from './links.tsx';
export { Prerendered } from './Prerendered.tsx';
export { GoToNotFound } from './RouteView.tsx';
export { useSite } from './runtime.tsx';
export { chooseColorMode, COLOR_MODE_KEY, storedColorMode, type ColorMode } from './colorMode.ts';
export { QUOTE_STORAGE_KEY } from './quoteStorage.ts';
export type { Head, Page, PageKindOptions, PageProps, PageSpec, SearchRecord } from './pageKind.ts';
export type { SocialCard } from './socialCard.ts';
