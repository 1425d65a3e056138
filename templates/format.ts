// Display rules shared by cards, pages and structured data.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$3,000", "from $2,000", or "Free" for 0. */
export function formatPrice(price: number, from = false): string {
  if (price === 0) return 'Free';
  return from ? `from ${dollars.format(price)}` : dollars.format(price);
}

/** A mail link whose subject names the service and its id, correctly encoded. */
export function mailto(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

export const serviceSubject = (name: string, id: string) => `Order: ${name} (${id})`;
