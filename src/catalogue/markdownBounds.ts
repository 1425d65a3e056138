// Bounds on hostile Markdown. Set for remark's parser (micromark), which recursed with the nesting and took
// time that grew with the square of some counts: "> " × 3000 (6 KB) overflowed the stack, and "**_" × 30,000
// (90 KB) in one paragraph took 67 s of CPU. markdown-it, which parses now, takes 0.3 s on that paragraph and
// does not recurse with block nesting, but it too takes 0.3-0.4 s on 30,000 links in one paragraph, and a page
// would not show such texts well: the bounds stay, and their answers with them. Real
// descriptions nest 3 or 4 deep and have a few dozen marks a paragraph, so each bound is far above them and is
// decided by counting, never by a clock: the same text gets the same answer on every machine. The text is
// counted before it is parsed (what makes the parser slow), and the parsed tokens before they are compiled
// (nesting and table cells, which the compiled tree would carry to every page).
import type { Token } from 'markdown-it';
import type { ProblemCode } from './codes.ts';
import { placeOf } from './markdownParse.ts';
import { error, type Problem } from './problems.ts';

/** Block quotes, lists, links and emphasis inside one another: the compiler recursed out of stack at ~1000. */
export const MAX_NESTING = 32;
/** Runs of *, _ or ~ and single [ or ] in one paragraph: the parser pairs them in time that grows with the
 *  square of their number (2 s for 8,000 in 24 KB, a minute for 60,000). */
export const MAX_MARKS_PER_PARAGRAPH = 1000;
/** Block quote and list markers and heading underlines in a description: closing a quote or a list, and
 *  each underlined heading, copies all that the parser has read so far (5 s for 5,000 quotes in 25 KB). */
export const MAX_BLOCK_MARKS = 2000;
/** Cells of a description's tables: every row gets as many as the header has columns, so 8 KB of table made
 *  2 million cells (1.3 GB, 3.5 s). */
export const MAX_TABLE_CELLS = 10_000;

/** A bound a description exceeds, where (its line and column in the text) and what to do. */
export interface BoundExceeded {
  code: Extract<ProblemCode, 'description-too-deep' | 'description-too-complex'>;
  line: number;
  column: number;
  message: string;
  hint: string;
}

/** The problem of a description (or alternatives page) beyond a bound; `lineOffset` is the lines before its Markdown. */
export const boundProblem = (file: string, bound: BoundExceeded, lineOffset = 0): Problem =>
  error(bound.code, file, { line: bound.line + lineOffset, column: bound.column }, bound.message, bound.hint);

const tooDeep = (line: number, column: number): BoundExceeded => ({
  code: 'description-too-deep',
  line,
  column,
  message: `Block quotes, lists, links or emphasis are nested more than ${MAX_NESTING} deep here.`,
  hint: 'Nest them a few levels at most (a description reads well with 3 or 4): remove the extra ">", list markers or emphasis marks.',
});

/** The first line that exceeds a bound on the text's shape, before it is parsed; one pass over the text. */
export function beyondInputBounds(text: string): BoundExceeded | undefined {
  const lines = text.split('\n');
  let blockMarks = 0;
  let paragraphStart = 0;
  let paragraphMarks = 0;
  for (const [index, line] of lines.entries()) {
    if (!/\S/.test(line)) {
      paragraphStart = index + 1;
      paragraphMarks = 0;
      continue;
    }
    const { markers, textStart } = containerMarkers(line);
    if (markers > MAX_NESTING) return tooDeep(index + 1, textStart + 1);
    blockMarks += markers + (UNDERLINE.test(line.slice(textStart)) ? 1 : 0);
    if (blockMarks > MAX_BLOCK_MARKS) {
      return {
        code: 'description-too-complex',
        line: index + 1,
        column: 1,
        message: `The description has more than ${MAX_BLOCK_MARKS.toLocaleString('en')} block quote and list markers and heading underlines by here.`,
        hint: 'Use fewer block quotes and list items, and write headings with "#" rather than underlined: a long description has a few dozen.',
      };
    }
    paragraphMarks += inlineMarks(line, textStart);
    if (paragraphMarks > MAX_MARKS_PER_PARAGRAPH) {
      return {
        code: 'description-too-complex',
        line: paragraphStart + 1,
        column: 1,
        message: `This paragraph has more than ${MAX_MARKS_PER_PARAGRAPH.toLocaleString('en')} marks of emphasis, strikethrough or links (*, _, ~, [ and ]).`,
        hint: 'Split it into paragraphs with blank lines, or write fewer marks: a paragraph of prose has a few dozen.',
      };
    }
  }
  return undefined;
}

const UNDERLINE = /^(?:=+|-+)[ \t\r]*$/;
const isBlank = (char: string | undefined) => char === undefined || char === ' ' || char === '\t' || char === '\r';
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * The block quote and list markers that open a line ("> - 1. text"), counted up to one beyond the bound, and
 * where the line's text (or the marker beyond the bound) starts. Indentation is not counted: a list nested by
 * indentation is measured in the parsed tree, where code indented deeply is not mistaken for it.
 */
function containerMarkers(line: string): { markers: number; textStart: number } {
  let at = 0;
  for (let markers = 0; ; markers++) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    const end = markerEnd(line, at);
    if (end === undefined || markers === MAX_NESTING) return { markers: end === undefined ? markers : markers + 1, textStart: at };
    at = end;
  }
}

/** Where the marker that starts at `at` ends, if one does: ">", or "-", "*", "+", "1." or "1)" and a space. */
function markerEnd(line: string, at: number): number | undefined {
  const char = line[at];
  if (char === '>') return at + 1;
  if ((char === '-' || char === '*' || char === '+') && isBlank(line[at + 1])) return isThematicBreak(line, at) ? undefined : at + 1;
  let end = at;
  while (end - at < 9 && isDigit(line[end])) end++;
  return end > at && (line[end] === '.' || line[end] === ')') && isBlank(line[end + 1]) ? end + 1 : undefined;
}

/** "- - -" or "* * *": a thematic break, not three list markers. */
function isThematicBreak(line: string, at: number): boolean {
  const char = line[at];
  let count = 0;
  for (let i = at; i < line.length; i++) {
    if (line[i] === char) count++;
    else if (!isBlank(line[i])) return false;
  }
  return count >= 3;
}

/** Runs of *, _ or ~ (one delimiter each, however long) and each [ or ], from `from` on. */
function inlineMarks(line: string, from: number): number {
  let marks = 0;
  for (let i = from; i < line.length; i++) {
    const char = line[i];
    if (char === '[' || char === ']') marks++;
    else if ((char === '*' || char === '_' || char === '~') && line[i - 1] !== char) marks++;
  }
  return marks;
}

/** Tokens that open what nests: block quotes, lists, footnotes, emphasis, strikethrough and links. */
const NESTING = new Set(['blockquote_open', 'bullet_list_open', 'ordered_list_open', 'footnote_open', 'em_open', 'strong_open', 's_open', 'link_open']);

/** The first token, in reading order, that exceeds a bound on the parsed text: nesting, or table cells. */
export function beyondTreeBounds(tokens: readonly Token[]): BoundExceeded | undefined {
  let cells = 0;
  let level = 0;
  let line = 1;
  for (const [index, token] of tokens.entries()) {
    if (token.map) line = token.map[0] + 1;
    if (NESTING.has(token.type) && ++level > MAX_NESTING) {
      const place = placeOf(token);
      return tooDeep(place?.line ?? line, place?.column ?? 1);
    }
    if (token.nesting === -1 && NESTING.has(token.type.replace(/_close$/, '_open'))) level--;
    if (token.type === 'inline' && token.children) {
      const inner = beyondInlineBounds(token.children, level, line);
      if (inner) return inner;
    }
    if (token.type === 'table_open') {
      const { columns, rows } = tableSize(tokens, index);
      cells += columns * rows;
      if (cells > MAX_TABLE_CELLS) {
        const place = placeOf(token);
        return {
          code: 'description-too-complex',
          line: place?.line ?? line,
          column: place?.column ?? 1,
          message: `This table has ${columns.toLocaleString('en')} columns and ${rows.toLocaleString('en')} rows: with the tables before it, more than ${MAX_TABLE_CELLS.toLocaleString('en')} cells.`,
          hint: 'Every row gets as many cells as the header has columns: shorten the header row or the table, or link to a page of your own for the data.',
        };
      }
    }
  }
  return undefined;
}

function beyondInlineBounds(children: readonly Token[], outer: number, line: number): BoundExceeded | undefined {
  let level = outer;
  for (const token of children) {
    if (NESTING.has(token.type) && ++level > MAX_NESTING) {
      const place = placeOf(token);
      return tooDeep(place?.line ?? line, place?.column ?? 1);
    }
    if (token.nesting === -1 && NESTING.has(token.type.replace(/_close$/, '_open'))) level--;
  }
  return undefined;
}

/** A table's columns (its header's) and rows (the header's too). */
function tableSize(tokens: readonly Token[], open: number): { columns: number; rows: number } {
  let columns = 0;
  let rows = 0;
  for (let i = open + 1; i < tokens.length && tokens[i]!.type !== 'table_close'; i++) {
    const type = tokens[i]!.type;
    if (type === 'tr_open') rows++;
    else if (type === 'th_open') columns++;
  }
  return { columns, rows };
}
