// The tags of <head> that belong to one page: title, description, robots, canonical and pagination links,
// Open Graph and Twitter tags, JSON-LD. The prerenderer writes them from the kind's head() (document.ts); after
// a client-side navigation the browser puts the new page's, read from its HTML, in place of the last one's. So
// a page reached by a link has the head a fresh load of it has (search engines that run scripts, link previews
// taken from the live document, the title a screen reader announces), and no kind's head() ships to the
// browser: it needs a service's data, which only the page's HTML has (src/client/Prerendered.tsx).
import type { Head } from './pageKind.ts';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from './socialCard.ts';

export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: [name: string, value: string][];
  /** A script's text. */
  text?: string;
}

export interface PageHead {
  title: string;
  tags: HeadTag[];
}

/** Every tag a page's head() can make: what the browser replaces on navigation. */
export const PAGE_HEAD_TAGS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'link[rel="prev"]',
  'link[rel="next"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(',');

const JSON_LD = 'application/ld+json';

/** JSON inside <script> must not be able to close the element. */
const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => ESCAPED[c]!);

/** The page's head tags, in the order the document has them (JSON-LD last). */
export function pageHeadTags(head: Head, brand: string): PageHead {
  const meta = (attribute: 'name' | 'property', key: string, content: string | undefined): HeadTag[] =>
    content ? [{ tag: 'meta', attributes: [[attribute, key], ['content', content]] }] : [];
  const link = (rel: string, href: string | undefined): HeadTag[] => (href ? [{ tag: 'link', attributes: [['rel', rel], ['href', href]] }] : []);
  const tags: HeadTag[] = [
    ...meta('name', 'description', head.description),
    ...meta('name', 'robots', head.robots),
    ...link('canonical', head.canonical),
    ...(head.links ?? []).flatMap(({ rel, href }) => link(rel, href)),
    ...meta('property', 'og:type', 'website'),
    ...meta('property', 'og:site_name', brand),
    ...meta('property', 'og:title', head.title),
    ...meta('property', 'og:description', head.description),
    ...meta('property', 'og:url', head.canonical),
    ...meta('property', 'og:image', head.image),
    // Every image a page names is 1200×630 (the drawn card, or a theme image checked to be): previews lay out at once.
    ...(head.image ? [...meta('property', 'og:image:width', String(SOCIAL_WIDTH)), ...meta('property', 'og:image:height', String(SOCIAL_HEIGHT)), ...meta('property', 'og:image:alt', head.imageAlt ?? head.title)] : []),
    // X (Twitter) reads the title, description and image from the Open Graph tags when its own are absent.
    ...meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ];
  if (head.jsonLd.length) tags.push({ tag: 'script', attributes: [['type', JSON_LD]], text: jsonForScript({ '@context': 'https://schema.org', '@graph': head.jsonLd }) });
  return { title: head.title, tags };
}

/** A page's head tags as a parsed document has them (the loaded page, or the next one's HTML). */
export function pageHeadOf(document: Document): PageHead {
  const tags = [...document.head.querySelectorAll(PAGE_HEAD_TAGS)].map(
    (element): HeadTag => ({
      tag: element.localName as HeadTag['tag'],
      attributes: [...element.attributes].map((a): [string, string] => [a.name, a.value]),
      ...(element.localName === 'script' && { text: element.textContent ?? '' }),
    }),
  );
  return { title: document.title, tags };
}

/** Puts a page's head tags in place of the document's: after the title, and JSON-LD last, as a fresh load has them. */
export function showPageHead({ title, tags }: PageHead): void {
  document.title = title;
  for (const element of document.head.querySelectorAll(PAGE_HEAD_TAGS)) element.remove();
  const elements = tags.map(({ tag, attributes, text }) => {
    const element = document.createElement(tag);
    for (const [name, value] of attributes) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    return element;
  });
  const isJsonLd = (element: HTMLElement) => element.getAttribute('type') === JSON_LD;
  const titleElement = document.head.querySelector('title');
  if (titleElement) titleElement.after(...elements.filter((e) => !isJsonLd(e)));
  else document.head.prepend(...elements.filter((e) => !isJsonLd(e)));
  document.head.append(...elements.filter(isJsonLd));
}
