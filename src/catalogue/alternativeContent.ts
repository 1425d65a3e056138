// An alternatives page's own content: catalogue/alternatives/{slug}.md, YAML front matter with the date it was
// last reviewed, then Markdown compiled like a description (markdown.ts). Pages that differ only by the
// competitor's name risk being read as doorway pages by search engines; content of their own is the cure.
import { z } from 'zod';
import { compileDescription } from './markdown.ts';
import { boundProblem } from './markdownBounds.ts';
import type { ParsedAlternative } from './parsed.ts';
import { noFrontMatter, readFrontMatter } from './frontMatter.ts';
import { error, type Problem } from './problems.ts';
import { withoutControlCharacters } from './schema.ts';
import { locate } from './yamlFile.ts';
import { nextDay } from './dates.ts';

export const ALTERNATIVES_FOLDER = 'alternatives/';

export const alternativeSchema = z
  .strictObject({
    reviewed: z.string({ message: 'expected a date written YYYY-MM-DD, e.g. 2026-11-01' }).meta({
      description: 'The day this page was last checked against the facts, written YYYY-MM-DD, e.g. 2026-11-01. The page shows "Last reviewed" with it.',
    }),
    title: withoutControlCharacters(z.string().trim().min(1).max(80)).optional().meta({ description: 'Optional heading of the content, e.g. "How we plan a token launch". By default "Why teams choose {brand}".' }),
  })
  .meta({ title: 'storefront alternatives page', description: 'The front matter of catalogue/alternatives/{slug}.md' });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The competitor slug of a file under alternatives/, e.g. "icoda" for alternatives/icoda.md. */
export const alternativeSlugOf = (file: string) => file.slice(ALTERNATIVES_FOLDER.length, -'.md'.length);

/** Whether YYYY-MM-DD names a day of the calendar (not 2026-02-30). */
function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * Reads one alternatives file. `today` is the UTC day (YYYY-MM-DD) a "reviewed" date may not be after; one day
 * later is allowed, for a maintainer east of UTC whose today is already tomorrow there.
 */
export function readAlternative(file: string, text: string, today: string): { problems: Problem[]; alternative: ParsedAlternative } {
  const read = readFrontMatter(file, text, alternativeSchema);
  if (!read) {
    const hint = 'Start the file with the day it was last reviewed, between two lines of three hyphens: "---", "reviewed: 2026-11-01", "---".';
    const compiled = compileDescription(text);
    const missing = noFrontMatter(file, text, error('missing-field', file, { line: 1, column: 1, field: 'reviewed' }, 'The required field "reviewed" is missing: the file has no front matter.', hint));
    return { problems: compiled.refused ? [missing, boundProblem(file, compiled.refused)] : [missing], alternative: { file, ...compiled } };
  }
  const { yaml, value, fields, problems, body, offset } = read;
  // Checked when it passed its schema, whether or not the title did.
  const reviewed = fields.reviewed;
  const alternative: ParsedAlternative = { file, title: value?.title, links: body.links, words: body.words, tree: body.tree };
  if (reviewed !== undefined) {
    const where = () => ({ ...locate(yaml, ['reviewed']), field: 'reviewed' });
    if (!isRealDate(reviewed)) {
      problems.push(error('reviewed-date', file, where(), `"${reviewed}" is not a date written YYYY-MM-DD.`, 'Write the day the page was last checked, e.g. reviewed: 2026-11-01.'));
    } else if (reviewed > nextDay(today)) {
      problems.push(error('reviewed-in-future', file, where(), `The review date ${reviewed} is in the future (today is ${today}).`, 'Write the day the page was actually last checked: today or earlier.'));
    } else alternative.reviewed = reviewed;
  }
  if (body.words === 0) {
    problems.push(error('empty-alternative-content', file, { line: offset + 1, column: 1 }, 'The page has a date but no text of its own under it.', 'Write what a buyer comparing agencies should know about yours (how you work, what you offer), or delete the file.'));
  }
  return { problems, alternative };
}

/** Today's date in UTC, YYYY-MM-DD. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
