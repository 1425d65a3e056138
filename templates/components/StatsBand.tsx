// The figures' band under the hero on the home, thread and alternatives pages: a prerendered part, whose markup
// the browser adopts (Prerendered.tsx). The band itself, <section> and all, is components/Stats.tsx (through
// parts/Stats.server.tsx): its attributes are markup then, not code every page of these kinds downloads.
import { Prerendered } from '../../src/client/api.ts';
import Stats from '../parts/Stats.server.tsx';

export const StatsBand = () => (
  <Prerendered as="div" name="stats">
    {() => <Stats />}
  </Prerendered>
);
