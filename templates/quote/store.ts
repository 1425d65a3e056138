// The quote basket's lines, kept in localStorage. Loaded on every page (the header's count badge and the add
// buttons' listener use it), so it stays small; the basket's panel and the message builder load on use.
// Storage is the visitor's to edit (or an extension's), so a line keeps only what the visitor chose: the
// service (its id and page), the option and the quantity. Names and prices come from the service's own page
// when the basket is opened (services.ts). A stored value that is not what this version wrote (corrupt,
// edited, an older shape) is read as an empty basket or loses only its bad lines: never an exception, and
// never more than MAX_LINES lines looked at.

import { QUOTE_STORAGE_KEY } from '../../src/client/api.ts';

/** Versioned: a later shape gets a new key instead of misreading this one. The inline start script reads it too. */
export const QUOTE_KEY = QUOTE_STORAGE_KEY;
/** Dispatched on window after every change in this tab; other tabs hear the `storage` event. */
export const QUOTE_EVENT = 'storefront:quote';
/** Per line: a campaign of 99 of one service is a conversation, not a basket. */
export const MAX_QUANTITY = 99;
/** Lines in a basket: more is a catalogue, not a quote request, and a tampered basket stays cheap to read. */
export const MAX_LINES = 100;

/** What the visitor chose of a service. */
export interface QuoteChoice {
  id: string;
  /** The service's page, /service/{slug}/{id}/: where the basket reads its name and price. */
  route: string;
  /** The chosen option's label. */
  option?: string;
}

/** A line of the basket, as stored. */
export interface QuoteLine extends QuoteChoice {
  quantity: number;
}

/** What an "Add to quote" button adds; the name is for the announcement only (data-quote-add, as JSON on a service page). */
export interface QuoteAdd extends QuoteChoice {
  name: string;
}

/** This site's page of that service (src/core/routes.ts): never another site's address, a script or a query. Any
 *  slug a name of up to 120 characters makes, and any id the catalogue allows; bounded as a whole. */
const SERVICE_ROUTE = /^\/service\/[a-z0-9-]+\/([a-z0-9]+-\d+)\/$/;
const MAX_ROUTE = 600;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 500;

/** The service and option of a stored line or a button, checked; undefined for anything else. */
export function toChoice(value: unknown): QuoteChoice | undefined {
  const v = value as Partial<Record<string, unknown>> | null;
  const route = v?.route;
  const id = typeof route === 'string' && route.length <= MAX_ROUTE ? SERVICE_ROUTE.exec(route)?.[1] : undefined;
  if (!id || id !== v!.id) return undefined;
  return isText(v!.option) ? { id, route: route as string, option: v!.option } : { id, route: route as string };
}

/** What a button adds, checked. */
export function toAdd(value: unknown): QuoteAdd | undefined {
  const choice = toChoice(value);
  const name = (value as { name?: unknown } | null)?.name;
  return choice && isText(name) ? { ...choice, name } : undefined;
}

const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(n)));

/** The same service with the same option is one line. */
export const sameLine = (a: QuoteChoice, b: QuoteChoice) => a.id === b.id && a.option === b.option;

/** A stored basket's lines: the first MAX_LINES looked at, the bad ones dropped, a repeated line kept once. */
export function linesOf(value: unknown): QuoteLine[] {
  const items = (value as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  const lines: QuoteLine[] = [];
  // This code never writes more, so a longer list was written by someone else: the rest is not read.
  for (const raw of items.slice(0, MAX_LINES)) {
    const choice = toChoice(raw);
    const quantity = choice && (raw as { quantity?: unknown }).quantity;
    if (choice && typeof quantity === 'number' && Number.isFinite(quantity) && !lines.some((l) => sameLine(l, choice))) lines.push({ ...choice, quantity: clampQuantity(quantity) });
  }
  return lines;
}

/** Parses a stored basket; a corrupt value is an empty basket. */
export function parseQuote(text: string | null): QuoteLine[] {
  try {
    return text ? linesOf(JSON.parse(text)) : [];
  } catch {
    return [];
  }
}

/** A line with its four fields only, whatever else it came with. */
const lineOf = ({ id, route, option, quantity }: QuoteLine): QuoteLine => (option ? { id, route, option, quantity } : { id, route, quantity });

/** The basket with these added: a line already there gets one more; a full basket takes no new line. */
export function withAdded(lines: readonly QuoteLine[], adds: readonly QuoteChoice[]): QuoteLine[] {
  const next = lines.map((l) => ({ ...l }));
  for (const add of adds) {
    const line = next.find((l) => sameLine(l, add));
    if (line) line.quantity = clampQuantity(line.quantity + 1);
    else if (next.length < MAX_LINES) next.push(lineOf({ ...add, quantity: 1 }));
  }
  return next;
}

/** How many services the badge counts: one a line, whatever its quantity, as the mail's subject counts them. */
export const serviceCount = (lines: readonly QuoteLine[]) => lines.length;

// Storage may be missing or refuse (a private window, a full quota, a policy): the basket then lives in this
// variable, as long as the page, and says nothing.
let unsaved: QuoteLine[] | undefined;

export function readQuote(): QuoteLine[] {
  if (unsaved) return unsaved;
  try {
    return parseQuote(localStorage.getItem(QUOTE_KEY));
  } catch {
    return [];
  }
}

export function writeQuote(lines: readonly QuoteLine[]): void {
  const kept = lines.map(lineOf);
  try {
    if (kept.length) localStorage.setItem(QUOTE_KEY, JSON.stringify({ items: kept }));
    else localStorage.removeItem(QUOTE_KEY);
    unsaved = undefined;
  } catch {
    unsaved = kept;
  }
  dispatchEvent(new CustomEvent(QUOTE_EVENT, { detail: kept }));
}

/** Calls back with the basket whenever it changes, in this tab or another; returns the unsubscribe. */
export function onQuoteChange(callback: (lines: QuoteLine[]) => void): () => void {
  const local = (event: Event) => callback((event as CustomEvent<QuoteLine[]>).detail ?? readQuote());
  const other = (event: StorageEvent) => {
    if (event.key === QUOTE_KEY || event.key === null) callback(readQuote());
  };
  addEventListener(QUOTE_EVENT, local);
  addEventListener('storage', other);
  return () => {
    removeEventListener(QUOTE_EVENT, local);
    removeEventListener('storage', other);
  };
}

/** What the basket's panel and the quote page use of the store, handed to them (QuotePanel.tsx says why). Named
 *  rather than the module's namespace: a namespace used as a value keeps an object of every export in every page. */
export const basketStore = { readQuote, writeQuote, onQuoteChange, sameLine, MAX_QUANTITY };
