// The frame of every page but /thread: skip links, header, main landmark, footer. The skip links and the footer
// hold no state: prerendered parts, whose markup the browser adopts (Prerendered.tsx).
import type { ReactNode } from 'react';
import { Prerendered } from '../../src/client/api.ts';
import FooterContent from '../parts/Footer.server.tsx';
import SkipLinks from '../parts/SkipLinks.server.tsx';
import { useCopyButtons } from '../copyButtons.ts';
import { Header } from './Header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  useCopyButtons();
  return (
    <>
      <Prerendered as="nav" name="skip-links" className="skip-links" aria-labelledby="skip-links-heading">
        {() => <SkipLinks />}
      </Prerendered>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Prerendered as="footer" name="footer" id="footer" className="site-footer">
        {() => <FooterContent />}
      </Prerendered>
    </>
  );
}
