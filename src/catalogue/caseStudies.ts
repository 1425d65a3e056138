// The agency's case studies: catalogue/cases/{slug}.md, YAML front matter (the client, the services used, the
// results, each with its source and date, an optional quote, and the disclosure of any paid or financial
// relationship) then Markdown compiled like a description. A buyer asked for $6,000 wants proof; a figure with no
// source proves nothing, and an endorsement without its disclosure breaks the FTC's endorsement guides, so both
// are errors, not warnings.
import { z } from 'zod';
import { routes } from '../core/routes.ts';
import { underTitle } from '../core/tree.ts';
import { compileDescription, type CompiledDescription } from './markdown.ts';
import { boundProblem } from './markdownBounds.ts';
import { addressNameProblem, noFrontMatter, readFrontMatter } from './frontMatter.ts';
import { nextDay } from './dates.ts';
import { AS_OF, atMostItems, isCalendarDate, withoutControlCharacters } from './schema.ts';
import { error, warning, type Problem } from './problems.ts';
import { locate, type YamlFile } from './yamlFile.ts';

export const CASES_FOLDER = 'cases/';

const line = (description: string, max: number) =>
  withoutControlCharacters(
    z
      .string()
      .trim()
      .min(1)
      .max(max, { message: `expected at most ${max} characters` }),
  ).meta({ description });

const SERVICE_ID = z.string().regex(/^[a-z0-9]+-\d+$/, { message: 'expected a service id such as "listing-3"' });

const resultSchema = z.strictObject({
  figure: line('The result as visitors should read it: "2.4M", "+38 %", "9 h".', 16),
  label: line('What the figure measures, e.g. "screen plays across the city in 7 days".', 120),
  // Optional in the schema so that a missing one gets its own code and advice (case-result-source).
  source: line('Where the figure comes from, e.g. "The screen operator\'s play log". Required.', 160).optional(),
  asOf: z.string().optional().meta({ description: 'When it was measured: a month (2026-03) or a day (2026-03-14). Required.' }),
});

export const caseSchema = z
  .strictObject({
    title: line('The case study\'s headline, e.g. "A listing in 9 hours, before the launch".', 90),
    summary: line('One sentence for the list of case studies and for search results.', 200),
    client: line('The client\'s name, or a description of it when it is under a non-disclosure agreement ("a DeFi lending protocol on BNB Chain").', 80),
    nda: z.boolean().default(false).meta({ description: 'true when the client is under a non-disclosure agreement: "client" describes it rather than names it, and the page says so.' }),
    services: z
      .array(SERVICE_ID)
      .min(1, { message: 'expected at least one service id' })
      .max(8, { message: 'expected at most 8 service ids' })
      .meta({ description: 'The ids of the services the campaign used, e.g. [billboards-3, listing-1]: their pages show this case under "Results with this service".' }),
    period: line('When the campaign ran, as buyers should read it, e.g. "March to May 2026".', 40),
    results: z.array(resultSchema).min(1, { message: 'expected at least one result' }).check(atMostItems(6, 'expected at most 6 results')).meta({ maxItems: 6, description: 'What the campaign achieved: each a "figure", a "label", its "source" and the date it was measured ("asOf").' }),
    quote: z
      .strictObject({
        text: line('What the client said, word for word.', 400),
        author: line('Who said it.', 60),
        role: line('Their role, e.g. "Head of growth, Example Chain".', 80),
      })
      .optional()
      .meta({ description: 'Optional: a quote from the client, with its author\'s name and role.' }),
    disclosure: line('Any paid or financial relationship a reader should know of: that the client paid for the campaign, and whether the agency or its people hold the client\'s token. Required (the FTC\'s endorsement guides).', 400).optional(),
    featured: z.boolean().default(false).meta({ description: 'true to show it on the home page.' }),
    example: z.boolean().default(false).meta({ description: 'true for a placeholder that is not a real case: the page says "Example case study".' }),
  })
  .meta({ title: 'storefront case study', description: 'The front matter of catalogue/cases/{slug}.md' });

export type CaseFrontMatter = z.infer<typeof caseSchema>;

/** A case study as read: its front matter when it passed its schema, where each service id is, and its Markdown. */
export interface ParsedCase extends CompiledDescription {
  file: string;
  slug: string;
  value?: CaseFrontMatter;
  /** The ids of its services, where they passed their schema (also when another field did not), and where each is. */
  services?: string[];
  serviceLines?: { line: number; column: number; field: string }[];
}

/** The address part of a case study's file, "city-screens" for cases/city-screens.md. */
export const caseSlugOf = (file: string) => file.slice(CASES_FOLDER.length, -'.md'.length);

export const isCaseFile = (file: string) => file.startsWith(CASES_FOLDER) && file.endsWith('.md');

/**
 * Reads one case study. `today` is the UTC day (YYYY-MM-DD) a result's date may not be after (one day later is
 * allowed, for a maintainer east of UTC); `takenBy`, the case study file that has the name given or is to be
 * renamed to it (nameTakenBy).
 */
export function readCase(file: string, text: string, today: string, takenBy?: (slug: string) => string | undefined): { problems: Problem[]; parsed: ParsedCase } {
  const slug = caseSlugOf(file);
  const nameProblem = addressNameProblem(file, slug, 'case-name', { kind: "A case study's", folder: CASES_FOLDER, example: 'city-screens', route: routes.caseStudy }, takenBy);
  const problems: Problem[] = nameProblem ? [nameProblem] : [];
  const read = readFrontMatter(file, text, caseSchema);
  if (!read) {
    const compiled = compileDescription(text);
    const hint = 'Start the file with its front matter between two lines of three hyphens: title, summary, client, services, period, results and disclosure (see docs/guide.md).';
    problems.push(noFrontMatter(file, text, error('missing-field', file, { line: 1, column: 1, field: 'title' }, 'The case study has no front matter: its title, client, services, results and disclosure are missing.', hint)));
    if (compiled.refused) problems.push(boundProblem(file, compiled.refused));
    return { problems, parsed: { file, slug, ...compiled } };
  }
  const { yaml, data, value, body } = read;
  problems.push(...read.problems);
  if (body.words === 0) {
    problems.push(warning('case-without-story', file, { line: read.offset + 1, column: 1 }, 'The case study has no text to show under its front matter (comments are not shown): its page has the figures without how they were reached.', 'Write the story under the front matter: what the client needed, what the agency did and when, and what came of it, in a few short paragraphs.'));
  }
  // The fields and list items that passed are checked whether or not the others did. Front matter that is no
  // mapping (it does not parse, or is a list) has its own problem, and no fields to check.
  const mapping = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (mapping && !read.failed.has('disclosure')) problems.push(...disclosureProblems(file, yaml, read.fields.disclosure));
  problems.push(...resultProblems(file, yaml, itemsPassing(mapping?.results, resultSchema), today));
  const services = itemsPassing(mapping?.services, SERVICE_ID);
  const serviceLines = services.map(([i]) => ({ ...locate(yaml, ['services', i]), field: `services[${i}]` }));
  return { problems, parsed: { file, slug, ...(value && { value }), services: services.map(([, id]) => id), serviceLines, words: body.words, tree: underTitle(body.tree), links: body.links } };
}

/** The items of a list in the front matter that pass `schema` on their own, each with its place in the list. */
function itemsPassing<T>(list: unknown, schema: z.ZodType<T>): [number, T][] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, i): [number, T][] => {
    const result = schema.safeParse(item);
    return result.success ? [[i, result.data]] : [];
  });
}

function disclosureProblems(file: string, yaml: YamlFile, disclosure: string | undefined): Problem[] {
  if (disclosure) return [];
  return [
    error(
      'case-without-disclosure',
      file,
      { ...locate(yaml, []), field: 'disclosure' },
      'The case study does not disclose the relationship behind it.',
      'Add "disclosure:": that the client paid for the campaign, and whether the agency or its people hold the client\'s token (e.g. "Example Chain paid for this campaign. Nobody at the agency holds its token."). The FTC\'s endorsement guides ask for it.',
    ),
  ];
}

function resultProblems(file: string, yaml: YamlFile, results: readonly [number, CaseFrontMatter['results'][number]][], today: string): Problem[] {
  return results.flatMap(([i, result]) => {
    const where = (key: string) => ({ ...locate(yaml, ['results', i, key]), field: `results[${i}].${key}` });
    const problems: Problem[] = [];
    if (!result.source) {
      problems.push(error('case-result-source', file, { ...locate(yaml, ['results', i]), field: `results[${i}].source` }, `The result "${result.figure}" has no source.`, 'Add "source:" under it: where the figure comes from, e.g. "The screen operator\'s play log", so a buyer can judge it.'));
    }
    if (result.asOf === undefined) {
      problems.push(error('case-result-source', file, { ...locate(yaml, ['results', i]), field: `results[${i}].asOf` }, `The result "${result.figure}" has no date.`, 'Add "asOf:" under it: the month (2026-03) or day (2026-03-14) it was measured.'));
    } else if (!AS_OF.test(result.asOf)) {
      problems.push(error('wrong-format', file, where('asOf'), `"${result.asOf}" is not a month written YYYY-MM or a day written YYYY-MM-DD.`, 'Write when it was measured, e.g. asOf: 2026-03.'));
    } else if (!isCalendarDate(result.asOf)) {
      // 2026-02-30 was published as "30 February 2026".
      problems.push(error('wrong-format', file, where('asOf'), `"${result.asOf}" is no day of the calendar.`, 'Write a real day, e.g. 2026-02-28, or the month: 2026-02.'));
    } else if (result.asOf > nextDay(today)) {
      problems.push(error('case-result-in-future', file, where('asOf'), `The date ${result.asOf} of "${result.figure}" is in the future (today is ${today}).`, 'Write when the figure was actually measured.'));
    }
    return problems;
  });
}
