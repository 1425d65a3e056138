/** A magnifying glass, decorative: what it stands for is said by the text beside it or an accessible name. Drawn by
 *  the stylesheet (base.css, .icon-search), so its markup is written once, not on every page (issue 23). */
export function SearchIcon({ className }: { className?: string }) {
  return <span className={`icon icon-search ${className ?? ''}`.trimEnd()} />;
}
