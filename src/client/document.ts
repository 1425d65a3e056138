// The HTML document around a prerendered page. A string template rather than React: React owns only
// <div id="root">, so browser extensions touching <head> or <body> cannot break hydration.
import type { Head } from './pageKind.ts';
import { clientStartScript } from './clientLoader.ts';
import { colorModeScript } from './colorMode.ts';
import { fontScript } from './fontLoader.ts';
import { jsonForScript, pageHeadTags, type HeadTag } from './headTags.ts';
import { socialCardText, socialImagePath } from './socialCard.ts';

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
  /** Where the social images are (the site's address) and the look they are drawn in (src/build/socialImages.ts). */
  social?: { baseUrl: string; style: string };
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
export { jsonForScript };

const tagHtml = ({ tag, attributes, text }: HeadTag) =>
  `<${tag}${attributes.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('')}>${text === undefined ? '' : `${text}</${tag}>`}`;

/** The page's head with its social image: its own, or the card the build draws of its words. */
function withSocialImage(head: Head, social: DocumentAssets['social']): Head {
  if (head.image || !head.social || !social) return head;
  return { ...head, image: `${social.baseUrl}/${socialImagePath(social.style, head.social)}`, imageAlt: socialCardText(head.social) };
}

export function htmlDocument({ head, brand, body, boot, assets }: DocumentInput): string {
  const { tags } = pageHeadTags(withSocialImage(head, assets.social), brand);
  const jsonLd = tags.filter((tag) => tag.tag === 'script');
  return [
    '<!doctype html>',
    '<html lang="en" data-theme="light">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<script>${colorModeScript()}</script>`,
    `<title>${escapeHtml(head.title)}</title>`,
    ...tags.filter((tag) => tag.tag !== 'script').map(tagHtml),
    '<meta name="color-scheme" content="light dark">',
    ...(assets.icons ?? []).map(({ rel, href, type, sizes }) => `<link rel="${rel}" href="${escapeHtml(href)}"${type ? ` type="${type}"` : ''}${sizes ? ` sizes="${sizes}"` : ''}>`),
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.fonts.map((href) => `<script data-font-file="${escapeHtml(href)}">${fontScript}</script>`),
    ...jsonLd.map(tagHtml),
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
