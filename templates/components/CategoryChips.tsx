// A sticky row of category chips under the header (chips.css). On the home page ('sections') each chip links to
// its category's section and the chip of the section in view is marked aria-current="location"; on a category
// page ('pages') each links to its category's page and the page's own is marked aria-current="page". The row
// scrolls sideways when the chips do not fit; the marked chip is kept in view inside it.
import { Link, useSite } from '../../src/client/api.ts';
import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

export function CategoryChips({ mode, current }: { mode: 'sections' | 'pages'; current?: string }) {
  const { categories } = useSite();
  const row = useRef<HTMLUListElement>(null);
  const inView = useSectionInView(mode === 'sections' ? categories.map((c) => c.anchor) : [], row);
  const active = mode === 'sections' ? inView : current;

  const shown = useRef(false);
  useEffect(() => {
    const list = row.current;
    const chip = active ? list?.querySelector<HTMLElement>(`[data-anchor="${CSS.escape(active)}"]`) : null;
    if (!list || !chip) return;
    // At once the first time, then smoothly unless the visitor prefers reduced motion.
    reveal(list, chip, 'center', shown.current ? undefined : 'instant');
    shown.current = true;
  }, [active]);

  const onFocus = (event: FocusEvent) => {
    const chip = event.target;
    if (row.current && chip instanceof HTMLElement && chip !== row.current) reveal(row.current, chip, 'nearest');
  };

  return (
    <nav className="category-chips" aria-label="Browse categories">
      <div className="chips-bar">
        {/* A focused chip is brought clear of the faded edges: the browser scrolls it in only when it is
            wholly out of sight, and then to the very edge. */}
        <ul className="chips-row container" ref={row} onFocus={onFocus}>
          {categories.map((c) => {
            const here = c.anchor === active;
            return (
              <li key={c.anchor}>
                <Link
                  to={mode === 'sections' ? c.route : c.pageRoute}
                  className="chip"
                  data-anchor={c.anchor}
                  aria-current={here ? (mode === 'sections' ? 'location' : 'page') : undefined}
                >
                  {c.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}

/**
 * Scrolls the row, never the page (scrollIntoView would scroll both), to show the chip: in its middle, or just
 * inside its faded edges (chips.css: their width is the row's scroll-padding). Smoothly unless the visitor
 * prefers reduced motion (chips.css sets scroll-behavior, and base.css turns it off for them).
 */
function reveal(list: HTMLElement, chip: HTMLElement, align: 'center' | 'nearest', behavior?: ScrollBehavior) {
  const start = chip.offsetLeft;
  const end = start + chip.offsetWidth;
  let left = list.scrollLeft;
  if (align === 'center') left = start - (list.clientWidth - chip.offsetWidth) / 2;
  else {
    const edge = parseFloat(getComputedStyle(list).scrollPaddingInlineStart) || 0;
    if (start - edge < list.scrollLeft) left = start - edge;
    else if (end + edge > list.scrollLeft + list.clientWidth) left = end + edge - list.clientWidth;
  }
  if (Math.round(left) !== Math.round(list.scrollLeft)) list.scrollTo({ left: Math.max(0, left), behavior });
}

/**
 * The anchor of the section (by id) that is under the sticky bars' lower edge, where a link to /#anchor puts
 * its top; undefined above the first and below the last. Watched with an IntersectionObserver on a one-pixel
 * band just under the bars (whose height is the row's sticky top plus its own height).
 */
function useSectionInView(anchors: readonly string[], row: RefObject<HTMLElement | null>): string | undefined {
  const [inView, setInView] = useState<string | undefined>(undefined);
  const key = anchors.join(' ');
  useEffect(() => {
    const bar = row.current?.closest('nav');
    const sections = key ? key.split(' ').map((id) => document.getElementById(id)).filter((s): s is HTMLElement => s !== null) : [];
    if (!bar || sections.length === 0) return;
    const crossing = new Set<string>();
    let observer: IntersectionObserver | undefined;
    const watch = () => {
      observer?.disconnect();
      crossing.clear();
      const line = Math.round(parseFloat(getComputedStyle(bar).top) + bar.offsetHeight) + 8;
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) crossing.add(entry.target.id);
            else crossing.delete(entry.target.id);
          }
          // At a boundary two sections can share the band: the lower one is the one starting there.
          setInView(sections.findLast((s) => crossing.has(s.id))?.id);
        },
        { rootMargin: `-${line}px 0px -${Math.max(0, innerHeight - line - 1)}px 0px` },
      );
      for (const section of sections) observer.observe(section);
    };
    watch();
    addEventListener('resize', watch);
    return () => {
      removeEventListener('resize', watch);
      observer?.disconnect();
    };
  }, [key, row]);
  return inView;
}
