// The catalogue's price rule, here so that the browser can hold a price to it too (the quote basket).

/** The highest price a service may have: above it, a typo (a zero too many, 1e23) is far likelier than a real offer. */
export const PRICE_MAX = 10_000_000;
