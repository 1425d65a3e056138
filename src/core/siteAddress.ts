// The address a site is published at (site.yaml's baseUrl, build's --base-url): canonical links, sitemap.xml,
// robots.txt and the link-preview cards' host are made from it by joining a page's route to it. The site's links
// start at the root of its host (/service/…), so the address is a host's root: a path, a query or a fragment
// would be joined into every canonical link and be wrong there, and a space is no address at all.

/** What keeps `address` from being a site's root, in words ("a path (/shop)"), or none when it is one. An
 *  address that is not absolute at all is the schema's to report. */
export function siteAddressFaults(address: string): string[] {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return [];
  }
  const faults: string[] = [];
  if (/\s/.test(address)) faults.push('a space');
  if (url.username || url.password) faults.push('a user name or password');
  if (url.pathname !== '/') faults.push(`a path (${decodeURI(url.pathname)})`);
  if (address.includes('?')) faults.push('a query (?…)');
  if (address.includes('#')) faults.push('a fragment (#…)');
  return faults;
}
