// Stage 2, validate: every file parsed and checked against its schema, then the rules that span files.
// All problems are collected; nothing stops at the first one.
import { organisationChecks } from './organisationChecks.ts';
import { ALTERNATIVES_FOLDER, alternativeSlugOf, readAlternative, todayUtc } from './alternativeContent.ts';
import { isCaseFile, readCase, type CaseFrontMatter } from './caseStudies.ts';
import { crossChecks, type YamlChecksMemo } from './checks.ts';
import { isPageFile, pageNameProblems, readPage } from './sitePages.ts';
import { routes } from '../core/routes.ts';
import { imageChecks } from './imageChecks.ts';
import { statChecks } from './statChecks.ts';
import { socialImageChecks, themeChecks } from './themeChecks.ts';
import { DESCRIPTION_MAX_BYTES, sizeText } from './limits.ts';
import type { ParsedCatalogue } from './parsed.ts';
import type { CatalogueSource } from './load.ts';
import { compileDescription, type CompiledDescription } from './markdown.ts';
import { boundProblem } from './markdownBounds.ts';
import { sameItems } from '../core/sameItems.ts';
import type { TreeNode } from '../core/tree.ts';
import { error, errorsIn, type Problem } from './problems.ts';
import { categorySchema, siteSchema, type CategoryFile, type SiteFile } from './schema.ts';
import { checkSchema } from './schemaIssues.ts';
import { parseYaml, type YamlFile } from './yamlFile.ts';

/** A catalogue that passed every check: all values present and typed. */
export interface ValidCatalogue {
  site: SiteFile;
  categories: { name: string; value: CategoryFile }[];
  descriptions: Map<string, { file: string; tree: TreeNode[]; terms: string[] }>;
  /** The alternatives pages' own content, by competitor slug (alternativeContent.ts). */
  alternatives: Map<string, { reviewed: string; title?: string; tree: TreeNode[] }>;
  /** The site's own pages, by slug (sitePages.ts). */
  pages: ValidPage[];
  /** The case studies, in the order of their slugs (caseStudies.ts). */
  cases: ValidCase[];
}

export interface ValidCase extends CaseFrontMatter {
  slug: string;
  /** What the front matter's `disclosure` is required to be (caseStudies.ts). */
  disclosure: string;
  results: (CaseFrontMatter['results'][number] & { source: string; asOf: string })[];
  tree: TreeNode[];
}

export interface ValidPage {
  slug: string;
  title: string;
  description: string;
  link: 'header' | 'footer' | 'none';
  /** A block shown under the text: site.yaml's organisation. */
  show?: 'organisation';
  tree: TreeNode[];
}

export interface ValidateOptions {
  /** Routes of the site's pages that are not made from the catalogue (the page kinds': /, /sitemap/, …): links may point at them. */
  pageRoutes: readonly string[];
  /**
   * Descriptions compiled by an earlier run, by text: a dev rebuild after one description was edited compiles
   * only that one (Markdown is most of this stage). Validation refills it with this run's.
   */
  memo?: Map<string, CompiledDescription>;
  /** The YAML checks of an earlier run (createYamlChecksMemo), reused while the YAML and images are the same. */
  yamlChecks?: YamlChecksMemo;
  /** The UTC day an alternatives page's "reviewed" date and a figure's "asOf" may not be after, YYYY-MM-DD
   *  (default: today). */
  today?: string;
  /** The image checks' problems for exactly this catalogue's images, from the build cache (cachedStages.ts:
   *  parsing 10,000 SVGs is 0.35 s), and where to hand them when they were made now. */
  imageProblems?: { cached?: Problem[]; made?: (problems: Problem[]) => void };
}

export type Validation = { problems: Problem[]; catalogue?: ValidCatalogue };

export function validateCatalogue(source: CatalogueSource, options: ValidateOptions): Validation {
  return finishValidation(source, parseYamlFiles(source), options);
}

/**
 * The image checks of the last run, by its image list: a dev rebuild after a text edit keeps the same list, SVG
 * texts and raster headers (devLoad.ts), and parsing 10,000 SVGs again took 0.3 s of a 1.5 s rebuild. Reused
 * only when those three are the same objects and every image's size is the same.
 */
const lastImageChecks = new WeakMap<CatalogueSource['images'], { svgs: CatalogueSource['svgs']; rasters: CatalogueSource['rasters']; sizes: (number | undefined)[]; problems: Problem[] }>();

function cachedImageChecks(source: CatalogueSource): Problem[] {
  const sizes = [...source.images].map((file) => source.sizes.get(file));
  const last = lastImageChecks.get(source.images);
  if (last && last.svgs === source.svgs && last.rasters === source.rasters && sameItems(last.sizes, sizes)) return last.problems;
  const problems = imageChecks(source);
  lastImageChecks.set(source.images, { svgs: source.svgs, rasters: source.rasters, sizes, problems });
  return problems;
}

type YamlParse = { problems: Problem[]; parsed: ParsedCatalogue };

const newParse = (source: CatalogueSource): YamlParse => ({ problems: [], parsed: { categories: [], descriptions: new Map(), images: source.images, alternatives: new Map(), pages: new Map(), cases: new Map() } });
const yamlTexts = (source: CatalogueSource) => [...source.texts].filter(([file]) => !file.endsWith('.md'));

/** Every YAML file parsed and checked against its schema. */
function parseYamlFiles(source: CatalogueSource): YamlParse {
  const yaml = newParse(source);
  for (const [file, text] of yamlTexts(source)) parseYamlFile(yaml, file, text);
  return yaml;
}

/**
 * The last parse of each YAML file, by path, with the text it was made from: a dev rebuild after a description
 * edit parses no YAML again (70 ms of 13 category files with 10,000 services). The result is a function of the
 * path and the text, and nothing downstream writes to it (the model freezes what it takes of it).
 */
const lastParse = new Map<string, { text: string; yaml: YamlFile; data: unknown; problems: Problem[]; value: unknown }>();

/** One YAML file parsed and checked against its schema, its results added to `yaml`. */
function parseYamlFile({ problems, parsed }: YamlParse, file: string, text: string): void {
  let last = lastParse.get(file);
  if (last?.text !== text) {
    const { yaml, data, problems: syntax } = parseYaml(file, text);
    const schema = file === 'site.yaml' ? siteSchema : categorySchema;
    const checked = syntax.length ? { problems: [], value: undefined } : checkSchema(yaml, data, schema);
    lastParse.set(file, (last = { text, yaml, data, problems: [...syntax, ...checked.problems], value: checked.value }));
  }
  const { yaml, data, value } = last;
  problems.push(...last.problems);
  if (file === 'site.yaml') parsed.site = { yaml, data, value: value as SiteFile | undefined };
  else parsed.categories.push({ name: file.replace(/^categories\/|\.ya?ml$/g, ''), yaml, data, value: value as CategoryFile | undefined });
}

/** The descriptions, then the rules that span files, then the valid catalogue if nothing is wrong. */
function finishValidation(source: CatalogueSource, { problems, parsed }: YamlParse, { pageRoutes, memo, yamlChecks, today = todayUtc(), imageProblems }: ValidateOptions): Validation {
  const compiledNow = new Map<string, CompiledDescription>();
  for (const [file, text] of source.texts) {
    if (!file.endsWith('.md')) continue;
    if (isPageFile(file)) {
      const read = readPage(file, text);
      problems.push(...read.problems);
      parsed.pages.set(read.page.slug, read.page);
      continue;
    }
    if (isCaseFile(file)) {
      const read = readCase(file, text, today);
      problems.push(...read.problems);
      parsed.cases.set(read.parsed.slug, read.parsed);
      continue;
    }
    if (file.startsWith(ALTERNATIVES_FOLDER)) {
      const read = readAlternative(file, text, today);
      problems.push(...read.problems);
      parsed.alternatives.set(alternativeSlugOf(file), read.alternative);
      continue;
    }
    const id = file.slice('descriptions/'.length, -'.md'.length);
    const size = source.sizes.get(file) ?? 0;
    if (size > DESCRIPTION_MAX_BYTES) {
      problems.push(error('description-too-large', file, { line: 1, column: 1 }, `The description is ${sizeText(size)}; at most ${sizeText(DESCRIPTION_MAX_BYTES)} is allowed.`, 'Keep what a buyer needs to decide (a long description is about 3 KB); move the rest to a page of your own and link to it.'));
      parsed.descriptions.set(id, { file, text, tree: [], links: [], words: 0, unread: true });
      continue;
    }
    const description = memo?.get(text) ?? compileDescription(text);
    compiledNow.set(text, description);
    if (description.refused) problems.push(boundProblem(file, description.refused));
    parsed.descriptions.set(id, { file, text, ...description });
  }
  if (memo) {
    memo.clear();
    for (const [text, description] of compiledNow) memo.set(text, description);
  }

  if (!parsed.site) {
    problems.push(
      error('missing-site-file', 'site.yaml', {}, 'The site configuration file is missing.', 'Create site.yaml in the catalogue folder (see the README for a complete example).'),
    );
  }
  const images = imageProblems?.cached ?? cachedImageChecks(source);
  if (!imageProblems?.cached) imageProblems?.made?.(images);
  // Links may point at the site's own pages too.
  const ownPages = [...parsed.pages.values(), ...parsed.cases.values()].map((page) => (isCaseFile(page.file) ? routes.caseStudy(page.slug) : routes.page(page.slug)));
  problems.push(...pageNameProblems(parsed.pages.values(), pageRoutes), ...crossChecks(parsed, [...pageRoutes, ...ownPages], yamlChecks), ...themeChecks(parsed), ...socialImageChecks(parsed, source), ...organisationChecks(parsed, today), ...statChecks(parsed, today), ...images);

  const site = parsed.site?.value;
  if (errorsIn(problems).length || !site) return { problems };
  const byName = new Map(parsed.categories.map((c) => [c.name, c]));
  return {
    problems,
    catalogue: {
      site,
      categories: site.categories.map((name) => ({ name, value: byName.get(name)!.value! })),
      descriptions: new Map([...parsed.descriptions].map(([id, d]) => [id, { file: d.file, tree: d.tree, terms: d.terms ?? [] }])),
      alternatives: new Map([...parsed.alternatives].map(([slug, a]) => [slug, { reviewed: a.reviewed!, title: a.title, tree: a.tree }])),
      pages: [...parsed.pages.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map(({ slug, title, description, link, show, tree }) => ({ slug, title: title!, description: description!, link, ...(show && { show }), tree })),
      // Every case passed its checks, so its disclosure and each result's source and date are there.
      cases: [...parsed.cases.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map(({ slug, value, tree }) => ({ ...(value as ValidCase), slug, tree })),
    },
  };
}
