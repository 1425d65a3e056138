// The footer's content (components/Footer.tsx, which a site may eject), rendered on the server only: it holds no
// state, the same on every page, so the browser adopts its markup (Prerendered.tsx) and downloads none of its
// code. Its copy button works through the document's one listener (CopyAddress.tsx).
export { Footer as default } from '../components/Footer.tsx';
