// The ids the home page holds besides its categories' sections (each `{anchor}`, with its heading
// `{anchor}-title`): a category's anchor that made one of them again would give the page two elements with one id,
// and /#anchor (the Categories menu's links) or the skip link would lead to the first of them. The list is checked
// against the example's home page as built (tests/integration/homePageIds.test.ts): a template that adds an id to
// the home page adds it here too.

/** Ids written as they are: the document, the layout (skip links, main, footer), the hero, the clients' section,
 *  the featured cases, and the quote basket's dialog, which the client adds. */
const FIXED = new Set([
  'root',
  'storefront-boot',
  'skip-links-heading',
  'main',
  'hero-title',
  'hero-search-q',
  'featured-cases-title',
  'clients',
  'clients-title',
  'footer',
  'footer-contact',
  'footer-address',
  'footer-other',
  'quote-title',
]);

/** Ids made with a number: the stats' source references and their notes. */
const NUMBERED = /^stat-(?:ref|note)-\d+$/;

/** Whether the home page holds `id` whatever its categories are. */
export const isHomePageId = (id: string) => FIXED.has(id) || NUMBERED.test(id);

/** The ids a category's section takes on the home page. */
export const categorySectionIds = (anchor: string) => [anchor, `${anchor}-title`];
