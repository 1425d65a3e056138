// The HTML document around a prerendered page. A string template rather than React: React owns only
// <div id="root">, so browser extensions touching <head> or <body> cannot break hydration.
import type { Head } from './pageKind.ts';
import { clientStartScript } from './clientLoader.ts';
import { colorModeScript } from './colorMode.ts';
import { fontScript } from './fontLoader.ts';

/** A <link> to an icon: the favicon, the home-screen icon. */
export interface IconLink {
  rel: 'icon' | 'apple-touch-icon';
  href: string;
  type?: string;
  sizes?: string;
}

export interface DocumentAssets {
  /** Stylesheets, in order: the bundle's, then the theme's (src/build/brand.ts). */
  styles: string[];
  /** The font the head script turns on (one latin subset of Inter: fontLoader.ts), none when the theme uses
   *  the system's font. */
  fonts: string[];
  /** The favicon and the home-screen icon. */
  icons?: IconLink[];
  /** The client loader (clientLoader.ts), the same file on every page. */
  loader: string;
}

export interface DocumentInput {
  head: Head;
  brand: string;
  body: string;
  /** Boot data for the client, serialised as JSON (not executed: fine under a strict CSP). */
  boot: unknown;
  assets: DocumentAssets;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script> must not be able to close the element. */
const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => ESCAPED[c]!);

export function htmlDocument({ head, brand, body, boot, assets }: DocumentInput): string {
  const meta = (attr: 'name' | 'property', key: string, content: string | undefined) =>
    content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}">` : '';
  return [
    '<!doctype html>',
    '<html lang="en" data-theme="light">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<script>${colorModeScript}</script>`,
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    ...(head.links ?? []).map(({ rel, href }) => `<link rel="${escapeHtml(rel)}" href="${escapeHtml(href)}">`),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brand),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    // X (Twitter) reads the title, description and image from the Open Graph tags when its own are absent.
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    '<meta name="color-scheme" content="light dark">',
    ...(assets.icons ?? []).map(({ rel, href, type, sizes }) => `<link rel="${rel}" href="${escapeHtml(href)}"${type ? ` type="${type}"` : ''}${sizes ? ` sizes="${sizes}"` : ''}>`),
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.fonts.map((href) => `<script data-font-file="${escapeHtml(href)}">${fontScript}</script>`),
    head.jsonLd.length ? `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': head.jsonLd })}</script>` : '',
    '</head>',
    '<body>',
    `<div id="root">${body}</div>`,
    `<script type="application/json" id="storefront-boot" data-loader="${assets.loader}">${jsonForScript(boot)}</script>`,
    `<script>${clientStartScript}</script>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
