// The addresses of the catalogue's own things (services, alternatives pages, home sections) and where a route
// lives on disk. One trailing-slash policy for every link, canonical URL and sitemap entry: pages are
// directories, so every route except the root ends in "/" (what object storage, CDNs and nginx serve as a
// directory index without any rewrite rule). The catalogue's checks, the model and the page kinds share it.

export const ALTERNATIVE_PREFIX = 'alternative-to-';

export const routes = {
  home: () => '/',
  service: (slug: string, id: string) => `/service/${slug}/${id}/`,
  alternative: (competitorSlug: string) => `/alternatives/${ALTERNATIVE_PREFIX}${competitorSlug}/`,
  section: (anchor: string) => `/#${anchor}`,
  /** A category's own page; its further pages (page 2 on) at /category/{anchor}/page/{n}/. */
  category: (anchor: string, page = 1) => (page > 1 ? `/category/${anchor}/page/${page}/` : `/category/${anchor}/`),
  /** A page of the site's own (pages/{slug}.md). */
  page: (slug: string) => `/${slug}/`,
  /** The list of case studies, and one (catalogue/cases/{slug}.md). */
  cases: () => '/cases/',
  caseStudy: (slug: string) => `/cases/${slug}/`,
} as const;

/** The file a route is written to, relative to the output folder. */
export function routeToFile(route: string): string {
  const path = route.split(/[?#]/)[0]!;
  if (!path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Not a site route: ${route}`);
  }
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/** Adds the trailing slash the policy wants to a path written by hand (query and hash kept). */
export function withTrailingSlash(href: string): string {
  const match = /^([^?#]*)(.*)$/.exec(href)!;
  const path = match[1]!;
  if (path === '' || path.endsWith('/') || /\.[a-z0-9]+$/i.test(path)) return href;
  return `${path}/${match[2]}`;
}

/** A listed competitor's name when site.yaml gives none: "crypto-promoters-global" → "Crypto Promoters Global". */
export function competitorName(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The competitor slug of an alternatives path parameter, or undefined when it lacks the prefix. */
export function competitorSlugOf(param: string | undefined): string | undefined {
  if (!param?.startsWith(ALTERNATIVE_PREFIX)) return undefined;
  const slug = param.slice(ALTERNATIVE_PREFIX.length);
  return slug || undefined;
}
