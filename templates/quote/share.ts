// A quote in an address, to open on another device or send to a colleague: /quote/#q=listing.listing-1.3&q=…,
// one `q` a line: the slug of the service's page, its id, the quantity and, after them, the option's label. Slugs
// and ids never hold a dot, so an option may. Read back as a stored basket is (store.ts linesOf): checked line by
// line, this site's service pages only, at most MAX_LINES, quantities kept in range.
import type * as Store from './store.ts';
import type { QuoteLine } from './store.ts';

const ROUTE = /^\/service\/([a-z0-9-]+)\/([a-z0-9]+-\d+)\/$/;

/** The address fragment (without "#") that holds these lines. */
export function shareHash(lines: readonly QuoteLine[]): string {
  const params = new URLSearchParams();
  for (const line of lines) {
    const [, slug, id] = ROUTE.exec(line.route) ?? [];
    if (slug && id) params.append('q', [slug, id, line.quantity, ...(line.option ? [line.option] : [])].join('.'));
  }
  return params.toString();
}

/** The lines an address fragment holds (with or without its "#"); none when it holds no quote. The store is
 *  handed in: imported here, it would be a chunk of its own beside the header's (QuotePanel.tsx). */
export function sharedLines(hash: string, { linesOf }: Pick<typeof Store, 'linesOf'>): QuoteLine[] {
  const items = new URLSearchParams(hash.replace(/^#/, '')).getAll('q').map((value) => {
    const [slug, id, quantity, ...option] = value.split('.');
    return { id, route: `/service/${slug}/${id}/`, quantity: Number(quantity), ...(option.length && { option: option.join('.') }) };
  });
  return linesOf({ items });
}
