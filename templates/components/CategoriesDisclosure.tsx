// The Categories dropdown: a disclosure (a button and a list of links), not an ARIA menu, as in the WAI-ARIA
// disclosure navigation example. Keyboard: Enter/Space toggles; Arrow Down on the button opens and moves to
// the first link; Arrow Up/Down, Home/End move between links; Escape closes and returns focus to the
// button; focus leaving the disclosure closes it.
import { Link } from '../../src/client/api.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type FocusEvent } from 'react';
import type { CategoryNav } from '../../src/model/shell.ts';
import { Picture } from './Picture.tsx';

export function CategoriesDisclosure({ categories, variant }: { categories: CategoryNav[]; variant: "dropdown" | "inline" }) {
  const [open, setOpen] = useState(false);
  // The links are rendered from the first opening on, not prerendered: hidden, they serve nobody, and two
  // copies (header and mobile menu) on every page would be a third of a service page's HTML. Kept once
  // rendered, so the closing fade still has something to fade.
  const [everOpened, setEverOpened] = useState(false);
  if (open && !everOpened) setEverOpened(true);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const links = () => [...(root.current?.querySelectorAll<HTMLAnchorElement>('.disclosure-panel a') ?? [])];
  const [focusFirst, setFocusFirst] = useState(false);

  useEffect(() => {
    if (open && focusFirst) {
      links()[0]?.focus();
      setFocusFirst(false);
    }
  }, [open, focusFirst]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setFocusFirst(true);
    }
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className={`disclosure disclosure--${variant}`} ref={root} onKeyDown={onKey} onBlur={onBlur} data-state={open ? 'open' : 'closed'}>
      <button
        ref={button}
        type="button"
        className="disclosure-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        Categories
        <span className="chevron" aria-hidden="true" />
      </button>
      <ul id={panelId} className="disclosure-panel" hidden={!open}>
        {(open || everOpened) && categories.map((c) => (
          <li key={c.anchor}>
            <Link to={c.route} onClick={() => setOpen(false)}>
              <Picture className="category-icon" image={c.icon} alt="" width={24} height={24} />
              <span className="category-text">
                <span className="category-name">{c.name}</span>
                <span className="category-description">{c.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
