// The address a site is published at (site.yaml's baseUrl, build's --base-url): canonical links, sitemap.xml,
// robots.txt and the link-preview cards' host are made from it by joining a page's route to it. The site's links
// start at the root of its host (/service/…), so the address is a host's root: a path, a query or a fragment
// would be joined into every canonical link and be wrong there, and a space is no address at all.

/** Why a browser cannot read `address` (one URL.canParse refuses), in words: "its port 99999 is over 65535". */
export function unreadableAddressPart(address: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(address)?.[1] ?? '';
  const [host = '', port] = authority.replace(/^.*@/, '').split(/:(?=[^:\]]*$)/);
  if (!host.trim()) return 'it has no host name';
  if (port !== undefined && !/^\d*$/.test(port)) return `its port "${port}" is not a number`;
  if (port !== undefined && Number(port) > 65535) return `its port ${port} is over 65535`;
  if (/%(?![0-9a-f]{2})/i.test(address)) return 'a "%" in it is not followed by two hexadecimal digits (write %25 for a percent sign)';
  return 'its host name holds a character no host name can (a space, "%", "<", ">" or the like)';
}

/** What keeps `address` from being a site's root, in words ("a path (/shop)"), or none when it is one. An
 *  address that is not absolute at all is the schema's to report. */
export function siteAddressFaults(address: string): string[] {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return /^https?:\/\/[^/\s]+/i.test(address) ? [`a part a browser cannot read (${unreadableAddressPart(address)})`] : [];
  }
  const faults: string[] = [];
  if (/\s/.test(address)) faults.push('a space');
  if (url.username || url.password) faults.push('a user name or password');
  if (url.pathname !== '/') faults.push(`a path (${decodeURI(url.pathname)})`);
  if (address.includes('?')) faults.push('a query (?…)');
  if (address.includes('#')) faults.push('a fragment (#…)');
  return faults;
}
