// Turns zod's issues into problems a maintainer can act on: the field, its position, what is wrong, and
// a hint built from the field's own description in the schema.
import { z } from 'zod';
import { error, type Problem, type ProblemCode } from './problems.ts';
import { formatPath, locate, locateKey, type FieldPath, type YamlFile } from './yamlFile.ts';

type Schema = z.core.$ZodType;

/** Validates a parsed YAML document against a schema. */
export function checkSchema<S extends z.ZodType>(
  yaml: YamlFile,
  data: unknown,
  schema: S,
): { value?: z.infer<S>; problems: Problem[] } {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, problems: [] };
  // A value of the wrong type is that alone: zod also runs the field's other checks on it (a text given for a
  // list of at most 5 ids was "too long" as well, for its 7 letters).
  const mistyped = new Set(result.error.issues.filter((i) => i.code === 'invalid_type').map((i) => formatPath(i.path as FieldPath)));
  const issues = result.error.issues.filter((i) => i.code === 'invalid_type' || !mistyped.has(formatPath(i.path as FieldPath)));
  const problems = issues.flatMap((issue) => describeIssue(yaml, data, schema, issue));
  // A misspelt key ("prise") also leaves its field missing: the "did you mean" problem says it all.
  const renamed = new Set(problems.flatMap((p) => (p.renames ? [p.renames] : [])));
  return { problems: problems.filter((p) => !p.missing || !renamed.has(p.missing)).map(({ renames: _r, missing: _m, ...p }) => p) };
}

/** A problem plus what it says about a field, used to merge a misspelling with its missing field. */
type Described = Problem & { renames?: string; missing?: string };

function describeIssue(yaml: YamlFile, data: unknown, root: Schema, issue: z.core.$ZodIssue): Described[] {
  const path = issue.path as (string | number)[];
  const about = describeField(root, path);

  if (issue.code === 'unrecognized_keys') {
    const allowed = allowedKeys(schemaAt(root, path));
    return issue.keys.map((key) => {
      const guess = closest(key, allowed);
      const problem: Described = error(
        'unknown-field',
        yaml.file,
        { ...locateKey(yaml, path, key), field: formatPath([...path, key]) },
        `Unknown field "${key}".`,
        key === '<<'
          ? 'YAML merge keys ("<<: *name") are not read here: write the fields out in full.'
          : guess
            ? `Did you mean "${guess}"? Rename it, or remove the line.`
            : `Remove it. Allowed here: ${allowed.join(', ')}.`,
      );
      if (guess) problem.renames = formatPath([...path, guess]);
      return problem;
    });
  }

  const value = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], data);
  const field = formatPath(path);
  const where = { ...locate(yaml, path), field: field || undefined };

  if (issue.code === 'invalid_type' && path.length === 0) {
    // The whole file: the schema's own description (the file's name) would be no help here.
    const fields = allowedKeys(unwrap(root)).join(', ');
    const empty = value === undefined || value === null;
    return [
      error(
        empty ? 'empty-file' : 'file-not-fields',
        yaml.file,
        { line: 1, column: 1 },
        empty ? 'The file is empty.' : `The file holds ${show(value)}, but it must be a block of fields ("name: value" lines).`,
        `Write its fields, one "name: value" line each: ${fields}. docs/guide.md has a complete example.`,
      ),
    ];
  }
  if (issue.code === 'invalid_type' && value === undefined && isOptionPrice(path)) {
    return [error('option-without-price', yaml.file, where, 'This option has no price.', `Add a price line under its label${about ? `: ${about}` : '.'}`)];
  }
  // A field with one allowed value (the currency) that is missing is an invalid value to the schema.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && value === undefined) {
    const name = path.at(-1);
    const problem: Described = error(
      'missing-field',
      yaml.file,
      where,
      typeof name === 'string' ? `The required field "${name}" is missing.` : 'A required value is missing.',
      `Add it${about ? `: ${about}` : '.'}`,
    );
    return [{ ...problem, missing: field }];
  }
  if (issue.code === 'invalid_type') {
    return [error('wrong-type', yaml.file, where, `Expected ${article(issue.expected)}, got ${show(value)}.`, about || WRITE_AS[issue.expected] || 'Fix the value.')];
  }
  return [error(codeOf(issue, path), yaml.file, where, `${capitalise(readable(issue))}; got ${show(value)}.`, about || 'Fix the value.')];
}

/** An issue's message, but for zod's own wording of a size ("Too small: expected array to have >=1 items"), which
 *  the schema's fields without a message of their own would show: said as the others are. */
function readable(issue: z.core.$ZodIssue): string {
  if ((issue.code !== 'too_small' && issue.code !== 'too_big') || !/^Too (small|big):/.test(issue.message)) return issue.message;
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const most = issue.code === 'too_small' ? 'at least' : 'at most';
  if (issue.origin === 'string') return issue.code === 'too_small' && bound === 1 ? 'expected some text, not an empty one' : `expected ${most} ${bound.toLocaleString('en-US')} characters`;
  if (issue.origin === 'array') return `expected ${most} ${bound} ${bound === 1 ? 'item' : 'items'}`;
  return `expected ${issue.inclusive ? most : issue.code === 'too_small' ? 'more than' : 'less than'} ${bound.toLocaleString('en-US')}`;
}

/** The code of a schema issue other than an unknown, missing or mistyped field: by its kind, and by the field
 *  where one field has rules of its own (a price, the currency, the base URL). */
function codeOf(issue: z.core.$ZodIssue, path: FieldPath): ProblemCode {
  const name = path.at(-1);
  if (name === 'price') {
    if (issue.code === 'too_small') return 'price-negative';
    if (issue.code === 'too_big') return 'price-too-high';
    if (issue.code === 'custom') return 'price-cents';
  }
  if (name === 'options' && issue.code === 'too_small') return 'empty-options';
  if (name === 'currency' && issue.code === 'invalid_value') return 'wrong-currency';
  if (name === 'baseUrl' && (issue.code === 'invalid_format' || issue.code === 'custom')) return 'base-url';
  // A figure's date of the right form that is no day of the calendar (2026-02-30): still a wrong form.
  if (name === 'asOf' && issue.code === 'custom') return 'wrong-format';
  if (issue.code === 'invalid_format') return 'wrong-format';
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    // Every text field has a minimum of one character, so a text too small is an empty one.
    if (issue.origin === 'string') return issue.code === 'too_small' ? 'empty-text' : 'too-long';
    if (issue.origin === 'array') return issue.code === 'too_small' ? 'too-few' : 'too-many';
    return 'out-of-range';
  }
  return 'invalid-value';
}

/** `services[2].options[1].price`: an option's price, which has a code of its own when it is missing. */
const isOptionPrice = (path: FieldPath) => path.at(-1) === 'price' && typeof path.at(-2) === 'number' && path.at(-3) === 'options';

/** How to write a value of each type, for a field that has no description of its own. */
const WRITE_AS: Record<string, string> = {
  boolean: 'Write true or false.',
  number: 'Write a number, such as 1500: digits only, with no currency sign and no quotes.',
  string: 'Write the text; put it in quotes if it starts with a special character or holds ": ".',
  array: 'Write a list: one "- value" line for each item.',
  object: 'Write a block of "name: value" lines, indented under the field.',
};

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A text with its control characters written as escapes: printed as they are, they would move the terminal's
 *  cursor or change its colours. */
const visible = (text: string) => text.replace(/[\u0000-\u001F\u007F]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

function show(value: unknown): string {
  if (value === null || value === undefined) return 'nothing (an empty value)';
  if (typeof value === 'number' && Number.isNaN(value)) return 'the value .nan (not a number)';
  if (typeof value === 'string') return `the text "${visible(value.length > 60 ? `${value.slice(0, 57)}...` : value)}"`;
  if (Array.isArray(value)) return value.length ? 'a list' : 'an empty list';
  if (typeof value === 'object') return 'a block of fields';
  return `${typeof value} ${String(value)}`;
}

/** Walks the schema along a data path, through arrays, optionals and defaults. */
export function schemaAt(schema: Schema, path: FieldPath): Schema | undefined {
  let current: Schema | undefined = unwrap(schema);
  for (const part of path) {
    if (!current) return undefined;
    const def = current._zod.def as { type: string; shape?: Record<string, Schema>; element?: Schema };
    if (def.type === 'object' && typeof part === 'string') current = def.shape?.[part];
    else if (def.type === 'array') current = def.element;
    else return undefined;
    current = current && unwrap(current);
  }
  return current;
}

/** The schema of the field at `path` as its object declares it, with its default or optional around it. */
function fieldAt(root: Schema, path: FieldPath): Schema | undefined {
  const last = path.at(-1);
  const holder = schemaAt(root, path.slice(0, -1));
  const def = holder?._zod.def as { type: string; shape?: Record<string, Schema> } | undefined;
  return def?.type === 'object' && typeof last === 'string' ? def.shape?.[last] : schemaAt(root, path);
}

function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: Schema };
    if (!def.innerType || !['optional', 'default', 'nullable', 'prefault'].includes(def.type)) return current;
    current = def.innerType;
  }
}

/** A schema's description, or that of the schema it wraps (a field with a default has it on the default). */
function descriptionOf(schema: Schema | undefined): string | undefined {
  for (let current = schema; current; current = (current._zod.def as { innerType?: Schema }).innerType) {
    const description = z.globalRegistry.get(current)?.description as string | undefined;
    if (description) return description;
  }
  return undefined;
}

/** The schema's description of the field at `path`, or of the list it is an item of. */
function describeField(root: Schema, path: FieldPath): string | undefined {
  // Not the root's: that is the file's name, no help for a field.
  return descriptionOf(fieldAt(root, path)) ?? (path.length > 1 ? descriptionOf(schemaAt(root, path.slice(0, -1))) : undefined);
}

function allowedKeys(schema: Schema | undefined): string[] {
  const def = schema?._zod.def as { type: string; shape?: Record<string, Schema> } | undefined;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** The allowed key nearest to a misspelt one, when it is plausibly a typo. */
export function closest(key: string, candidates: readonly string[]): string | undefined {
  let best: { word: string; distance: number } | undefined;
  for (const word of candidates) {
    const distance = editDistance(key.toLowerCase(), word.toLowerCase());
    if (!best || distance < best.distance) best = { word, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.word : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
