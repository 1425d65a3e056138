// For embedding and screenshots: hero, stats and clients only; no header, no footer.
import type { Page } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Stats } from '../components/Stats.tsx';
import { landingTitle, pageHead } from '../head.ts';

export const paths = ['/thread'];
export const options = { embeddable: true };
export const pages = () => [{ route: '/thread/' }];
export const head = (page: Page, site: SiteShell) => pageHead(page, site, { title: landingTitle(site), description: site.description });

export default function Thread() {
  return (
    <main id="main" className="thread">
      <Hero />
      <Stats />
      <Clients />
    </main>
  );
}
