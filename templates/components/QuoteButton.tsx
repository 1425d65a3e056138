// The quote basket's header button, on every page: a count badge, the polite announcement of each addition, and
// the one document listener for every "Add to quote" button (AddToQuote.tsx). That is all a page loads up front;
// the basket's panel and its message builder (templates/quote/QuotePanel.tsx) are a chunk of their own, fetched
// when the visitor first adds something or opens the basket.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from '../../src/client/api.ts';
import * as store from '../quote/store.ts';
import type { QuoteStore } from '../quote/QuotePanel.tsx';

const { itemCount, onQuoteChange, readQuote, toAdd, withAdded, writeQuote } = store;
type QuoteAdd = store.QuoteAdd;

const loadPanel = () => import('../quote/QuotePanel.tsx');
type Panel = ComponentType<{ onClose: () => void; store: QuoteStore }>;

/** How long "Added …" stays on screen; screen readers have heard it by then (it is a polite live region). */
const STATUS_MS = 5000;

/**
 * The services a button adds (AddToQuote.tsx). A card's button holds the id; the name and the page are its card's
 * title link. A service page's holds JSON, with the option chosen in the <select> it names, if any.
 */
export function addsOf(button: Element): QuoteAdd[] {
  const data = button.getAttribute('data-quote-add') ?? '';
  if (!/^[[{]/.test(data)) {
    const link = button.closest('.card')?.querySelector('a.card-link');
    const add = toAdd({ id: data, name: link?.textContent?.trim(), route: link?.getAttribute('href') });
    return add ? [add] : [];
  }
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return [];
  }
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const select = document.getElementById(button.getAttribute('data-quote-select') ?? '');
  const chosen = select instanceof HTMLSelectElement ? (list[0] as { options?: { label?: unknown }[] } | null)?.options?.[select.selectedIndex]?.label : undefined;
  const adds = list.map((v, i) => toAdd(i === 0 && chosen !== undefined ? { ...(v as object), option: chosen } : v));
  return adds.length && adds.every((a) => a) ? (adds as QuoteAdd[]) : [];
}

export const servicesText = (n: number) => `${n} ${n === 1 ? 'service' : 'services'}`;

export function QuoteButton() {
  // The server cannot know the basket: the count and the live region are rendered once hydrated (the region is
  // in the page long before the first addition, so that is announced). Not in the HTML of 10,000 pages either.
  const [count, setCount] = useState<number>();
  const [open, setOpen] = useState(false);
  // Loaded by hand rather than with React.lazy: a failed load (offline) says so here instead of reaching the
  // page's error boundary, and the next click tries again.
  const [Panel, setPanel] = useState<Panel>();
  const [status, setStatus] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    setCount(itemCount(readQuote()));
    const stop = onQuoteChange((items) => setCount(itemCount(items)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (event: MouseEvent) => {
      const trigger = event.target instanceof Element ? event.target.closest('[data-quote-add]') : null;
      const adds = trigger ? addsOf(trigger) : [];
      if (!adds.length) return;
      const items = withAdded(readQuote(), adds);
      writeQuote(items);
      const names = adds.map((a) => (a.option ? `${a.name} (${a.option})` : a.name)).join(' and ');
      setStatus(`Added ${names} to your quote: ${servicesText(itemCount(items))}.`);
      clearTimeout(timer);
      timer = setTimeout(() => setStatus(''), STATUS_MS);
      void loadPanel().catch(() => undefined);
    };
    document.addEventListener('click', onClick);
    return () => {
      stop();
      clearTimeout(timer);
      document.removeEventListener('click', onClick);
    };
  }, []);
  // A link followed from the basket (an item's page) closes it.
  useEffect(() => setOpen(false), [key]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const show = () => {
    setOpen(true);
    if (!Panel)
      loadPanel().then(
        (module) => setPanel(() => module.default),
        () => {
          setOpen(false);
          setStatus('The quote basket could not load. Check your connection and try again.');
        },
      );
  };

  return (
    <>
      <button ref={button} type="button" className="quote-button" aria-haspopup="dialog" onClick={show}>
        <span className="quote-button-label">Quote</span>
        {count !== undefined && <span className="visually-hidden">{count ? `, ${servicesText(count)}` : ', empty'}</span>}
        {!!count && (
          <span className="quote-badge" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {count !== undefined && (
        <p className="quote-toast" role="status">
          {status}
        </p>
      )}
      {open && Panel && <Panel onClose={close} store={store} />}
    </>
  );
}
