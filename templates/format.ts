// Display rules shared by cards, pages and structured data.

// Written out rather than Intl.NumberFormat: building the first Intl formatter loads ICU's locale data, which
// took 30-50 ms of the phone's main thread while the page's scripts were evaluated (a long task, counted by
// Lighthouse's TBT). Prices are whole US dollars (the schema says so), so grouping digits is all there is.
const dollars = (price: number) => `$${Math.round(price).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** "$3,000", "from $2,000", or "Free" for 0. */
export function formatPrice(price: number, from = false): string {
  if (price === 0) return 'Free';
  return from ? `from ${dollars(price)}` : dollars(price);
}

/** A mail link whose subject names the service and its id, correctly encoded. */
export function mailto(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

export const serviceSubject = (name: string, id: string) => `Order: ${name} (${id})`;
