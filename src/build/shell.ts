// What the client needs that is the same on every page, as hashed files of their own in the built site: the
// site shell (brand, navigation, footer) and the client loader (every page kind's modules, the manifest).
import { createHash } from 'node:crypto';
import type { Site } from '../model/model.ts';
import { browserShell, siteShell } from '../model/shell.ts';
import { clientLoaderScript } from '../client/clientLoader.ts';
import type { DocumentAssets } from '../client/document.ts';
import type { KindInfo } from '../client/pageKind.ts';
import { ASSETS, type ClientBundle } from './bundle.ts';

/**
 * The site shell as a file of its own, named by its content's hash: the same for every page, so the browser
 * fetches it once and caches it for good, instead of every page's HTML carrying it (5 KB a page, 50 MB of
 * output at 10,000 services).
 */
export function siteShellAsset(site: Site): { path: string; url: string; json: string } {
  const json = JSON.stringify(browserShell(siteShell(site)));
  const hash = contentHash(json);
  const path = `${ASSETS}/site-${hash}.json`;
  return { path, url: `/${path}`, json };
}

/** Eight characters of a file's SHA-256, in the alphabet of esbuild's hashed names (A-Z, 0-9). */
export const contentHash = (content: string | Uint8Array) =>
  createHash('sha256').update(content).digest('base64url').slice(0, 8).replace(/[-_]/g, '0').toUpperCase();

type BundleParts = Pick<ClientBundle, 'chunks' | 'stylesheets' | 'assetsFor'>;

/** The client loader of a site (src/client/clientLoader.ts), named by its content's hash. */
export function clientLoaderAsset(bundle: BundleParts, kinds: Record<string, KindInfo>, siteShellUrl: string): { path: string; url: string; js: string } {
  // Only the kinds in `kinds`: a site without pages of a kind (no pages/ folder) does not make every visitor
  // download its entry.
  const names = Object.keys(bundle.chunks).filter((kind) => kind in kinds);
  const only = <T,>(map: Record<string, T>) => Object.fromEntries(Object.entries(map).filter(([kind]) => kind in kinds));
  const lists = names.map((kind) => bundle.assetsFor(kind).modulePreloads);
  // What every kind needs (React, the runtime, the layout) once, rather than once per kind.
  const common = lists[0]!.filter((module) => lists.every((list) => list.includes(module)));
  const js = clientLoaderScript({
    entry: bundle.assetsFor(names[0]!).entry,
    common,
    preload: Object.fromEntries(names.map((kind, i) => [kind, lists[i]!.filter((module) => !common.includes(module))])),
    fetches: [siteShellUrl],
    manifest: { chunks: only(bundle.chunks), styles: only(bundle.stylesheets), kinds: browserKinds(kinds), site: siteShellUrl },
  });
  const path = `assets/loader-${contentHash(js)}.js`;
  return { path, url: `/${path}`, js };
}

/**
 * What the browser needs to know of each kind: its paths, whether it has prerendered parts, which is the 404 page.
 * The other options (startsClient, embeddable) are the build's: every page carries what they decided.
 */
const browserKinds = (kinds: Record<string, KindInfo>): Record<string, KindInfo> =>
  Object.fromEntries(Object.entries(kinds).map(([kind, { paths, prerenderedParts, notFound }]) => [kind, { paths, ...(prerenderedParts && { prerenderedParts }), ...(notFound && { notFound }) }]));

/** The page kinds the site has pages of: what the client loader lists. */
export const kindsWithPages = (kinds: Readonly<Record<string, KindInfo>>, pages: readonly { kind: string }[]): Record<string, KindInfo> => {
  const used = new Set(pages.map((page) => page.kind));
  return Object.fromEntries(Object.entries(kinds).filter(([kind]) => used.has(kind)));
};

/** Both files, as a site has them. */
export function clientFiles(site: Site, bundle: BundleParts, kinds: Record<string, KindInfo>) {
  const shell = siteShellAsset(site);
  const loader = clientLoaderAsset(bundle, kinds, shell.url);
  return { shell, loader, files: new Map([shell, loader].map((f): [string, string] => [f.path, 'json' in f ? f.json : f.js])) };
}

/** What a site's documents link, by page kind: the bundle's stylesheets and fonts, the theme's stylesheet and
 *  icons (brand.ts), and the client loader. */
export const documentAssets =
  (bundle: Pick<ClientBundle, 'assetsFor'>, loaderUrl: string, brand?: { stylesheet: string; icons: DocumentAssets['icons']; inter: boolean }, social?: DocumentAssets['social']) =>
  (kind: string): DocumentAssets => {
    const { styles, fonts } = bundle.assetsFor(kind);
    return {
      styles: brand ? [...styles, brand.stylesheet] : styles,
      fonts: brand?.inter === false ? [] : fonts,
      icons: brand?.icons ?? [],
      loader: loaderUrl,
      ...(social && { social }),
    };
  };
