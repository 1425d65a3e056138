// The frame of every page but /thread: skip links, header, main landmark, footer.
import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SkipLinks } from './SkipLinks.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLinks />
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
