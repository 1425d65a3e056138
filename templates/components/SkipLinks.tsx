// Skip navigation: the first thing in tab order, visible when focused; and a list of skip links under a
// visually hidden heading for screen-reader users. What is inside Layout's <nav>, rendered on the server only
// (parts/SkipLinks.server.tsx).
export function SkipLinks() {
  return (
    <>
      <h2 id="skip-links-heading" className="visually-hidden">
        Accessibility links
      </h2>
      <ul>
        <li>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
        </li>
        <li>
          <a className="skip-link" href="#footer">
            Skip to footer
          </a>
        </li>
      </ul>
    </>
  );
}
