// Markdown descriptions: parsed once with remark (positions kept for link problems), then compiled to a
// sanitised element tree. Raw HTML is dropped and unsafe links removed by rehype-sanitize.
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot, Nodes as MdastNodes } from 'mdast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype, { defaultHandlers } from 'remark-rehype';
import { unified } from 'unified';
import { withTrailingSlash } from '../core/routes.ts';
import type { TreeElement, TreeNode } from '../core/tree.ts';
import { beyondInputBounds, beyondTreeBounds, type BoundExceeded } from './markdownBounds.ts';

const gfmParser = unified().use(remarkParse).use(remarkGfm);
const plainParser = unified().use(remarkParse);
// GitHub's extensions double the parsing time, and each needs a character or word that most prose lacks:
// tables "|", strikethrough "~", footnotes "[^", task lists "[ ]" or "[x]", autolinks "www.", "http(s):" or
// "@". A text without any of them parses to the same tree without the extensions.
const MAY_USE_GFM = /[|~@]|\[\^|\[[ xX]\]|www\.|https?:/i;
// A link's own address ("[text](https://…)") is not prose: no extension applies inside it. Most descriptions
// with a web address have it there, and took the slower parser for it.
const LINK_ADDRESS = /(\[[^\]]*\]\()[^()\s]*\)/g;
const compiler = unified()
  // Headings move down two levels: the page already has its h1 and the description sits under an h2. Done
  // while converting, so the parsed Markdown is never copied or changed (it is kept for the next rebuild).
  .use(remarkRehype, {
    handlers: {
      heading: (state, node) => ({ ...defaultHandlers.heading(state, node), tagName: `h${Math.min(6, node.depth + 2)}` }),
    },
  })
  .use(rehypeSanitize, {
    ...defaultSchema,
    // Task-list checkboxes would be unlabelled form controls; images belong in the service's `image`.
    tagNames: defaultSchema.tagNames?.filter((tag) => !['input', 'img', 'h1', 'h2'].includes(tag)),
  });

export interface MarkdownLink {
  url: string;
  line: number;
  column: number;
}

export const parseMarkdown = (text: string): MdastRoot => (MAY_USE_GFM.test(text.replace(LINK_ADDRESS, '$1)')) ? gfmParser : plainParser).parse(text);

/** What the build keeps of a description: its links (for checking), its words (for the length check) and its
 *  compiled element tree; or, for a text beyond the bounds on hostile Markdown, which bound and where. */
export interface CompiledDescription {
  links: MarkdownLink[];
  words: number;
  tree: TreeNode[];
  refused?: BoundExceeded;
}

/** Parses and compiles one description; a pure function of its text. A text beyond the bounds
 *  (markdownBounds.ts) is refused before the step it would crash or stall: nothing of it is compiled. */
export function compileDescription(text: string): CompiledDescription {
  const words = wordCount(text);
  const beyondInput = beyondInputBounds(text);
  if (beyondInput) return { links: [], words, tree: [], refused: beyondInput };
  const root = parseMarkdown(text);
  const beyondTree = beyondTreeBounds(root);
  if (beyondTree) return { links: [], words, tree: [], refused: beyondTree };
  return { links: linksOf(root), words, tree: compileMarkdown(root) };
}

/** Every link and definition in a document, with its position, for checking. */
export function linksOf(root: MdastRoot): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  const visit = (node: MdastNodes) => {
    if ((node.type === 'link' || node.type === 'definition') && node.position) {
      links.push({ url: node.url, line: node.position.start.line, column: node.position.start.column });
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(root);
  return links;
}

/** Words of prose, for length checks. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function compileMarkdown(root: MdastRoot): TreeNode[] {
  const hast = compiler.runSync(root) as HastRoot;
  return hast.children.flatMap(toTree);
}

function toTree(node: HastRoot['children'][number] | ElementContent): TreeNode[] {
  if (node.type === 'text') return node.value.trim() || !/\n/.test(node.value) ? [node.value] : [];
  if (node.type !== 'element') return [];
  return [[node.tagName, propsOf(node), ...node.children.flatMap(toTree)] as TreeElement];
}

function propsOf(element: Element): Record<string, string> | null {
  const props: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.properties)) {
    if (value === undefined || value === null || value === false) continue;
    const key = name === 'className' ? 'className' : name;
    props[key] = Array.isArray(value) ? value.join(' ') : String(value);
  }
  if (element.tagName === 'a' && props.href) {
    if (/^https?:\/\//.test(props.href)) {
      props.rel = 'noopener noreferrer';
      props.target = '_blank';
    } else if (props.href.startsWith('/')) {
      props.href = withTrailingSlash(props.href);
    }
  }
  return Object.keys(props).length ? props : null;
}
