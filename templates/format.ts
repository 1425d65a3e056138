// Display rules shared by cards, pages and structured data.

// Written out rather than Intl.NumberFormat: building the first Intl formatter loads ICU's locale data, which
// took 30-50 ms of the phone's main thread while the page's scripts were evaluated (a long task, counted by
// Lighthouse's TBT). Prices are US dollars with at most two decimals (the schema says so): group the digits,
// and show cents only when there are some.
const dollars = (price: number) => {
  const cents = Math.round(price * 100);
  const whole = Math.trunc(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents % 100 ? `$${whole}.${String(cents % 100).padStart(2, '0')}` : `$${whole}`;
};

/** The price as a plain number text for structured data, with the cents shown: "2500", "3.60". */
export const priceValue = (price: number) => (Number.isInteger(price) ? String(price) : price.toFixed(2));

/** "$3,000", "$3.60", "from $2,000", or "Free" for 0. */
export function formatPrice(price: number, from = false): string {
  if (price === 0) return 'Free';
  return from ? `from ${dollars(price)}` : dollars(price);
}

/** A delivery time as shown: each number joined to the word after it by a no-break space, and a range's hyphen
 *  to the number after it by a word joiner (Chromium breaks after it), so a narrow column breaks "3-4 weeks"
 *  between words only, never into "3-" and "4 weeks" or "3-4" and "weeks". */
export const formatDelivery = (text: string) => text.replace(/(\d)\s+(?=\p{L})/gu, '$1\u00a0').replace(/(\d)-(?=\d)/g, '$1-\u2060');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-11-01" → "1 November 2026": a day as people read it, the same in every browser and time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
}

/** "2026-03" → "March 2026", "2026-03-14" → "14 March 2026": when a figure was measured. */
export function formatAsOf(value: string): string {
  if (value.length > 7) return formatDay(value);
  const [year, month] = value.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${year}`;
}
