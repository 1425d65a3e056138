// Descriptions are parsed with markdown-it: CommonMark with GitHub's tables, strikethrough, bare links and
// footnotes. Its tokens carry lines but no columns; the rules wrapped here note where links, emphasis, block
// quotes, lists and tables start (for link problems and the bounds on hostile Markdown), and where each link
// reference definition is, which leaves no token.
import markdownIt from 'markdown-it';
import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';

export interface MarkdownLink {
  url: string;
  line: number;
  column: number;
}

/** A parsed description: markdown-it's tokens, with `meta.line`/`meta.column` on the tokens placed below. */
export interface ParsedMarkdown {
  tokens: Token[];
  /** Link reference definitions, in the order written. */
  definitions: MarkdownLink[];
}

/** Where a token starts in the text, when the parse noted it. */
export interface Place {
  line: number;
  column: number;
}

export const placeOf = (token: Token): Place | undefined => {
  const meta = token.meta as Partial<Place> | null;
  return meta?.line === undefined ? undefined : (meta as Place);
};

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

interface Env {
  [key: string | symbol]: unknown;
  references?: Record<string, { href: string; title: string }>;
  definitions: MarkdownLink[];
}

const MAY_LINK = /www\.|@|:\/\//i;
const parser = createParser();

export function parseMarkdown(text: string): ParsedMarkdown {
  const env: Env = { definitions: [] };
  const tokens = parser.parse(text, env);
  placeInlineTokens(tokens, text.replace(/\r\n?/g, '\n').split('\n'));
  return { tokens, definitions: env.definitions };
}

function createParser(): MarkdownIt {
  // HTML is parsed (so that it is recognised and dropped when compiling, as GitHub does) rather than shown as text.
  const md = markdownIt({ html: true, linkify: true });
  // Addresses are kept as written: the compiler encodes and checks them (markdown.ts), and link problems quote them.
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  // GitHub's bare links: http(s)://…, www.… and e-mail addresses; not ftp:, "//…" or a bare "example.com".
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false }).add('ftp:', null).add('//', null);
  // Looking for bare domains is most of the parse's time; a text without "www.", "@" or "://" has no such link.
  const test = md.linkify.test.bind(md.linkify);
  md.linkify.test = (text) => MAY_LINK.test(text) && test(text);
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text) => match(text)?.filter((link) => link.schema !== '' || /^www\./i.test(link.text)) ?? null;
  md.use(footnote);
  // "^[note]" is markdown-it's own, not GitHub's
  md.inline.ruler.disable('footnote_inline');

  for (const name of ['blockquote', 'list', 'table']) placeBlock(md, name);
  noteDefinitions(md);
  placeInline(md, 'link', linkStart);
  placeInline(md, 'autolink', (state, pos) => ({ offset: pos }));
  placeInline(md, 'linkify', (state, pos) => ({ offset: pos - (/([a-z][a-z0-9.+-]*)$/i.exec(state.pending)?.[1]?.length ?? 0) }));
  placeDelimiters(md, 'emphasis');
  gfmStrikethrough(md);
  return md;
}

// Delimiter markers of GitHub's strikethrough: "~" and "~~" close only what the same run opened.
const ONE_TILDE = -1;
const TWO_TILDES = -2;

/** GitHub's strikethrough: "~a~" or "~~a~~"; markdown-it's own takes only "~~", and pairs "~~~" with "~~". */
function gfmStrikethrough(md: MarkdownIt): void {
  md.inline.ruler.at('strikethrough', (state, silent) => {
    if (silent || state.src.charCodeAt(state.pos) !== 0x7e /* ~ */) return false;
    const scanned = state.scanDelims(state.pos, true);
    const token = state.push('text', '', 0);
    token.content = '~'.repeat(scanned.length);
    token.meta = { offset: state.pos };
    if (scanned.length <= 2) {
      const marker = scanned.length === 1 ? ONE_TILDE : TWO_TILDES;
      state.delimiters.push({ marker, length: 0, token: state.tokens.length - 1, end: -1, open: scanned.can_open, close: scanned.can_close });
    }
    state.pos += scanned.length;
    return true;
  });
  md.inline.ruler2.at('strikethrough', (state) => {
    for (const delimiters of [state.delimiters, ...state.tokens_meta.map((meta) => meta?.delimiters ?? [])]) {
      for (const opener of delimiters) {
        if ((opener.marker !== ONE_TILDE && opener.marker !== TWO_TILDES) || opener.end === -1) continue;
        const open = state.tokens[opener.token]!;
        const close = state.tokens[delimiters[opener.end]!.token]!;
        Object.assign(open, { type: 's_open', tag: 's', nesting: 1, markup: open.content, content: '' });
        Object.assign(close, { type: 's_close', tag: 's', nesting: -1, markup: close.content, content: '' });
      }
    }
    return true;
  });
}

function ruleOf<F>(ruler: { __rules__: { name: string; fn: F; alt: string[] }[] }, name: string) {
  const rule = ruler.__rules__.find((candidate) => candidate.name === name);
  if (!rule) throw new Error(`markdown-it has no rule ${name}`);
  return rule;
}

/** Where the block at `startLine` starts: its line, and the column after indentation and enclosing markers. */
function blockPlace(state: StateBlock, startLine: number): Place {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  return { line: startLine + 1, column: start - (state.src.lastIndexOf('\n', start - 1) + 1) + 1 };
}

/** Notes on the opening token a block rule pushes first where its block starts. */
function placeBlock(md: MarkdownIt, name: string): void {
  const { fn, alt } = ruleOf<BlockRule>(md.block.ruler, name);
  md.block.ruler.at(
    name,
    (state, startLine, endLine, silent) => {
      const first = state.tokens.length;
      if (!fn(state, startLine, endLine, silent)) return false;
      const token = state.tokens[first];
      if (!silent && token) token.meta = { ...token.meta, ...blockPlace(state, startLine) };
      return true;
    },
    { alt },
  );
}

/** Records each link reference definition with its place; the first of a label is the one links use. */
function noteDefinitions(md: MarkdownIt): void {
  const { fn, alt } = ruleOf<BlockRule>(md.block.ruler, 'reference');
  md.block.ruler.at(
    'reference',
    (state, startLine, endLine, silent) => {
      const env = state.env as unknown as Env;
      const known = env.references ?? {};
      env.references = {};
      const found = fn(state, startLine, endLine, silent);
      const added = env.references;
      env.references = known;
      for (const [label, reference] of Object.entries(added)) {
        if (!(label in known)) known[label] = reference;
        if (!silent) env.definitions.push({ url: reference.href, ...blockPlace(state, startLine) });
      }
      return found;
    },
    { alt },
  );
}

/** Where a link the `link` rule parsed starts, and whether it is a reference ("[a][b]", "[a]"), which checks skip. */
function linkStart(state: StateInline, pos: number): Record<string, unknown> {
  const labelEnd = state.md.helpers.parseLinkLabel(state, pos, true);
  const inline = labelEnd >= 0 && state.src.charCodeAt(labelEnd + 1) === 0x28 /* ( */ && state.pos > labelEnd + 1;
  return inline ? { offset: pos } : { offset: pos, reference: true };
}

/** Notes on the link a rule opens its offset in the inline text (placed on lines by placeInlineTokens). */
function placeInline(md: MarkdownIt, name: string, start: (state: StateInline, pos: number) => Record<string, unknown>): void {
  const { fn, alt } = ruleOf<InlineRule>(md.inline.ruler, name);
  md.inline.ruler.at(
    name,
    (state, silent) => {
      const pos = state.pos;
      const pending = state.pending;
      const first = state.tokens.length;
      if (!fn(state, silent)) return false;
      if (silent) return true;
      const token = state.tokens.slice(first).find((candidate) => candidate.type === 'link_open');
      if (token) {
        const current = state.pending;
        state.pending = pending;
        token.meta = { ...token.meta, ...start(state, pos) };
        state.pending = current;
      }
      return true;
    },
    { alt },
  );
}

/** Notes on each delimiter token of emphasis or strikethrough its offset; the one that opens keeps it. */
function placeDelimiters(md: MarkdownIt, name: string): void {
  const { fn, alt } = ruleOf<InlineRule>(md.inline.ruler, name);
  md.inline.ruler.at(
    name,
    (state, silent) => {
      const pos = state.pos;
      if (!fn(state, silent)) return false;
      let end = state.pos;
      for (let i = state.tokens.length - 1; i >= 0 && end > pos; i--) {
        const token = state.tokens[i]!;
        end -= token.content.length;
        token.meta = { offset: end };
      }
      return true;
    },
    { alt },
  );
}

/** The tokens whose place checks and bounds report. */
const PLACED = new Set(['link_open', 'em_open', 'strong_open', 's_open']);

/** Turns the inline offsets noted while parsing into lines and columns of the text. */
function placeInlineTokens(tokens: Token[], lines: string[]): void {
  // a table cell's text is found in its row's line, after the cells before it
  let row = 0;
  let rowCursor = 0;
  for (const [index, token] of tokens.entries()) {
    if (token.type === 'tr_open') [row, rowCursor] = [token.map?.[0] ?? row, 0];
    if (token.type !== 'inline' || !token.children) continue;
    const before = tokens[index - 1]?.type;
    let place: (offset: number) => Place;
    if (before === 'td_open' || before === 'th_open') {
      const at = (lines[row] ?? '').indexOf(token.content, rowCursor);
      const cellStart = at < 0 ? rowCursor : at;
      rowCursor = cellStart + token.content.length;
      const line = row + 1;
      place = (offset) => ({ line, column: cellStart + offset + 1 });
    } else if (token.map) {
      place = inlinePlacer(token.content, token.map[0], lines);
    } else continue;
    let cursor = 0;
    for (let i = 0; i < token.children.length; i++) {
      const child = token.children[i]!;
      if (!PLACED.has(child.type)) continue;
      let offset = (child.meta as { offset?: number } | null)?.offset;
      if (offset === undefined && child.markup === 'linkify') {
        // GitHub's bare links the core rule found in a text token: searched for in the text after the last place
        const at = token.content.indexOf(token.children[i + 1]?.content ?? '', cursor);
        offset = at < 0 ? cursor : at;
      }
      if (offset === undefined) continue;
      cursor = offset;
      child.meta = { ...child.meta, ...place(offset) };
    }
  }
}

/**
 * Places offsets of an inline token's text that starts on line `first` (0-based). The text's lines are the
 * ends of the text's lines from there on (block quote markers and indentation cut off, the last line
 * trimmed), so each is found as the last occurrence in its line; each line is looked up once.
 */
function inlinePlacer(content: string, first: number, lines: string[]): (offset: number) => Place {
  const starts = [0];
  for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) starts.push(at + 1);
  const shifts: number[] = [];
  return (offset) => {
    let index = 0;
    for (let low = 0, high = starts.length - 1; low <= high; ) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= offset) [index, low] = [middle, middle + 1];
      else high = middle - 1;
    }
    if (shifts[index] === undefined) {
      const end = index + 1 < starts.length ? starts[index + 1]! - 1 : content.length;
      shifts[index] = Math.max(0, (lines[first + index] ?? '').lastIndexOf(content.slice(starts[index], end)));
    }
    return { line: first + index + 1, column: shifts[index]! + offset - starts[index]! + 1 };
  };
}
