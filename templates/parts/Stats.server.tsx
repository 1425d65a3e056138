// The figures and their notes (components/Stats.tsx, which a site may eject), rendered on the server only: they
// hold no state and no handler, so the browser adopts their markup (Prerendered.tsx) and downloads none of
// their code.
export { Stats as default } from '../components/Stats.tsx';
