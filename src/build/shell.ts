// The site shell (brand, navigation, footer: the same on every page) as a file of its own in the built site.
import { createHash } from 'node:crypto';
import type { Site } from '../model/model.ts';
import { siteShell } from '../model/pages.ts';

/**
 * The site shell as a file of its own, named by its content's hash: the same for every page, so the browser
 * fetches it once and caches it for good, instead of every page's HTML carrying it (5 KB a page, 50 MB of
 * output at 10,000 services).
 */
export function siteShellAsset(site: Site): { path: string; url: string; json: string } {
  const json = JSON.stringify(siteShell(site));
  const hash = contentHash(json);
  const path = `assets/site-${hash}.json`;
  return { path, url: `/${path}`, json };
}

/** Eight characters of a file's SHA-256, in the alphabet of esbuild's hashed names (A-Z, 0-9). */
export const contentHash = (content: string | Uint8Array) =>
  createHash('sha256').update(content).digest('base64url').slice(0, 8).replace(/[-_]/g, '0').toUpperCase();
