// For embedding and screenshots: hero, stats and clients only; no header, no footer.
import type { Page } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { StatsBand } from '../components/StatsBand.tsx';
import { landingTitle, pageHead } from '../head.ts';

export const paths = ['/thread'];
// No prerendered parts of its own kind: its figures' band, a prerendered part the home page has too, shows after
// a client-side navigation here as last seen, or as this page's HTML has it once fetched (Prerendered.tsx).
export const options = { embeddable: true };
// Not indexed: the home page's hero, figures and clients again, under another address.
export const pages = () => [{ route: '/thread/', indexed: false }];
export const head = (page: Page, site: SiteShell) => pageHead(page, site, { title: landingTitle(site), description: site.description });

export default function Thread() {
  return (
    <main id="main" className="thread">
      <Hero />
      <StatsBand />
      <Clients />
    </main>
  );
}
