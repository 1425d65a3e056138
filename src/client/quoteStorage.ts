// The quote basket's key in localStorage, here because the inline start script (clientLoader.ts) reads it
// too: a basket kept from an earlier visit starts the client at once, for the header's count.
/** Present only while the basket holds items (templates/quote/store.ts removes it when empty). */
export const QUOTE_STORAGE_KEY = 'storefront-quote-v1';
