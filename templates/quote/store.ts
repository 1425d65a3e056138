// The quote basket's items, kept in localStorage. Loaded on every page (the header's count badge and the add
// buttons' listener use it), so it stays small; the basket's panel and the message builder load on use.
// A stored value that is not what this version wrote (corrupt, edited, an older shape) is read as an empty
// basket or loses only its bad items: never an exception on a visitor's page.

import { QUOTE_STORAGE_KEY } from '../../src/client/api.ts';

/** Versioned: a later shape gets a new key instead of misreading this one. The inline start script reads it too. */
export const QUOTE_KEY = QUOTE_STORAGE_KEY;
/** Dispatched on window after every change in this tab; other tabs hear the `storage` event. */
export const QUOTE_EVENT = 'storefront:quote';
/** Per line: a campaign of 99 of one service is a conversation, not a basket. */
export const MAX_QUANTITY = 99;

export interface QuoteOption {
  label: string;
  price: number;
  /** A starting price. */
  from?: boolean;
}

/** What an "Add to quote" button carries (its data-quote-add attribute, as JSON: one item or a list). */
export interface QuoteAdd {
  id: string;
  name: string;
  /** The service page, site-relative: "/service/…/". */
  route: string;
  /** The starting price of the chosen option, or of the service. */
  price: number;
  /** The price is a starting price ("from $2,500"). */
  from?: boolean;
  /** The chosen option's label. */
  option?: string;
  /** The service's options, so the basket can change the choice. */
  options?: QuoteOption[];
}

export interface QuoteItem extends QuoteAdd {
  quantity: number;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 500;
const isPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isOption = (value: unknown): value is QuoteOption => {
  const o = value as QuoteOption;
  return typeof o === 'object' && o !== null && isText(o.label) && isPrice(o.price);
};

/** The fields of an item, checked one by one; undefined for anything that is not a valid one. */
export function toAdd(value: unknown): QuoteAdd | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!isText(v.id) || !isText(v.name) || !isText(v.route) || !v.route.startsWith('/') || !isPrice(v.price)) return undefined;
  const add: QuoteAdd = { id: v.id, name: v.name, route: v.route, price: v.price };
  if (v.from === true) add.from = true;
  if (isText(v.option)) add.option = v.option;
  if (Array.isArray(v.options) && v.options.length > 0 && v.options.every(isOption)) add.options = v.options.map(({ label, price, from }) => ({ label, price, ...(from === true && { from }) }));
  return add;
}

const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(n)));

/** Parses a stored basket; a corrupt value is an empty basket, and a bad item is dropped alone. */
export function parseQuote(text: string | null): QuoteItem[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const items = (value as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw: unknown) => {
    const add = toAdd(raw);
    const quantity = add && (raw as { quantity?: unknown }).quantity;
    return add && typeof quantity === 'number' && Number.isFinite(quantity) ? [{ ...add, quantity: clampQuantity(quantity) }] : [];
  });
}

/** The same service with the same option is one line. */
export const sameLine = (a: QuoteAdd, b: QuoteAdd) => a.id === b.id && a.option === b.option;

/** The basket with these added: a line already there gets one more. */
export function withAdded(items: readonly QuoteItem[], adds: readonly QuoteAdd[]): QuoteItem[] {
  const next = items.map((i) => ({ ...i }));
  for (const add of adds) {
    const line = next.find((i) => sameLine(i, add));
    if (line) line.quantity = clampQuantity(line.quantity + 1);
    else next.push({ ...add, quantity: 1 });
  }
  return next;
}

/** How many services the badge counts: the quantities added up. */
export const itemCount = (items: readonly QuoteItem[]) => items.reduce((n, i) => n + i.quantity, 0);

// Storage may be missing or refuse (a private window, a full quota, a policy): the basket then lives in this
// variable, as long as the page, and says nothing.
let unsaved: QuoteItem[] | undefined;

export function readQuote(): QuoteItem[] {
  if (unsaved) return unsaved;
  try {
    return parseQuote(localStorage.getItem(QUOTE_KEY));
  } catch {
    return [];
  }
}

export function writeQuote(items: QuoteItem[]): void {
  try {
    if (items.length) localStorage.setItem(QUOTE_KEY, JSON.stringify({ items }));
    else localStorage.removeItem(QUOTE_KEY);
    unsaved = undefined;
  } catch {
    unsaved = items;
  }
  dispatchEvent(new CustomEvent(QUOTE_EVENT, { detail: items }));
}

/** Calls back with the basket whenever it changes, in this tab or another; returns the unsubscribe. */
export function onQuoteChange(callback: (items: QuoteItem[]) => void): () => void {
  const local = (event: Event) => callback((event as CustomEvent<QuoteItem[]>).detail ?? readQuote());
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
