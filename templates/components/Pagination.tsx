// The pages of a long list: previous, the page numbers (the first, the last, and those around the current one,
// with "…" between), next. Plain links: each page has its own address, and works without JavaScript.
import { Link } from '../../src/client/api.ts';

/**
 * The page numbers to show, in order, with null for each gap shown as "…": the first and last page, and
 * `around` pages either side of the current one. A gap of exactly one page shows that page instead.
 */
export function pageWindow(current: number, total: number, around = 1): (number | null)[] {
  const shown = new Set([1, total]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= total) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const window: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const before = sorted[i - 1];
    if (before !== undefined && n - before === 2) window.push(before + 1);
    else if (before !== undefined && n - before > 2) window.push(null);
    window.push(n);
  });
  return window;
}

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages < 2) return null;
  return (
    <nav aria-label="Pages" className="pagination">
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev" className="pagination-link pagination-step pagination-previous">
          <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> page</span>
        </Link>
      )}
      <ul className="pagination-pages">
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={href(n)} className="pagination-link" aria-current={n === page ? 'page' : undefined}>
                <span className="visually-hidden">Page </span>
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages && (
        <Link to={href(page + 1)} rel="next" className="pagination-link pagination-step pagination-next">
          Next<span className="visually-hidden"> page</span> <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );
}
