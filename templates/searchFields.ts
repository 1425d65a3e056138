// The search index's filters (`category` holds the category's anchor) and sort keys: written into each record by
// searchIndex.ts at build time, asked for by pagefind.ts in the browser. A module of their own, so that the
// browser's search chunk does not take the build's record writer with it.
export const FILTERS = { category: 'category', max: 'max', min: 'min' } as const;
export const SORTS = { price: 'price', name: 'name' } as const;
