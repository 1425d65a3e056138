import { Link, useSite } from '../../src/client/api.ts';
import { enquiryHref } from '../mail.ts';
import type { Organisation } from '../../src/model/model.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { addressLine, companyNumberText } from '../organisation.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { ResponseTime } from './ContactCard.tsx';
import { CopyAddress } from './CopyAddress.tsx';

const SITEMAP = '/sitemap/';

/** The footer always links the sitemap (PRODUCT.md), whether or not the catalogue lists it. */
const withSitemap = (links: SiteShell['footerLinks']) => (links.some((l) => l.href === SITEMAP) ? links : [...links, { label: 'Sitemap', href: SITEMAP }]);

/** A footer link: within the site, one the client routes. */
const footerLink = (l: SiteShell['footerLinks'][number]) => <li key={l.href}>{l.href.startsWith('/') ? <Link to={l.href}>{l.label}</Link> : <a href={l.href}>{l.label}</a>}</li>;

/** What is inside the footer landmark (Layout's), rendered on the server only (parts/Footer.server.tsx). */
export function Footer() {
  const site = useSite();
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-brand">
          <FooterBrand site={site} />
          <p className="footer-tagline">{site.description}</p>
        </div>
        <section aria-labelledby="footer-contact" className="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            Contact
          </h2>
          {site.contact.responseTime && <ResponseTime text={site.contact.responseTime} />}
          <ul className="footer-links">
            <li>
              <a href={enquiryHref(site.contact, site.brand)}>Email us</a>
            </li>
            <li>
              <a href={site.contact.messaging.href} rel="noopener noreferrer">
                {site.contact.messaging.label}
              </a>
            </li>
          </ul>
          <CopyAddress email={site.contact.email} id="footer-address" />
        </section>
        <nav aria-labelledby="footer-other" className="footer-other">
          <h2 id="footer-other" className="footer-heading">
            Other
          </h2>
          <ul className="footer-links footer-links-columns">
            {site.alternatives.map((a) => (
              <li key={a.slug}>
                <Link to={a.route}>{`${a.name} alternative`}</Link>
              </li>
            ))}
            {withSitemap(site.footerLinks).map(footerLink)}
          </ul>
        </nav>
        {/* site.yaml's own columns (footer.columns). */}
        {site.footerColumns?.map((column) => (
          <nav key={column.title} aria-label={column.title} className="footer-column">
            <h2 className="footer-heading">{column.title}</h2>
            <ul className="footer-links">{column.links.map(footerLink)}</ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        <div className="footer-bottom-row">
          <p>{`© ${site.organisation?.legalName ?? site.brand}. Prices are in US dollars; many are starting prices. Ask us for a quote.`}</p>
          {/* The pages terms, refund and privacy (pages/*.md), when the site has them. */}
          {site.legalLinks && (
            <nav aria-label="Legal" className="footer-legal">
              <ul className="footer-legal-links">{site.legalLinks.map(footerLink)}</ul>
            </nav>
          )}
        </div>
        {site.organisation && <LegalLine organisation={site.organisation} />}
      </div>
    </>
  );
}

/** Who the site belongs to, as the register has it (site.yaml's organisation): what a buyer checks before paying.
 *  The legal name is in the copyright line above it. */
function LegalLine({ organisation }: { organisation: Organisation }) {
  return (
    <p className="footer-identity">
      <span>{`Company number ${companyNumberText(organisation)}`}</span>
      <span>{`Registered office: ${addressLine(organisation.address)}`}</span>
      <span>{`Founded in ${organisation.founded}`}</span>
    </p>
  );
}

/** The brand name with its logo: an emoji after the name, as in a line of text; an image before it, as in the
 *  header; a logo that spells the name alone. */
function FooterBrand({ site }: { site: SiteShell }) {
  const { logo, brand } = site;
  if (!logo) return <p className="brand-name">{brand}</p>;
  if ('emoji' in logo.light) {
    return (
      <p className="brand-name">
        {`${brand} `}
        <BrandLogo logo={logo} alt="" emojiAlt />
      </p>
    );
  }
  return (
    <p className="brand-name brand-lockup">
      <BrandLogo logo={logo} alt={logo.showsName ? brand : ''} />
      {!logo.showsName && brand}
    </p>
  );
}
