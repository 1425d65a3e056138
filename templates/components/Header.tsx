// Sticky header. Large screens: logo, Categories disclosure, Clients, Sitemap, then Search, the colour mode (an
// icon), Contact and the quote basket's button. Small screens: a menu toggle, the brand, Contact and the
// basket's button, always in view; the menu holds Search, its own Categories group, the colour mode and Contact.
import { Link, NavLink, useLocation, useSite } from '../../src/client/api.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { enquiryHref } from '../mail.ts';
import { CategoriesDisclosure } from './CategoriesDisclosure.tsx';
import { ColorModeSwitch } from './ColorModeSwitch.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { SearchIcon } from './SearchIcon.tsx';
import { QuoteButton } from './QuoteButton.tsx';

export function Header() {
  const site = useSite();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const contact = enquiryHref(site.contact, site.brand);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  useEffect(() => setMenuOpen(false), [location.key]);
  // Escape closes the menu and returns focus to its toggle, unless something took the key first: the menu's
  // Categories group closes itself on Escape, and a modal dialog opened from the menu (the quote) closes alone.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector(':modal')) return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header" data-scrolled={scrolled ? 'true' : 'false'}>
      <div className="container header-bar">
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="menu-icon" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        {/* Right after its toggle, so that Tab goes from the toggle into the open menu (it went through the brand,
            Contact and the quote first); the grid puts it under the bar (header.css). Its entries are rendered
            when it opens: hidden, they repeated the main navigation in every page's HTML (5.5 MB of a
            10,000-service site), and the toggle needs JavaScript anyway. */}
        <nav id={menuId} className="mobile-menu" aria-label="Main" hidden={!menuOpen}>
          {menuOpen && (
            <ul className="mobile-list">
              <li className="mobile-search">
                <NavLink to="/search/" className="nav-link">
                  Search
                  <SearchIcon className="header-search-icon" />
                </NavLink>
              </li>
              <NavItems variant="inline" />
              <li className="mobile-color-mode">
                <ColorModeSwitch variant="inline" />
              </li>
              <li className="mobile-contact">
                <a className="button button-primary button-block" href={contact}>
                  Contact
                </a>
                {site.contact.responseTime && <p className="mobile-response-time">{site.contact.responseTime}</p>}
              </li>
            </ul>
          )}
        </nav>
        {/* Without JavaScript the toggle cannot open the menu: this link to every service shows in its place
            (header.css, scripting: none). */}
        <a href="/sitemap/" className="menu-fallback">
          Services
        </a>
        {/* NavLink marks the home link aria-current="page" on the home page only (it matches "/" exactly). */}
        <NavLink to="/" end className="brand" aria-label={`${site.brand}, home`}>
          {/* The logo (site.yaml's theme) beside the name, or alone where it spells the name. */}
          {site.logo && <BrandLogo logo={site.logo} alt={site.logo.showsName ? site.brand : ''} />}
          {!site.logo?.showsName && <span className="brand-name">{site.brand}</span>}
        </NavLink>
        <nav className="main-nav" aria-label="Main">
          <ul className="nav-list">
            <NavItems variant="dropdown" />
          </ul>
        </nav>
        <div className="header-actions">
          {/* The search page: from md, an icon (its name shown from lg); on phones, where the bar has no room
              for a third control beside the brand, the first entry of the menu. */}
          <NavLink to="/search/" className="header-search">
            <SearchIcon className="header-search-icon" />
            <span className="header-search-label">Search</span>
          </NavLink>
          <ColorModeSwitch variant="icon" />
          <a className="button button-primary header-contact" href={contact}>
            Contact
          </a>
          {/* The quote basket's button goes after Contact: header.css leaves room for a 44 px square here
              down to 320 px. */}
          <QuoteButton />
        </div>
      </div>
    </header>
  );
}

/** The entries both navigations share; the Categories disclosure drops down on large screens, opens inline in the menu. */
function NavItems({ variant }: { variant: 'dropdown' | 'inline' }) {
  const site = useSite();
  return (
    <>
      <li>
        <CategoriesDisclosure categories={site.categories} variant={variant} />
      </li>
      <li>
        <Link to="/#clients" className="nav-link">
          Clients
        </Link>
      </li>
      <li>
        <NavLink to="/sitemap/" className="nav-link">
          Sitemap
        </NavLink>
      </li>
      {/* The site's own pages whose front matter says link: header (pages/{slug}.md; those that say footer are
          among the footer's links). */}
      {site.pages?.map(
        (p) =>
          p.link === 'header' && (
            <li key={p.route}>
              <NavLink to={p.route} className="nav-link">
                {p.title}
              </NavLink>
            </li>
          ),
      )}
    </>
  );
}
