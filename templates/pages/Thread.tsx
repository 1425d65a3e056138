// For embedding and screenshots: hero, stats and clients only; no header, no footer.
import { Clients } from '../components/Clients.tsx';
import { Hero } from '../components/Hero.tsx';
import { Stats } from '../components/Stats.tsx';

export default function Thread() {
  return (
    <main id="main" className="thread">
      <Hero />
      <Stats />
      <Clients />
    </main>
  );
}
