// What the basket shows of each stored line: the service's name, price and options as its own page holds them
// (the JSON of its "Add to quote" button, AddToQuote.tsx), never as storage says. The client has no catalogue
// on every page, and a service's page is the site's own word on it. Pure, apart from the types; the panel
// fetches the pages (QuotePanel.tsx).
import { PRICE_MAX } from '../../src/core/price.ts';
import type { QuoteLine } from './store.ts';

export interface QuoteOption {
  label: string;
  price: number;
  /** A starting price. */
  from?: boolean;
}

/** A service as its page's "Add to quote" button holds it. */
export interface QuoteService {
  id: string;
  name: string;
  /** The service page, site-relative: "/service/…/". */
  route: string;
  /** The service's starting price. */
  price: number;
  /** The price is a starting price ("from $2,500"). */
  from?: boolean;
  /** The service's options, so the basket can change the choice. */
  options?: QuoteOption[];
}

/** A line as the basket shows it: the service, with the chosen option's price when one is chosen. */
export interface QuoteItem extends QuoteService {
  option?: string;
  quantity: number;
}

/** What the panel knows of a service page: its service, null when the page has none (gone), 'failed' when it could not be fetched. */
export type ServicePage = QuoteService | null | 'failed';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 500;
/** The catalogue's rule (src/catalogue/schema.ts): NaN and Infinity fail it too. */
const isPrice = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= PRICE_MAX;
const isOption = (value: unknown): value is QuoteOption => isText((value as QuoteOption | null)?.label) && isPrice((value as QuoteOption).price);

/** The service a page's add button holds as JSON, checked; undefined for anything else. */
export function parseService(json: string | null | undefined): QuoteService | undefined {
  let v: Partial<Record<string, unknown>> | null;
  try {
    v = JSON.parse(json ?? '') as typeof v;
  } catch {
    return undefined;
  }
  if (!isText(v?.id) || !isText(v.route) || !isText(v.name) || !isPrice(v.price)) return undefined;
  const service: QuoteService = { id: v.id, name: v.name, route: v.route, price: v.price };
  if (v.from === true) service.from = true;
  if (Array.isArray(v.options) && v.options.length > 0 && v.options.length <= 100 && v.options.every(isOption))
    service.options = v.options.map(({ label, price, from }: QuoteOption) => ({ label, price, ...(from === true && { from }) }));
  return service;
}

/** The line's service from the JSON of its page's add button; undefined when it is not that service. */
export function serviceOf(json: string | null | undefined, line: Pick<QuoteLine, 'id' | 'route'>): QuoteService | undefined {
  const service = parseService(json);
  return service?.id === line.id ? { ...service, route: line.route } : undefined;
}

/** The service as a line shows it: with the chosen option's price when it has that option, none chosen otherwise. */
function itemOf(service: QuoteService, option: string | undefined, quantity: number): QuoteItem {
  const chosen = service.options?.find((o) => o.label === option);
  return chosen ? { ...service, option: chosen.label, price: chosen.price, from: chosen.from, quantity } : { ...service, quantity };
}

/** One of the service with the option at that index of its page's choice: what its page's mail and chat links ask for. */
export const serviceItem = (service: QuoteService, optionIndex: number | undefined): QuoteItem =>
  itemOf(service, optionIndex === undefined ? undefined : service.options?.[optionIndex]?.label, 1);

/**
 * The basket as shown: 'loading' until every line's page is known, 'failed' when one could not be fetched
 * (the stored basket stays as it is). A line whose page holds no such service is left out, an option the
 * service does not have is none chosen, and of two lines that are then the same the first is kept.
 */
export function resolveQuote(lines: readonly QuoteLine[], pageOf: (route: string) => ServicePage | undefined): QuoteItem[] | 'loading' | 'failed' {
  const pages = lines.map((line) => pageOf(line.route));
  if (pages.includes(undefined)) return 'loading';
  if (pages.includes('failed')) return 'failed';
  const items: QuoteItem[] = [];
  lines.forEach((line, i) => {
    const service = pages[i] as QuoteService | null;
    if (service?.id !== line.id) return;
    const item = itemOf(service, line.option, line.quantity);
    if (!items.some((o) => o.id === item.id && o.option === item.option)) items.push(item);
  });
  return items;
}

/** The line storage keeps of an item. */
export const lineOf = ({ id, route, option, quantity }: QuoteItem): QuoteLine => (option ? { id, route, option, quantity } : { id, route, quantity });
