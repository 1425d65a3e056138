// The quote basket: a modal <dialog> (focus moves in, Escape closes, the page behind is inert) listing what the
// visitor added, with quantities, options, starting prices and the total, and two ways to send it: a mail to the
// agency or a message in its chat app, both written by the visitor's own app. Loaded on first use (QuoteButton.tsx).
// The stored basket holds what the visitor chose; each service's name and price are read from its own page
// (services.ts), fetched when the basket opens.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSite } from '../../src/client/api.ts';
import { formatPrice } from '../format.ts';
import { chatHref, lineSubtotal, messageText, quoteMailto, quoteMessage, quoteTotal } from './message.ts';
import { quantityEntry } from './quantity.ts';
import { lineOf, resolveQuote, serviceOf, type QuoteItem, type ServicePage } from './services.ts';
import { shareHash } from './share.ts';
import type * as Store from './store.ts';
import type { QuoteLine } from './store.ts';

/**
 * The basket's storage, handed over by the header's button rather than imported: imported by both, store.ts
 * became a chunk of its own, one more request on every page's cold load.
 */
export type QuoteStore = typeof Store.basketStore;

// Here rather than a chunk of its own: the service page's links share the message builder with the panel.
export { serviceContact } from './contact.ts';

const servicesText = (n: number) => `${n} ${n === 1 ? 'service' : 'services'}`;

/** What the basket and a shared link say of services no longer offered; `where`, e.g. " in it". */
export const leftOutText = (gone: number, where = '') => `${servicesText(gone)}${where} ${gone === 1 ? 'is' : 'are'} no longer offered and ${gone === 1 ? 'was' : 'were'} left out.`;

/** PRODUCT.md: a lazily loaded part that takes longer than this fails (src/client/loaders.ts). */
const LOAD_TIMEOUT_MS = 120_000;

/** The service a line's page holds: null when the page is gone or holds another, 'failed' when it could not be
 *  fetched. A page gone may have moved: a service renamed keeps its id, and its address is then in the sitemap. */
async function fetchService(line: QuoteLine, moved = false): Promise<ServicePage> {
  try {
    const response = await fetch(line.route, { signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
    if (response.status === 404) return moved ? null : await fetchMoved(line);
    if (!response.ok) return 'failed';
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    // The service page's own button holds one service as JSON; a card's holds an id, "Add both" a list.
    return serviceOf(page.querySelector('[data-quote-add^="{"]')?.getAttribute('data-quote-add'), line) ?? null;
  } catch {
    return 'failed';
  }
}

/** The service of a line whose page is gone, at the address the sitemap now gives its id; null when it has none. */
async function fetchMoved(line: QuoteLine): Promise<ServicePage> {
  const response = await fetch('/sitemap.xml', { signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
  if (!response.ok) return response.status === 404 ? null : 'failed';
  // Ids are letters, digits and one hyphen before the number (store.ts): nothing to escape. The address found is
  // this site's own page of a service, as the stored ones are.
  const route = new RegExp(`<loc>[^<]*?(/service/[a-z0-9-]+/${line.id}/)</loc>`).exec(await response.text())?.[1];
  return route && route !== line.route ? fetchService({ ...line, route }, true) : null;
}

/** A shared quote's lines as this site offers them now, each line's page fetched as the basket fetches it (those
 *  whose service is gone left out); 'failed' when a page could not be fetched. */
export async function offeredLines(lines: readonly QuoteLine[]): Promise<QuoteItem[] | 'failed'> {
  const pages = new Map(await Promise.all(lines.map(async (line) => [line.route, await fetchService(line)] as const)));
  const resolved = resolveQuote(lines, (route) => pages.get(route));
  return resolved === 'loading' ? 'failed' : resolved;
}

/** The pages of the lines' services, by route, each fetched once while the panel is open. */
function useServicePages(lines: readonly QuoteLine[]): Record<string, ServicePage> {
  const [pages, setPages] = useState<Record<string, ServicePage>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const line of lines) {
      if (asked.current.has(line.route)) continue;
      asked.current.add(line.route);
      void fetchService(line).then((page) => {
        // A service found at its new address (renamed) is known there too: the line is stored with it next.
        const moved = page && page !== 'failed' && page.route !== line.route ? page.route : undefined;
        if (moved) asked.current.add(moved);
        setPages((known) => ({ ...known, [line.route]: page, ...(moved && { [moved]: page }) }));
      });
    }
  }, [lines]);
  return pages;
}

/** A line's key that an option chosen keeps: its service, and which of that service's lines it is. A key with the
 *  option in it made a new line of a changed one, and the select in use lost the keyboard's focus. */
const lineKey = (items: readonly QuoteItem[], index: number) => `${items[index]!.id} ${items.slice(0, index).filter((o) => o.id === items[index]!.id).length}`;

/** Copies text, or refuses as a browser does: there is no clipboard on a plain-http page (a site served on the
 *  local network) or in older browsers, and the text is then shown to copy by hand. */
const toClipboard = (text: string): Promise<void> => (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('No clipboard')));

/**
 * The basket itself: its lines, total and ways to send it, and the live region that says what changed. In the
 * header's dialog (below) and on the /quote/ page (templates/pages/quote.tsx). `head` comes first in it (the
 * dialog's title and close button); focus goes to `title` when a removed line takes the focused button with it.
 * `busy` while the page is still reading a shared link into it: the basket shows as loading meanwhile.
 */
export function QuoteBasket({ store, head, title, notice, busy }: { store: QuoteStore; head?: ReactNode; title: RefObject<HTMLElement | null>; notice?: string; busy?: boolean }) {
  const { readQuote, writeQuote, onQuoteChange, sameLine, MAX_QUANTITY } = store;
  const site = useSite();
  const [lines, setLines] = useState(readQuote);
  const pages = useServicePages(lines);
  const resolved = resolveQuote(lines, (route) => pages[route]);
  const items = Array.isArray(resolved) ? resolved : [];
  const loading = busy || resolved === 'loading';
  // What the live region says; a quantity's note is also shown beside its field (line: its index), and a shared
  // link's notice above the basket (shown elsewhere), so there they are only heard.
  const [status, setStatus] = useState<{ text: string; line?: number; shownElsewhere?: boolean }>({ text: '' });
  const say = (text: string) => setStatus({ text });
  const [showMessage, setShowMessage] = useState(false);
  const [link, setLink] = useState<string>();
  // The line whose option select takes the focus once rendered (after two lines merged).
  const [focusOption, setFocusOption] = useState<number>();
  // An option another line has, chosen in a line's list and held there while the list has the focus (settle).
  const [passing, setPassing] = useState<{ index: number; option: number }>();
  useEffect(() => {
    if (focusOption === undefined) return;
    document.getElementById(`quote-line-${focusOption}-option`)?.focus();
    setFocusOption(undefined);
  }, [focusOption]);

  useEffect(() => {
    const stop = onQuoteChange(setLines);
    // A change made after the first render and before this listener (a shared link's services arriving) is caught
    // up here; the same lines keep their identity, so nothing is fetched or written again.
    const now = readQuote();
    setLines((drawn) => (JSON.stringify(drawn) === JSON.stringify(now) ? drawn : now));
    return stop;
  }, []);
  // What the page says of a shared link: shown above the basket, and heard where every change is.
  useEffect(() => {
    if (notice) setStatus({ text: notice, shownElsewhere: true });
  }, [notice]);
  // A line whose service is gone leaves the stored basket (and the header's count) too, and the visitor is told.
  useEffect(() => {
    if (!Array.isArray(resolved) || JSON.stringify(resolved.map(lineOf)) === JSON.stringify(lines)) return;
    const gone = new Set(lines.map((l) => l.id)).size - new Set(resolved.map((l) => l.id)).size;
    writeQuote(resolved.map(lineOf));
    if (gone > 0) say(leftOutText(gone));
  });

  const save = (next: QuoteItem[]) => {
    const kept = next.map(lineOf);
    setLines(kept);
    writeQuote(kept);
  };
  /** Keeps the quantity entered, or the nearest allowed one with a note saying so; true when that was another. */
  const setQuantity = (index: number, entered: number): boolean => {
    const entry = quantityEntry(entered, MAX_QUANTITY);
    if (!entry) return false;
    if (entry.quantity !== items[index]!.quantity) save(items.map((item, i) => (i === index ? { ...item, quantity: entry.quantity } : item)));
    if (entry.note) setStatus({ text: entry.note, line: index });
    else setStatus((now) => (now.line === index ? { text: '' } : now));
    return entry.note !== undefined;
  };
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    save(next);
    say(`Removed ${items[index]!.name}. ${next.length ? `${servicesText(next.length)} left.` : 'Your quote is empty.'}`);
    // The button is gone with its line: focus goes to the panel's title, not to the page behind.
    title.current?.focus();
  };
  /** `item` with the option at `optionIndex` chosen. */
  const withOption = (item: QuoteItem, optionIndex: number): QuoteItem | undefined => {
    const option = item.options?.[optionIndex];
    return option && { ...item, option: option.label, price: option.price, from: option.from };
  };
  const choose = (index: number, optionIndex: number) => {
    const changed = withOption(items[index]!, optionIndex);
    if (!changed) return;
    // Lines may merge: a quantity's note would then be beside another line.
    say('');
    // The option another line has: held until the list loses the focus (settle), as arrow keys pass over it.
    if (items.some((o, i) => i !== index && sameLine(o, changed))) return setPassing({ index, option: optionIndex });
    setPassing(undefined);
    save(items.map((o, i) => (i === index ? changed : o)));
  };
  /**
   * The option another line has, held while the list has the focus, becomes the line's once it loses it, and the
   * two lines one: a merge at each option the arrow keys passed over took the line the visitor was leaving with
   * it. `next`: where the focus goes; to a field of this line, which goes, it goes to the line it joined instead.
   */
  const settle = (index: number, next: EventTarget | null) => {
    const changed = passing?.index === index ? withOption(items[index]!, passing.option) : undefined;
    setPassing(undefined);
    const other = changed ? items.findIndex((o, i) => i !== index && sameLine(o, changed)) : -1;
    if (!changed || other < 0) return;
    const quantity = Math.min(MAX_QUANTITY, items[other]!.quantity + changed.quantity);
    save(items.flatMap((o, i) => (i === index ? [] : i === other ? [{ ...o, quantity }] : [o])));
    say(`${changed.name}: one line now, ${changed.option}, quantity ${quantity}.`);
    const line = document.getElementById(`quote-line-${index}-option`)?.closest('.quote-line');
    if (!(next instanceof Node) || line?.contains(next)) setFocusOption(other < index ? other : other - 1);
  };


  const message = quoteMessage(items, site);
  const text = messageText(message);
  const mailto = quoteMailto(site.contact.email, message);
  const copy = (done: string) =>
    toClipboard(text).then(
      () => say(done),
      () => {
        setShowMessage(true);
        say('Copying was refused by the browser: the message is shown below to copy by hand.');
      },
    );
  const copyLink = () => {
    const address = `${location.origin}/quote/#${shareHash(items.map(lineOf))}`;
    toClipboard(address).then(
      () => say('Link copied: open it on another device, or send it to a colleague, to see this quote.'),
      () => {
        setLink(address);
        say('Copying was refused by the browser: the link is shown below to copy by hand.');
      },
    );
  };

  return (
    <div className="quote-panel" aria-busy={loading}>
      {head}
      {notice && <p className="quote-notice">{notice}</p>}
      {loading ? (
        <p className="quote-empty">Loading your quote…</p>
      ) : resolved === 'failed' ? (
        <p className="quote-empty" role="alert">
          Your quote could not be loaded. Check your connection, then {head ? 'close it and open it again' : 'reload the page'}.
        </p>
      ) : items.length === 0 ? (
        <p className="quote-empty">Nothing here yet. Use “Add to quote” on any service, then send us the whole list in one message.</p>
      ) : (
        <>
          <ul className="quote-list">
            {items.map((item, i) => (
              <QuoteLine
                key={lineKey(items, i)}
                item={(passing?.index === i && withOption(item, passing.option)) || item}
                index={i}
                max={MAX_QUANTITY}
                note={status.line === i ? status.text : undefined}
                onQuantity={setQuantity}
                onRemove={remove}
                onChoose={choose}
                onSettle={settle}
              />
            ))}
          </ul>
          <p className="quote-total">
            <span>Total</span> <strong data-total>{quoteTotal(items).text}</strong>
          </p>
          <p className="quote-note">Starting prices: we reply with a firm quote. Nothing is sent from this site; your own mail or chat app opens with the message.</p>
          <div className="quote-send">
            {mailto ? (
              <a className="button button-primary" href={mailto}>
                Send by e-mail
              </a>
            ) : (
              <button type="button" className="button button-primary" onClick={() => void copy(`Message copied. Paste it into a mail to ${site.contact.email}.`)}>
                Copy the message
              </button>
            )}
            <a
              className="button button-secondary"
              href={chatHref(site.contact.messaging.href, text)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => void copy('Message copied. Paste it into the chat if it is not there already.')}
            >
              Send by chat
            </a>
          </div>
          <p className="quote-address">
            {mailto ? 'Sent to ' : 'This list is too long for a mail link: copy it and send it to '}
            <strong>{site.contact.email}</strong>
          </p>
          <p className="quote-share">
            <button type="button" className="link-button" onClick={copyLink}>
              Copy a link to this quote
            </button>
          </p>
          {link && <input className="quote-link" readOnly value={link} aria-label="A link to this quote" onFocus={(e) => e.currentTarget.select()} />}
          <details className="quote-preview" open={showMessage} onToggle={(e) => setShowMessage(e.currentTarget.open)}>
            <summary>Show the message</summary>
            <textarea readOnly value={text} rows={12} aria-label="The message" onFocus={(e) => e.currentTarget.select()} />
          </details>
        </>
      )}
      <p className="quote-status" role="status">
        {status.line === undefined && !status.shownElsewhere ? status.text : <span className="visually-hidden">{status.text}</span>}
      </p>
    </div>
);
}

/** The header's basket: a modal dialog around the basket. */
export default function QuotePanel({ onClose, store }: { onClose: () => void; store: QuoteStore }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // The latest onClose, so that opening the dialog does not depend on its identity.
  const closed = useRef(onClose);
  closed.current = onClose;
  useEffect(() => {
    const element = dialog.current!;
    // The close event comes a task after close(): one left from StrictMode's second run of this effect (or any
    // close and reopen in between) finds the dialog open again, and is not a close.
    const onClosed = () => {
      if (!element.open) closed.current();
    };
    element.showModal();
    element.addEventListener('close', onClosed);
    return () => {
      element.removeEventListener('close', onClosed);
      if (element.open) element.close();
    };
  }, []);
  const head = (
    <div className="quote-head">
      <h2 id="quote-title" className="quote-title" ref={title} tabIndex={-1}>
        Your quote request
      </h2>
      <button type="button" className="quote-close" onClick={() => dialog.current?.close()}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Close</span>
      </button>
    </div>
  );
  return (
    // A click on the backdrop (the dialog element itself, outside its panel) closes it, as Escape does.
    <dialog ref={dialog} className="quote-dialog" aria-labelledby="quote-title" onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}>
      <QuoteBasket store={store} head={head} title={title} />
    </dialog>
  );
}

interface LineProps {
  item: QuoteItem;
  index: number;
  max: number;
  /** What was kept of the quantity last entered, when not what was typed. */
  note: string | undefined;
  onQuantity: (index: number, entered: number) => boolean;
  onRemove: (index: number) => void;
  onChoose: (index: number, option: number) => void;
  /** The option list lost the focus to `next`. */
  onSettle: (index: number, next: EventTarget | null) => void;
}

function QuoteLine({ item, index, max, note, onQuantity, onRemove, onChoose, onSettle }: LineProps) {
  const id = `quote-line-${index}`;
  // What the field shows while being typed in (it may be empty for a moment); an entry out of range shows at once
  // what was kept instead, and leaving the field shows the basket's quantity again.
  const [draft, setDraft] = useState<string>();
  const chosen = item.options?.findIndex((o) => o.label === item.option) ?? -1;
  const price = lineSubtotal(item);
  return (
    <li className="quote-line">
      <div className="quote-line-head">
        <p className="quote-line-name">
          <a href={item.route}>{item.name}</a>
        </p>
        <button type="button" className="quote-remove" onClick={() => onRemove(index)} aria-label={`Remove ${item.name}${item.option ? ` (${item.option})` : ''}`}>
          Remove
        </button>
      </div>
      {item.options ? (
        <p className="quote-field">
          {/* Each line's fields named with its service: a screen reader's list of fields lists every line's. */}
          <label htmlFor={`${id}-option`}>
            Option<span className="visually-hidden"> of {item.name}</span>
          </label>
          <select id={`${id}-option`} value={chosen} onChange={(e) => onChoose(index, Number(e.target.value))} onBlur={(e) => onSettle(index, e.relatedTarget)}>
            {chosen < 0 && (
              <option value={-1} disabled>
                Choose an option
              </option>
            )}
            {item.options.map((o, i) => (
              <option key={o.label} value={i}>{`${o.label}: ${formatPrice(o.price, o.from)}`}</option>
            ))}
          </select>
        </p>
      ) : (
        item.option && <p className="quote-line-option">{`Option: ${item.option}`}</p>
      )}
      <div className="quote-line-foot">
        <p className="quote-field quote-quantity">
          <label htmlFor={`${id}-quantity`}>
            Quantity<span className="visually-hidden"> of {item.name}</span>
          </label>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={draft ?? item.quantity}
            aria-describedby={note ? `${id}-note` : undefined}
            onChange={(e) => setDraft(onQuantity(index, e.target.valueAsNumber) ? undefined : e.target.value)}
            onBlur={() => setDraft(undefined)}
          />
        </p>
        {/* "$6,000 each × 3" over the subtotal: the subtotal stands out, and heard it is "… = $18,000". */}
        <p className="quote-line-price">
          {price.each && (
            <span className="quote-line-each">
              {price.each}
              <span className="visually-hidden"> =</span>{' '}
            </span>
          )}
          {price.total}
        </p>
      </div>
      {note && (
        <p className="quote-line-note" id={`${id}-note`}>
          {note}
        </p>
      )}
    </li>
  );
}
