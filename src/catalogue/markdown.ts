// Markdown descriptions: parsed once with markdown-it (markdownParse.ts; places kept for link problems), then
// compiled to a sanitised element tree, as GitHub shows Markdown: raw HTML is dropped, and only the elements
// and attributes below are made, links only to web, mail and chat addresses or within the site.
import type { Token } from 'markdown-it';
import { withTrailingSlash } from '../core/routes.ts';
import { searchTerms } from '../core/searchTerms.ts';
import { treeText, type TreeElement, type TreeNode } from '../core/tree.ts';
import { beyondInputBounds, beyondTreeBounds, type BoundExceeded } from './markdownBounds.ts';
import { parseMarkdown, placeOf, type MarkdownLink, type ParsedMarkdown } from './markdownParse.ts';

export { parseMarkdown, type MarkdownLink, type ParsedMarkdown };

/** What the build keeps of a description: its links (for checking), its words (for the length check) and its
 *  compiled element tree; or, for a text beyond the bounds on hostile Markdown, which bound and where. */
export interface CompiledDescription {
  links: MarkdownLink[];
  /** The words its page shows (for the length checks), or of the text when it is refused. */
  words: number;
  tree: TreeNode[];
  /** The catalogue images the text names by their site address (img/…), each once: an image a description shows
   *  is in use (checks.ts). */
  images?: string[];
  /** What site search finds a service's description by (core/searchTerms.ts), separated by spaces: one string
   *  rather than a hundred, in every description the build keeps; none for a refused text. */
  terms?: string;
  refused?: BoundExceeded;
}

/** Parses and compiles one description; a pure function of its text. A text beyond the bounds
 *  (markdownBounds.ts) is refused before the step it would crash or stall: nothing of it is compiled. */
export function compileDescription(text: string): CompiledDescription {
  const images = imagePathsOf(text);
  const beyondInput = beyondInputBounds(text);
  if (beyondInput) return { links: [], words: wordCount(text), tree: [], images, refused: beyondInput };
  const parsed = parseMarkdown(text);
  const beyondTree = beyondTreeBounds(parsed.tokens);
  if (beyondTree) return { links: [], words: wordCount(text), tree: [], images, refused: beyondTree };
  const tree = compileMarkdown(parsed);
  // The words the page shows: raw HTML, comments and link definitions are in the text but not on the page.
  const shown = treeText(tree);
  return { links: linksOf(parsed), words: wordCount(shown), tree, images, terms: searchTerms(shown).join(' ') };
}

/** The img/… paths a text names anywhere (an image, a link, a word), each once. */
export const imagePathsOf = (text: string): string[] => [...new Set(Array.from(text.matchAll(/img\/[\w./-]+/g), ([path]) => path))];

/** Every link and link reference definition in a document, in reading order, with its place, for checking.
 *  Links by reference ("[text][name]") are checked at their definition. */
export function linksOf(parsed: ParsedMarkdown): MarkdownLink[] {
  const links = [...parsed.definitions];
  for (const token of parsed.tokens) {
    for (const child of token.children ?? []) {
      const place = placeOf(child);
      if (child.type !== 'link_open' || !place || (child.meta as { reference?: boolean }).reference) continue;
      links.push({ url: child.attrGet('href') as string, line: place.line, column: place.column });
    }
  }
  // footnotes are moved to the end of the tokens, and definitions kept apart: reading order is by place
  return links.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Words of prose, for length checks. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** A container being filled: its children, and the text not yet added (adjacent text and line breaks join). */
interface Open {
  element: TreeElement;
  text: string | undefined;
  /** A paragraph of a tight list item: its children go to the item, as GitHub shows them. */
  unwrap?: boolean;
  /** A task list item's first paragraph: its "[ ] " or "[x] " is dropped (and the checkbox with it). */
  task?: boolean;
}

const TASK = /^\[[ \t\nxX]\](?:\n|[ \t]+(?!$))/;

/** The element tree of a parsed description. Reads the tokens without changing them. */
export function compileMarkdown(parsed: ParsedMarkdown): TreeNode[] {
  const tree = new TreeBuilder();
  tree.visit(parsed.tokens);
  return tree.finish();
}

/** Builds the tree as the tokens are read: the open containers, innermost last. */
class TreeBuilder {
  private readonly root: Open = { element: ['root', null], text: undefined };
  private readonly stack: Open[] = [this.root];
  open: Open = this.root;

  visit(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.type === 'inline') this.visit(token.children ?? []);
      else if (!addLeaf(this, token)) addContainer(this, tokens, i);
    }
  }

  finish(): TreeNode[] {
    this.flush();
    return this.root.element.slice(2) as TreeNode[];
  }

  flush(): void {
    const text = this.open.text;
    this.open.text = undefined;
    // whitespace between elements is not kept; a line break's spaces and tabs neither
    if (text && (text.trim() || !text.includes('\n'))) this.open.element.push(text.includes('\n') ? text.replace(/[ \t]*\n[ \t]*/g, '\n') : text);
  }

  addText(text: string): void {
    this.open.text = (this.open.text ?? '') + text;
  }

  add(node: TreeNode): void {
    this.flush();
    this.open.element.push(node);
  }

  enter(tag: string, props: Record<string, string> | null, extra?: Partial<Open>): void {
    this.flush();
    const element: TreeElement = [tag, props];
    if (!extra?.unwrap) this.open.element.push(element);
    this.open = { element, text: undefined, ...extra };
    this.stack.push(this.open);
  }

  exit(): void {
    this.flush();
    const closed = this.stack.pop()!;
    this.open = this.stack[this.stack.length - 1]!;
    if (closed.task) dropTaskMarker(closed.element);
    if (closed.unwrap) this.open.element.push(...closed.element.slice(2));
  }
}

/** A token that holds no others: added to the tree (or dropped); false for the rest. */
function addLeaf(tree: TreeBuilder, token: Token): boolean {
  switch (token.type) {
    case 'text':
      tree.addText(token.content);
      return true;
    case 'softbreak':
      tree.addText('\n');
      return true;
    case 'hardbreak':
      tree.add(['br', null]);
      return true;
    case 'code_inline':
      tree.add(['code', null, token.content]);
      return true;
    case 'fence':
    case 'code_block': {
      const lang = token.info.trim().split(/\s+/)[0];
      const value = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
      const code = value ? `${value}\n` : '';
      // a block of blank lines is whitespace between elements too
      tree.add(['pre', null, ['code', lang ? { className: `language-${lang}` } : null, ...(code.trim() || !code.includes('\n') ? [code] : [])]]);
      return true;
    }
    case 'hr':
      tree.add(['hr', null]);
      return true;
    case 'html_block':
    case 'html_inline':
    case 'image':
      tree.flush();
      return true;
    case 'footnote_ref':
      tree.add(footnoteReference(token));
      return true;
    case 'footnote_anchor':
      footnoteBackReference(tree.open, (node) => tree.add(node), token);
      return true;
    default:
      return false;
  }
}

/** A token that opens or closes a container: the element entered, or the open one closed. */
function addContainer(tree: TreeBuilder, tokens: Token[], i: number): void {
  const token = tokens[i]!;
  switch (token.type) {
    case 'heading_open':
      return tree.enter(`h${Math.min(6, Number(token.tag.slice(1)) + 2)}`, null);
    case 'paragraph_open': {
      const item = tokens[i - 1]?.type === 'list_item_open' ? tokens[i - 1] : undefined;
      return tree.enter('p', null, { unwrap: token.hidden, task: item !== undefined && isTask(tokens[i + 1]) });
    }
    case 'bullet_list_open':
    case 'ordered_list_open':
      return tree.enter(token.tag, listProps(tokens, i));
    case 'list_item_open':
      return tree.enter('li', isTaskItem(tokens, i) ? { className: 'task-list-item' } : null);
    case 'th_open':
    case 'td_open': {
      const align = /text-align:(\w+)/.exec(String(token.attrGet('style') ?? ''))?.[1];
      return tree.enter(token.tag, align ? { align } : null);
    }
    case 's_open':
      return tree.enter('del', null);
    case 'link_open':
      return tree.enter('a', linkProps(token));
    case 'footnote_block_open':
      // Props as the DOM names them: React passes data-* and aria-* through as written, not from camelCase.
      tree.enter('section', { 'data-footnotes': 'true', className: 'footnotes' });
      tree.add(['h2', { id: 'user-content-footnote-label', className: 'visually-hidden' }, 'Footnotes']);
      return tree.enter('ol', null);
    case 'footnote_block_close':
      tree.exit();
      return tree.exit();
    case 'footnote_open':
      return tree.enter('li', { id: `user-content-fn-${footnoteId(token)}` });
    default:
      if (token.nesting === 1) tree.enter(token.tag, null);
      else if (token.nesting === -1) tree.exit();
  }
}

const isTask = (inline: Token | undefined) => inline?.type === 'inline' && TASK.test(inline.content);
const isTaskItem = (tokens: Token[], i: number) => tokens[i + 1]?.type === 'paragraph_open' && isTask(tokens[i + 2]);

/** "[ ] " or "[x] " and the space after it off the paragraph's text; a space before the rest, where the
 *  checkbox was (as GitHub's compiler leaves it, the checkbox itself being dropped as an unlabelled control). */
function dropTaskMarker(paragraph: TreeElement): void {
  const first = paragraph[2];
  if (typeof first !== 'string') return;
  const rest = first.slice(4);
  if (rest) paragraph[2] = rest;
  else paragraph.splice(2, 1);
  if (paragraph.length > 2) paragraph.splice(2, 0, ' ');
}

function listProps(tokens: Token[], open: number): Record<string, string> | null {
  const props: Record<string, string> = {};
  const start = tokens[open]!.attrGet('start');
  if (start !== null) props.start = String(start);
  const level = tokens[open]!.level;
  for (let i = open + 1; i < tokens.length && tokens[i]!.level > level; i++) {
    if (tokens[i]!.type === 'list_item_open' && tokens[i]!.level === level + 1 && isTaskItem(tokens, i)) {
      props.className = 'contains-task-list';
      break;
    }
  }
  return Object.keys(props).length ? props : null;
}

function linkProps(token: Token): Record<string, string> | null {
  const props: Record<string, string> = {};
  const href = normalizeUri(String(token.attrGet('href') ?? ''));
  if (safeProtocol(href)) props.href = href;
  const title = token.attrGet('title');
  if (title !== null) props.title = String(title);
  if (props.href) {
    if (/^https?:\/\//.test(props.href)) {
      props.rel = 'noopener noreferrer';
      props.target = '_blank';
    } else if (props.href.startsWith('/')) {
      props.href = withTrailingSlash(props.href);
    }
  }
  return Object.keys(props).length ? props : null;
}

// Footnotes as GitHub's compiler makes them; ids get the "user-content-" prefix GitHub gives ids from the text.
const footnoteId = (token: Token) => normalizeUri(String((token.meta as { label?: string }).label ?? (token.meta as { id: number }).id + 1).toLowerCase());
const referenceId = (token: Token) => {
  const subId = (token.meta as { subId?: number }).subId ?? 0;
  return `user-content-fnref-${footnoteId(token)}${subId > 0 ? `-${subId + 1}` : ''}`;
};

function footnoteReference(token: Token): TreeElement {
  const number = String((token.meta as { id: number }).id + 1);
  const props = { href: `#user-content-fn-${footnoteId(token)}`, id: referenceId(token), 'data-footnote-ref': 'true', 'aria-describedby': 'user-content-footnote-label' };
  return ['sup', null, ['a', props, number]];
}

function footnoteBackReference(open: Open, add: (node: TreeNode) => void, token: Token): void {
  const { id, subId = 0 } = token.meta as { id: number; subId?: number };
  const label = `${id + 1}${subId > 0 ? `-${subId + 1}` : ''}`;
  const props = { href: `#${referenceId(token)}`, 'data-footnote-backref': '', 'aria-label': `Back to reference ${label}`, className: 'data-footnote-backref' };
  open.text = `${open.text ?? ''} `;
  add(['a', props, '↩', ...(subId > 0 ? [['sup', null, String(subId + 1)] as TreeElement] : [])]);
}

/** Link schemes GitHub keeps (and addresses without one: relative, or a colon after a "/", "?" or "#"). */
const PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

function safeProtocol(url: string): boolean {
  const colon = url.indexOf(':');
  const before = (char: string) => {
    const at = url.indexOf(char);
    return at > -1 && colon > at;
  };
  if (colon < 0 || before('/') || before('?') || before('#')) return true;
  return PROTOCOLS.some((protocol) => colon === protocol.length && url.startsWith(protocol));
}

/** An address with what may not stand in one percent-encoded, and correct percent-encodings kept (as
 *  CommonMark's reference compiler does). */
function normalizeUri(value: string): string {
  let result = '';
  let start = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    let replace = '';
    let skip = 0;
    if (code === 37 /* % */ && isAlphanumeric(value.charCodeAt(index + 1)) && isAlphanumeric(value.charCodeAt(index + 2))) {
      skip = 2;
    } else if (code < 128) {
      if (!/[!#$&-;=?-Z_a-z~]/.test(String.fromCharCode(code))) replace = String.fromCharCode(code);
    } else if (code > 55_295 && code < 57_344) {
      const next = value.charCodeAt(index + 1);
      if (code < 56_320 && next > 56_319 && next < 57_344) {
        replace = String.fromCharCode(code, next);
        skip = 1;
      } else {
        replace = '\uFFFD';
      }
    } else {
      replace = String.fromCharCode(code);
    }
    if (replace) {
      result += value.slice(start, index) + encodeURIComponent(replace);
      start = index + skip + 1;
    }
    index += skip;
  }
  return result + value.slice(start);
}

const isAlphanumeric = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
