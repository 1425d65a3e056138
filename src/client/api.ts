// What the site's templates may use of the client runtime: links and navigation state, the site shell,
// prerendered parts, and the types of a page kind (pageKind.ts). Nothing else in
// src/client is theirs to import (.dependency-cruiser.cjs holds them to it).

// The router's location (pathname, hash, and a key that changes with every navigation), and navigation by
// code (the search page keeps its state in the address).
export { useLocation, useNavigate } from 'react-router';
export { Link, NavLink } from './links.tsx';
export { Prerendered } from './Prerendered.tsx';
export { GoToNotFound } from './RouteView.tsx';
export { useSite } from './runtime.tsx';
export { COLOR_MODE_KEY, type ColorMode } from './colorMode.ts';
export type { Head, Page, PageKindOptions, PageProps, PageSpec, SearchRecord } from './pageKind.ts';
