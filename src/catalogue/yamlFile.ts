// YAML parsing that keeps positions, so every problem can point at a line and column.
//
// Two readers. js-yaml reads a file into plain values about five times as fast as `yaml` (a 1,500-service
// catalogue: 74 against 399 ms), but keeps no positions. `yaml` keeps every node's position and gives the
// clearer messages. So a file is read by js-yaml, and by `yaml` only when a problem needs a line (see
// `doc`) or when js-yaml refuses it: then `yaml`'s verdict and message are the ones reported, as before.
import { CORE_SCHEMA, load } from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { error, type Position, type Problem } from './problems.ts';

export type FieldPath = readonly (string | number)[];

export interface YamlFile {
  file: string;
  /** The document with positions, parsed by `yaml` the first time it is asked for. */
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

// Where the two readers are known to read the same text differently, `yaml` reads it from the start: a
// %YAML directive (1.1 reads "yes" as true), explicit tags (!!float, !custom), an empty key (js-yaml names it
// "null"), anchors and aliases (`yaml` refuses aliases that expand too far; js-yaml has no limit), and lines
// over 1,000 characters (js-yaml accepts keys over 1,024 characters, `yaml` does not).
const READERS_DIFFER = /^%|^[ \t-]*:(?:\s|$)|(?:^|[\s[{,])(?:!|[&*][^\s,[\]{}])/m;
const LONG_LINE = 1000;

const hasLongLine = (text: string) => {
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > LONG_LINE) return true;
    start = stop + 1;
  }
  return false;
};

/** js-yaml's reading of `text`, or undefined when it refuses it or may read it differently from `yaml`. */
function readFast(text: string): { data: unknown } | undefined {
  if (READERS_DIFFER.test(text) || hasLongLine(text)) return undefined;
  try {
    // js-yaml rejects duplicate keys, like `uniqueKeys` below.
    return { data: load(text, { schema: CORE_SCHEMA }) };
  } catch {
    return undefined;
  }
}

function withPositions(text: string): { doc: Document.Parsed; lines: LineCounter } {
  const lines = new LineCounter();
  return { doc: parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, logLevel: 'error' }), lines };
}

function yamlFile(file: string, text: string, parsed?: { doc: Document.Parsed; lines: LineCounter }): YamlFile {
  const parse = () => (parsed ??= withPositions(text));
  return {
    file,
    get doc() {
      return parse().doc;
    },
    get lines() {
      return parse().lines;
    },
  };
}

/**
 * Parses one YAML file into its data; syntax errors (and duplicate keys) come back as problems, never
 * thrown, and then there is no data.
 */
export function parseYaml(file: string, text: string): { yaml: YamlFile; data?: unknown; problems: Problem[] } {
  const parse = parseText(file, text);
  return HALF_ESCAPE.test(text) && parse.data !== undefined ? { ...parse, problems: [...parse.problems, ...halfCharacters(parse.yaml)] } : parse;
}

function parseText(file: string, text: string): { yaml: YamlFile; data?: unknown; problems: Problem[] } {
  const fast = readFast(text);
  if (fast) return { yaml: yamlFile(file, text), data: fast.data, problems: [] };
  const parsed = withPositions(text);
  const yaml = yamlFile(file, text, parsed);
  const { doc, lines } = parsed;
  // A key given twice breaks nothing else: each one is reported, and the file is read (the later value wins) and
  // checked as a whole.
  if (doc.errors.length && doc.errors.every((e) => e.code === 'DUPLICATE_KEY')) return duplicateKeys(yaml, text, doc.errors.map((e) => e.pos[0]));
  // After the first syntax error the parser's further complaints are mostly echoes of it: report the first,
  // with the keys given twice before it (each with its field, as when the file has no other error).
  const syntax = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY');
  const first = syntax ?? doc.errors[0];
  if (first) {
    const pos = lines.linePos(first.pos[0]);
    const duplicate = first.code === 'DUPLICATE_KEY';
    const echoes = doc.errors.filter((e) => e.code !== 'DUPLICATE_KEY').length > 1;
    const more = echoes || (duplicate && doc.errors.length > 1) ? ' The rest of this file is checked once this is fixed.' : '';
    const twice = syntax ? duplicateProblems(yaml, doc.errors.filter((e) => e.code === 'DUPLICATE_KEY' && e.pos[0] < syntax.pos[0]).map((e) => e.pos[0])) : [];
    // Nesting deep enough to exhaust the parser's stack stops wherever the stack ran out (it differs from run to
    // run): it is named as what it is, at the run of brackets where it starts.
    if (first.code === 'RESOURCE_EXHAUSTION') return { yaml, problems: [tooDeep(file, text, lines)] };
    const problem = error(
      duplicate ? 'duplicate-key' : 'yaml-syntax',
      file,
      { line: pos.line, column: pos.col },
      duplicate ? 'This key appears twice in the same block.' : `YAML syntax error: ${first.code === 'MULTIPLE_DOCS' ? 'a second document starts here (a line "---" or "..." ends the first); a catalogue file is one block of fields' : firstLine(first.message)}.`,
      (duplicate
        ? 'Keep one of the two entries and delete the other.'
        : 'Check the indentation (spaces, not tabs) on this line and the one above it; text containing ": " or starting with a special character needs quotes.') + more,
    );
    return { yaml, problems: [...twice, problem] };
  }
  try {
    return { yaml, data: doc.toJS(), problems: [] };
  } catch (cause) {
    // Well-formed, but an alias has no anchor before it (or aliases nest too deep to expand).
    const message = `YAML error: ${firstLine(cause instanceof Error ? cause.message : String(cause))}.`;
    const hint = 'Put the anchor (&name) before every alias (*name) that uses it, or write the value out in full.';
    return { yaml, problems: [error('yaml-alias', file, firstAliasIn(yaml), message, hint)] };
  }
}

/** A file nested thousands of levels deep (a run of "[" or "{"): no catalogue file needs more than a few. */
function tooDeep(file: string, text: string, lines: LineCounter): Problem {
  const run = /[[{](?:\s*[[{]){63}/.exec(text);
  const pos = lines.linePos(run?.index ?? 0);
  return error(
    'yaml-syntax',
    file,
    { line: pos.line, column: pos.col },
    'YAML syntax error: the file nests lists or blocks of fields too deep to be read (thousands of levels).',
    'A catalogue file needs a few levels: remove the run of "[" or "{" that starts here.',
  );
}

/** Each key given again in its block (at `offsets`), with its field and the line of its first use; and the data
 *  of the file as a reader that allows repeated keys takes it. */
function duplicateKeys(yaml: YamlFile, text: string, offsets: number[]): { yaml: YamlFile; data?: unknown; problems: Problem[] } {
  const problems = duplicateProblems(yaml, offsets);
  try {
    return { yaml, data: parseDocument(text, { uniqueKeys: false, logLevel: 'error' }).toJS(), problems };
  } catch {
    return { yaml, problems };
  }
}

/** A problem for each key given again (at `offsets`), with its field and the line of its first use. */
function duplicateProblems(yaml: YamlFile, offsets: readonly number[]): Problem[] {
  return offsets.map((offset) => {
    const found = duplicateAt(yaml.doc, offset);
    const firstLine = found?.first === undefined ? undefined : positionOf(yaml, found.first).line;
    return error(
      'duplicate-key',
      yaml.file,
      { ...positionOf(yaml, offset), ...(found && { field: formatPath(found.path) }) },
      `This key appears twice in the same block${firstLine ? ` (first on line ${firstLine})` : ''}.`,
      'Keep one of the two entries and delete the other. Until then the later one is the one checked.',
    );
  });
}

/** The field path of the key at `offset`, and the offset of the same key's first use in its block. */
function duplicateAt(doc: Document.Parsed, offset: number): { path: FieldPath; first?: number } | undefined {
  let found: { path: FieldPath; first?: number } | undefined;
  visit(doc, {
    Pair(_, pair, ancestors) {
      if (!isScalar(pair.key) || pair.key.range?.[0] !== offset) return undefined;
      const key = pair.key.value;
      const path = pathOf([...ancestors, pair]);
      const block = ancestors.at(-1);
      const first = isMap(block) ? block.items.find((p) => p !== pair && isScalar(p.key) && p.key.value === key) : undefined;
      found = { path, first: isScalar(first?.key) ? first.key.range?.[0] : undefined };
      return visit.BREAK;
    },
  });
  return found;
}

// A \u escape of half a surrogate pair, the form JSON and JavaScript give a character beyond the first 65,536
// ("\uD83D\uDE80" is 🚀). Both halves make the character; one alone is no character at all, and the page, the
// search index and the link-preview card cannot carry it.
const HALF_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
/** Half a pair left alone: in a `u` expression a whole pair is one character, never of this category. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A problem for each text with half a character in it: an escape of one half of a surrogate pair alone. */
function halfCharacters(yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  visit(yaml.doc, {
    Scalar(_, node, ancestors) {
      if (typeof node.value !== 'string' || !LONE_SURROGATE.test(node.value) || !node.range) return;
      const field = formatPath(pathOf([...ancestors, node]));
      problems.push(
        error(
          'wrong-format',
          yaml.file,
          { ...positionOf(yaml, node.range[0]), ...(field && { field }) },
          'Expected whole characters; this text has half of an escaped character ("\\uD83D" without the "\\uDE80" that completes it, for example).',
          'Write the character itself (the file is UTF-8), or give both halves of its escape: "\\uD83D\\uDE80" is 🚀.',
        ),
      );
    },
  });
  return problems;
}

/** The field path of the last node of `chain` (the nodes from the document down to it: a pair, or a value). */
function pathOf(chain: readonly unknown[]): (string | number)[] {
  const path: (string | number)[] = [];
  chain.forEach((node, i) => {
    if (isPair(node) && isScalar(node.key) && node.key !== chain[i + 1]) path.push(String(node.key.value));
    else if (isSeq(node)) path.push(node.items.indexOf(chain[i + 1] as (typeof node.items)[number]));
  });
  return path;
}

/** The first alias without an anchor before it, or else the first alias. */
const firstAliasIn = (yaml: YamlFile): Position => {
  let first: number | undefined;
  let unresolved: number | undefined;
  visit(yaml.doc, {
    Alias(_, node) {
      first ??= node.range?.[0];
      if (node.resolve(yaml.doc) === undefined) {
        unresolved = node.range?.[0];
        return visit.BREAK;
      }
    },
  });
  const offset = unresolved ?? first;
  return offset === undefined ? { line: 1, column: 1 } : positionOf(yaml, offset);
};

const firstLine = (message: string) => message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');

const positionOf = (yaml: YamlFile, offset: number): Position => {
  const { line, col } = yaml.lines.linePos(offset);
  return { line, column: col };
};

/** The position of the value at `path`, or of the closest ancestor that exists (for missing fields). */
export function locate(yaml: YamlFile, path: FieldPath): Position {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = nodeAt(yaml.doc.contents, path.slice(0, depth));
    if (node?.range) return positionOf(yaml, node.range[0]);
  }
  return { line: 1, column: 1 };
}

/** The node at `path`; of a key given twice in a block, the later one's, which is the value checked (as
 *  `getIn` would not: it gives the first). */
function nodeAt(root: unknown, path: FieldPath): Node | undefined {
  let node = root;
  for (const part of path) {
    if (isMap(node)) node = node.items.findLast((pair) => isScalar(pair.key) && String(pair.key.value) === String(part))?.value;
    else if (isSeq(node) && typeof part === 'number') node = node.items[part];
    else return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}

/** The position of a key inside the mapping at `path` (for unknown fields). */
export function locateKey(yaml: YamlFile, path: FieldPath, key: string): Position {
  const parent = path.length ? yaml.doc.getIn(path, true) : yaml.doc.contents;
  if (isMap(parent)) {
    // A key written as a number, a boolean or null is text in the data checked: "1", "true", "null".
    const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value ?? 'null') === key);
    if (isScalar(pair?.key) && pair.key.range) return positionOf(yaml, pair.key.range[0]);
  }
  return locate(yaml, path);
}

/** `services[2].price` style, as maintainers read it. */
export function formatPath(path: FieldPath): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}
