// The skip links (components/SkipLinks.tsx), rendered on the server only: the same on every page, so the
// browser adopts their markup (Prerendered.tsx) and downloads none of their code.
export { SkipLinks as default } from '../components/SkipLinks.tsx';
