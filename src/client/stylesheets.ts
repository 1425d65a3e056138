// A page links only its kind's stylesheet (the site's rules and its kind's: templates/pages/{kind}.css), so a
// cold load fetches and applies no rule another kind needs. A client-side navigation to another kind loads
// that kind's stylesheet switched off (media "not all": fetched, never applied), and the new page's commit
// switches it on and every other kind's off. The document then has exactly the rules, in the order, that a
// fresh load of the page has: kinds' stylesheets repeat the site's rules, so two on at once would not.

const KIND_MEDIA_OFF = 'not all';

const stylesheetLinks = (): HTMLLinkElement[] => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
const hrefOf = (link: HTMLLinkElement) => link.getAttribute('href') ?? '';

/** A stylesheet that failed to load is still a sheet to Chromium, one whose rules it will not show. */
function loaded(link: HTMLLinkElement): boolean {
  try {
    return link.sheet!.cssRules.length > 0;
  } catch {
    return false;
  }
}

/**
 * Loads a kind's stylesheet into the document, switched off unless it is already there; resolves once the
 * browser has parsed it. Kinds' stylesheets stay together, before the theme's (src/build/brand.ts), whose
 * tokens must win. A link that failed (the document's own, say, after a redeploy) is replaced, and a failed
 * load leaves no link behind, so a retry asks again. The page source calls this once per kind and attempt.
 */
export function loadStylesheet(url: string, kindStylesheets: ReadonlySet<string>): Promise<void> {
  const links = stylesheetLinks();
  const existing = links.find((link) => hrefOf(link) === url);
  if (existing && loaded(existing)) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = KIND_MEDIA_OFF;
  link.href = url;
  const lastOfKinds = links.filter((candidate) => kindStylesheets.has(hrefOf(candidate))).at(-1);
  if (lastOfKinds) lastOfKinds.after(link);
  else document.head.prepend(link);
  existing?.remove();
  return new Promise((resolve, reject) => {
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error('The stylesheet did not load'));
    };
  });
}

/** Switches the kind's stylesheet on and every other kind's off (before the new page is painted). */
export function showStylesheet(url: string, kindStylesheets: ReadonlySet<string>): void {
  for (const link of stylesheetLinks()) if (kindStylesheets.has(hrefOf(link))) link.media = hrefOf(link) === url ? '' : KIND_MEDIA_OFF;
}
