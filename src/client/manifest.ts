// What the build hands the browser: the boot data in every page and the client manifest in the loader.
import type { KindInfo } from './pageKind.ts';

/**
 * What a page tells the client about itself: its kind (the route is the address it is at, except on the 404
 * page, which a host serves at any address). The rest is the same on every page (clientLoader.ts).
 */
export interface BootData {
  kind: string;
  /** Start the client with the page when its address has a query: clientLoader.ts. */
  start?: 'query';
}

export interface ClientManifest {
  /** Page kind → URL of its chunk. */
  chunks: Record<string, string>;
  /** Page kind → URL of its stylesheet (a page links only its kind's: src/client/stylesheets.ts). */
  styles: Record<string, string>;
  /** Page kind → its paths and options (src/client/pageKind.ts). */
  kinds: Record<string, KindInfo>;
  /** URL of the site shell (brand, navigation, footer), shared by every page. */
  site: string;
}
