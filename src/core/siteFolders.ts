// The folders at the site's root that the build fills: a page of the site's own or a file of public/ may not take
// their names.
export const SITE_FOLDERS = { assets: 'assets', images: 'img', search: 'search-index' } as const;
