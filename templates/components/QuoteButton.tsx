// The quote basket's header button, on every page: a count badge, the polite announcement of each addition, and
// the one document listener for every "Add to quote" button (AddToQuote.tsx) and for a service page's mail and
// chat links. That is all a page loads up front; the basket's panel and its message builder
// (templates/quote/QuotePanel.tsx) are a chunk of their own, fetched when the visitor first adds something, opens
// the basket, or chooses an option or reaches for a contact link on a service page.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useSite } from '../../src/client/api.ts';
import { basketStore, MAX_LINES, MAX_QUANTITY, onQuoteChange, readQuote, sameLine, serviceCount, toAdd, withAdded, writeQuote, type QuoteAdd, type QuoteLine } from '../quote/store.ts';
import type { QuoteStore } from '../quote/QuotePanel.tsx';

const loadPanel = () => import('../quote/QuotePanel.tsx');
type PanelModule = Awaited<ReturnType<typeof loadPanel>>;
type Panel = ComponentType<{ onClose: () => void; store: QuoteStore }>;

/** How long "Added …" stays on screen; screen readers have heard it by then (it is a polite live region). */
const STATUS_MS = 5000;

const QUOTE_ROUTE = '/quote/';

/** What the toast and the live region say of an addition, made `before` → `items`. Another of a line the quote has
 *  says how many there are now: the same words again would not be heard (a live region speaks only a change). A
 *  full quote takes no new line, nor a line more than its most: what was not taken is not said to be. */
export function addedText(all: readonly QuoteAdd[], before: readonly QuoteLine[], items: readonly QuoteLine[]): string {
  const count = (lines: readonly QuoteLine[], add: QuoteAdd) => lines.find((line) => sameLine(line, add))?.quantity ?? 0;
  const adds = all.filter((add) => count(items, add) > count(before, add));
  if (!adds.length) return `Not added: your quote holds all it can (${MAX_LINES} services, ${MAX_QUANTITY} of each).`;
  const names = adds.map((a) => (a.option ? `${a.name} (${a.option})` : a.name)).join(' and ');
  // Added again: the new quantities, so that the words, and the live region, change.
  const quantities = [...new Set(adds.map((a) => count(items, a)))];
  const again = Math.min(...quantities) > 1 ? `another ${names} (${quantities.join(' and ')}${adds.length > 1 && quantities.length < 2 ? ' each' : ''} now)` : names;
  return `Added ${again} to your quote: ${servicesText(serviceCount(items))}.`;
}

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
  // The server cannot know the basket: the count is rendered once hydrated. The live region is in the HTML,
  // empty: a screen reader announces a change of a region it has seen, and the first "Add to quote" is often
  // the click that starts the client, whose region would otherwise arrive with the text already in it.
  const [count, setCount] = useState<number>();
  const [open, setOpen] = useState(false);
  // Loaded by hand rather than with React.lazy: a failed load (offline) says so here instead of reaching the
  // page's error boundary, and the next click tries again.
  const [Panel, setPanel] = useState<Panel>();
  const [status, setStatus] = useState('');
  const button = useRef<HTMLAnchorElement>(null);
  const { key, pathname } = useLocation();
  // On the quote's own page the basket is the page: no dialog with the same basket over it.
  const onQuotePage = pathname === QUOTE_ROUTE;
  const site = useSite();
  const latestSite = useRef(site);
  latestSite.current = site;
  // The panel's chunk once loaded: a contact link's click then rewrites the link before the browser follows it.
  const chunk = useRef<PanelModule>(undefined);
  const load = () => loadPanel().then((module) => (chunk.current = module));

  useEffect(() => {
    setCount(serviceCount(readQuote()));
    const stop = onQuoteChange((items) => setCount(serviceCount(items)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const announce = (text: string) => {
      setStatus(text);
      clearTimeout(timer);
      timer = setTimeout(() => setStatus(''), STATUS_MS);
    };
    const contactLink = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-quote-contact]') : null);
    // A service page's mail and chat links carry the option chosen: written when it changes, and again on a click.
    const onIntent = (event: Event) => {
      const target = event.target;
      if (contactLink(target) || (target instanceof HTMLSelectElement && target.closest('.quote-control')))
        void load().then((module) => module.serviceContact(latestSite.current, false), () => undefined);
    };
    const onContact = (event: MouseEvent, link: HTMLAnchorElement) => {
      const send = (module: PanelModule) => void module.serviceContact(latestSite.current, link.dataset.quoteContact === 'chat')?.then(announce);
      if (chunk.current) return send(chunk.current);
      // Not loaded yet (offline, or a very quick click): the link is followed once it is written.
      event.preventDefault();
      void load()
        .then(send, () => undefined)
        .then(() => (link.target === '_blank' ? window.open(link.href, '_blank', 'noopener') : location.assign(link.href)));
    };
    const onClick = (event: MouseEvent) => {
      const link = contactLink(event.target);
      if (link) return onContact(event, link);
      const trigger = event.target instanceof Element ? event.target.closest('[data-quote-add]') : null;
      const adds = trigger ? addsOf(trigger) : [];
      if (!adds.length) return;
      const before = readQuote();
      const items = withAdded(before, adds);
      writeQuote(items);
      announce(addedText(adds, before, items));
      void load().catch(() => undefined);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('change', onIntent);
    document.addEventListener('pointerover', onIntent);
    document.addEventListener('focusin', onIntent);
    return () => {
      stop();
      clearTimeout(timer);
      document.removeEventListener('click', onClick);
      document.removeEventListener('change', onIntent);
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
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
      load().then(
        (module) => setPanel(() => module.default),
        () => {
          setOpen(false);
          setStatus('The quote basket could not load. Check your connection and try again.');
        },
      );
  };

  return (
    <>
      {/* The name says what the badge counts. A label rather than hidden text beside the word: the button is a
          flex box, so Chromium read its parts apart ("Quote , 2 services"), and on phones the word is hidden. */}
      {/* A link to the quote's own page, which the client turns into the dialog's opener: before it starts, or
          without JavaScript, a tap still leads to the quote. A click asking for a new tab or window stays a link, and
          so does one on that page itself: the current page's link, as the header's Search is on the search page. */}
      <a
        ref={button}
        href={QUOTE_ROUTE}
        className="quote-button"
        aria-haspopup={onQuotePage ? undefined : 'dialog'}
        aria-current={onQuotePage ? 'page' : undefined}
        aria-label={count === undefined ? undefined : `Quote, ${count ? servicesText(count) : 'empty'}`}
        onClick={(event) => {
          if (onQuotePage || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          show();
        }}
      >
        <span className="quote-button-label">Quote</span>
        {/* A space between word and badge: without it the visible text is "Quote2", not part of the name (axe). */}
        {!!count && ' '}
        {!!count && (
          <span className="quote-badge" aria-hidden="true">
            {count}
          </span>
        )}
      </a>
      <p className="quote-toast" role="status">
        {status}
      </p>
      {open && Panel && <Panel onClose={close} store={basketStore} />}
    </>
  );
}
