// A Markdown file that starts with YAML front matter (an alternatives page's content, a page of the site's own):
// the front matter checked against its schema, the rest compiled like a description, every problem and link at
// its line in the file.
import { z } from 'zod';
import { compileDescription, type CompiledDescription } from './markdown.ts';
import { boundProblem } from './markdownBounds.ts';
import type { ProblemCode } from './codes.ts';
import { error, type Problem } from './problems.ts';
import { slugify } from '../core/slug.ts';
import { kebab } from './schema.ts';
import { checkSchema } from './schemaIssues.ts';
import { parseYaml, type YamlFile } from './yamlFile.ts';

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

export interface FrontMatterFile<S extends z.ZodType> {
  yaml: YamlFile;
  /** The front matter as YAML read it, before its schema: undefined when it does not parse. */
  data: unknown;
  /** The front matter, when it passed its schema. */
  value?: z.infer<S>;
  /** Its fields that passed their own part of the schema: all of them with `value`, otherwise the others' checks
   *  still run on these (a problem with one field hid every problem the file's other checks find). */
  fields: Partial<z.infer<S>>;
  /** The top-level fields that have a problem of their own. */
  failed: ReadonlySet<string>;
  /** The YAML's and the schema's problems, and the Markdown's if it was refused. */
  problems: Problem[];
  /** The Markdown after the front matter, compiled, its links at their lines in the file. */
  body: CompiledDescription;
  /** How many lines the front matter takes: the body's first line is the next. */
  offset: number;
}

/** The file read, or undefined when it does not start with front matter between two lines of three hyphens. */
export function readFrontMatter<S extends z.ZodType>(file: string, text: string, schema: S): FrontMatterFile<S> | undefined {
  const match = FRONT_MATTER.exec(text);
  if (!match || match.index !== 0) return undefined;
  // The front matter parsed in place (its first line blanked), so every problem keeps the file's line numbers.
  const { yaml, data, problems } = parseYaml(file, `\n${match[1]}`);
  // A file that parsed (a key given twice is read as the later one) is checked against its schema too.
  const checked = data === undefined && problems.length ? { problems: [] } : checkSchema(yaml, data ?? {}, schema);
  problems.push(...checked.problems);
  const failed = new Set(problems.flatMap((p) => (p.field ? [p.field.split(/[.[]/)[0]!] : [])));
  const fields = checked.value ?? passedFields(schema, data, failed);
  const offset = text.slice(0, match[0].length).split('\n').length - 1;
  const compiled = compileDescription(text.slice(match[0].length));
  if (compiled.refused) problems.push(boundProblem(file, compiled.refused, offset));
  const body = { ...compiled, links: compiled.links.map((l) => ({ ...l, line: l.line + offset })) };
  return { yaml, data, ...(checked.value !== undefined && { value: checked.value }), fields, failed, problems, body, offset };
}

/** The fields of `data` that the object schema `schema` takes, but those in `failed`, checked on their own. */
function passedFields<S extends z.ZodType>(schema: S, data: unknown, failed: ReadonlySet<string>): Partial<z.infer<S>> {
  if (!(schema instanceof z.ZodObject) || typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const passed = Object.fromEntries(Object.entries(data).filter(([key]) => !failed.has(key) && key in schema.shape));
  const result = schema.partial().safeParse(passed);
  return result.success ? (result.data as Partial<z.infer<S>>) : {};
}

/** The problem of a file that has no front matter: `missing` (its fields are missing), or, when it opens a front
 *  matter that no second line of three hyphens closes, that: its fields are there, unread. */
export function noFrontMatter(file: string, text: string, missing: Problem): Problem {
  // Front matter under a blank line is Markdown: a rule and a heading. Said so at its line, with the fields missing.
  const blank = /^(?:[ \t]*\r?\n)+(?=---[ \t]*\r?\n)/.exec(text)?.[0];
  if (blank) {
    const line = blank.split('\n').length;
    return { ...missing, line, column: 1, message: `The front matter on line ${line} is not read, as ${line > 2 ? 'blank lines come' : 'a blank line comes'} before it: front matter begins on a file's first line, and the page would show it as text.`, hint: `Delete the blank line${line > 2 ? 's' : ''} above the first "---".` };
  }
  if (!/^---[ \t]*\r?\n/.test(text)) return missing;
  return error('yaml-syntax', file, { line: 1, column: 1 }, 'The front matter opened on line 1 is never closed: no line of three hyphens ("---") ends it, so none of its fields is read.', 'Add a line "---" after its last field, before the text.');
}

/** The address name a file name would be: as a service's name becomes its address, accents folded (über → uber),
 *  not dropped; an underscore, which a service's address drops, separates words in a file name (price_list). */
const addressNameOf = (name: string) => slugify(name.replace(/_/g, ' '));

/**
 * What is wrong with the name of a file that is its page's address (pages/about.md is /about/), or undefined: it
 * may hold only lowercase letters, digits and single hyphens. The hint names the file to rename it to, unless
 * `takenBy` names the file that takes that name: one of that name (About.md beside about.md), whom renaming
 * would replace, or one before it told to rename to it too (Price List.md before price list.md).
 */
export function addressNameProblem(file: string, name: string, code: ProblemCode, of: { kind: string; folder: string; example: string; route: (name: string) => string }, takenBy: (name: string) => string | undefined = () => undefined): Problem | undefined {
  if (kebab.test(name)) return undefined;
  const suggestion = addressNameOf(name);
  const message = `${of.kind} file name is its address (${of.folder}${of.example}.md is ${of.route(of.example)}), and "${name}" is not one: it may hold only lowercase letters, digits and single hyphens.`;
  const taker = suggestion ? takenBy(suggestion) : undefined;
  if (taker) {
    const target = `${of.folder}${suggestion}.md`;
    const there = taker === `${suggestion}.md`;
    const why = there ? `${target} is there already` : `${of.folder}${taker} is to be renamed to ${target} too`;
    return error(code, file, { line: 1, column: 1 }, message, `${why}: keep one of the two (move what this file says into ${there ? 'it' : 'that one'} and delete this one), or rename this one to another name, e.g. ${of.folder}${suggestion}-2.md.`);
  }
  return error(code, file, { line: 1, column: 1 }, message, `Rename the file${suggestion ? '' : ', e.g.'} to ${of.folder}${suggestion || of.example}.md.`);
}

/**
 * For addressNameProblem: the name of the file in `folder` that takes the address name given, as `file` is told
 * to rename to it. A file of that name, or else one listed before `file` (`files` in their order) whose name
 * becomes that name too, so that of two such files only the first is told to take it.
 */
export const nameTakenBy = (files: Iterable<string>, folder: string, file: string) => (name: string): string | undefined => {
  const target = `${folder}${name}.md`;
  const list = [...files];
  if (list.includes(target)) return `${name}.md`;
  for (const other of list) {
    if (other === file) return undefined;
    if (other.startsWith(folder) && other.endsWith('.md') && !other.slice(folder.length).includes('/') && addressNameOf(other.slice(folder.length, -'.md'.length)) === name) return other.slice(folder.length);
  }
  return undefined;
};
