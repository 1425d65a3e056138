// The site's own pages: pages/{slug}.md beside the catalogue folder (About, Terms, Privacy, …), each YAML front
// matter (its title, its description, where it is linked) then Markdown compiled like a description. The file's
// name is the page's address: pages/about.md is /about/. They are read with the catalogue (load.ts names them
// ../pages/{slug}.md, from the catalogue folder), and their problems are located the same way.
import { z } from 'zod';
import { routes } from '../core/routes.ts';
import { SITE_FOLDERS } from '../core/siteFolders.ts';
import { underTitle } from '../core/tree.ts';
import { compileDescription } from './markdown.ts';
import { boundProblem } from './markdownBounds.ts';
import type { ParsedPage } from './parsed.ts';
import { error, type Problem } from './problems.ts';
import { addressNameProblem, noFrontMatter, readFrontMatter } from './frontMatter.ts';
import { withoutControlCharacters } from './schema.ts';
import { locate } from './yamlFile.ts';

/** Where the pages are, from the catalogue folder. */
export const PAGES_FOLDER = '../pages/';

export const PAGE_LINKS = ['header', 'footer', 'none'] as const;
/** What a page may show under its text, from site.yaml. */
export const PAGE_BLOCKS = ['organisation'] as const;

export const pageSchema = z
  .strictObject({
    title: withoutControlCharacters(z.string().trim().min(1).max(60)).meta({ description: 'The page\'s heading and the title of its browser tab, e.g. "About us".' }),
    description: withoutControlCharacters(z.string().trim().min(1).max(160)).meta({ description: 'What the page is about, in a sentence: search results and link previews show it.' }),
    link: z
      .enum(PAGE_LINKS)
      .default('footer')
      .meta({ description: 'Where the page is linked on every page: "header" (the main navigation), "footer" (the footer, the default) or "none" (only from other pages and the sitemap). The pages terms, refund and privacy go in the footer\'s "Legal" links instead of "Other".' }),
    show: z
      .enum(PAGE_BLOCKS, { message: 'expected "organisation"' })
      .optional()
      .meta({ description: 'Optional: a block the page shows under its text. "organisation": the agency\'s legal details and team from site.yaml\'s organisation (for pages/about.md).' }),
  })
  .meta({ title: 'storefront page', description: 'The front matter of pages/{slug}.md' });

/** The address part of a page file, "about" for ../pages/about.md. */
export const pageSlugOf = (file: string) => file.slice(PAGES_FOLDER.length, -'.md'.length);

/** Whether a catalogue text is one of the site's pages. */
export const isPageFile = (file: string) => file.startsWith(PAGES_FOLDER);

/** The first part of every address the site makes of its catalogue, which a page may not take. */
const CATALOGUE_SECTIONS = [routes.service('x', 'y'), routes.category('x'), routes.alternative('x')].map((route) => route.split('/')[1]!);

/** Reads one page file: its problems, and what it holds as far as it could be read. `takenBy`: the page file that
 *  has the name given or is to be renamed to it (nameTakenBy, for the hint of a name to rename). */
export function readPage(file: string, text: string, takenBy?: (slug: string) => string | undefined): { problems: Problem[]; page: ParsedPage } {
  const slug = pageSlugOf(file);
  const nameProblem = addressNameProblem(file, slug, 'page-name', { kind: "A page's", folder: 'pages/', example: 'about', route: routes.page }, takenBy);
  const problems: Problem[] = nameProblem ? [nameProblem] : [];
  const read = readFrontMatter(file, text, pageSchema);
  if (!read) {
    const compiled = compileDescription(text);
    const hint = 'Start the file with its title and description between two lines of three hyphens: "---", "title: About us", "description: Who we are and how we work.", "---".';
    problems.push(noFrontMatter(file, text, error('missing-field', file, { line: 1, column: 1, field: 'title' }, 'The required fields "title" and "description" are missing: the file has no front matter.', hint)));
    if (compiled.refused) problems.push(boundProblem(file, compiled.refused));
    return { problems, page: { file, slug, link: 'footer', ...compiled } };
  }
  const { yaml, value, fields, body, offset } = read;
  problems.push(...read.problems);
  if (body.words === 0) {
    problems.push(error('empty-page', file, { line: offset + 1, column: 1 }, 'The page has a title but no text under it.', 'Write the page under its front matter, or delete the file.'));
  }
  return {
    problems,
    page: {
      file,
      slug,
      ...(value && { title: value.title, description: value.description }),
      link: value?.link ?? 'footer',
      // What it shows is checked against site.yaml whether or not its other fields passed.
      ...(fields.show && { show: fields.show, showAt: locate(yaml, ['show']) }),
      words: body.words,
      tree: underTitle(body.tree),
      links: body.links,
    },
  };
}

/** The pages whose address another page of the site has: a page kind's (`pageRoutes`: /search/, /quote/, …), one
 *  the catalogue makes (/service/…, /category/…), or a folder the build fills (/assets/, /img/, the search index's). */
export function pageNameProblems(pages: Iterable<ParsedPage>, pageRoutes: readonly string[]): Problem[] {
  const taken = new Set([...CATALOGUE_SECTIONS, ...Object.values(SITE_FOLDERS), ...pageRoutes.map((route) => route.split('/')[1]).filter((part): part is string => Boolean(part))]);
  return [...pages]
    .filter((page) => taken.has(page.slug))
    .map((page) => error('page-name-taken', page.file, { line: 1, column: 1 }, `/${page.slug}/ is an address the site has already, so pages/${page.slug}.md would never be shown there.`, `Rename the file, e.g. to pages/our-${page.slug}.md.`));
}
