// Links to pages of this site. They render as plain <a href> elements; one click listener for the whole
// document (ClientNavigation, mounted once by the App) turns a plain left click on any of them into a
// client-side navigation. React Router's Link did the same per link, but resolving each link's path cost about
// a third of the prerendering time (a service page has some forty links) and a closure per link on hydration,
// and it added a data-discover attribute for route discovery, which this site does not use.
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useLocation, useNavigate } from './location.tsx';

declare global {
  interface Window {
    /** Set by the font's head script once the first page has fetched Inter (fontLoader.ts): turns it on. */
    storefrontFont?: () => void;
  }
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export const Link = ({ to, ...props }: LinkProps) => <a href={to} {...props} />;

/** A link marked aria-current="page" while its page is shown: "/" only on the home page with `end`. */
export function NavLink({ to, end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const current = end ? pathname === to : pathname.startsWith(to);
  return <Link to={to} aria-current={current ? 'page' : undefined} {...props} />;
}

/** Whether a click on this link is one the site handles itself, rather than the browser. */
export function isClientNavigation(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const href = link.getAttribute('href');
  // Only root-relative paths: "#main" (skip links) scrolls by itself, mailto: and https: leave the site.
  return href !== null && href.startsWith('/') && !href.startsWith('//') && link.origin === location.origin;
}

/** Routes clicks on this site's links through the router, so following a link does not reload the page. */
export function ClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !isClientNavigation(event, link)) return;
      event.preventDefault();
      // The next page is laid out anew anyway: Inter, fetched by the first page, comes on with it.
      window.storefrontFont?.();
      const to = link.pathname + link.search + link.hash;
      // Following a link to the page already shown replaces its history entry, as React Router's Link does.
      navigate(to, { replace: to === location.pathname + location.search + location.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
