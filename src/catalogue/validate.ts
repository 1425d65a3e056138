// Stage 2, validate: every file parsed and checked against its schema, then the rules that span files.
// All problems are collected; nothing stops at the first one.
import { organisationChecks } from './organisationChecks.ts';
import { ALTERNATIVES_FOLDER, alternativeSlugOf, readAlternative, todayUtc } from './alternativeContent.ts';
import { CASES_FOLDER, isCaseFile, readCase, type CaseFrontMatter } from './caseStudies.ts';
import { createCrossChecksMemo, crossChecks, type CrossChecksMemo } from './checks.ts';
import { isPageFile, PAGES_FOLDER, pageNameProblems, readPage } from './sitePages.ts';
import { routes } from '../core/routes.ts';
import { imageChecks, pacedImageChecks } from './imageChecks.ts';
import { statChecks } from './statChecks.ts';
import { encodingProblems } from './textEncoding.ts';
import { skippedLinkProblems } from './symbolicLinks.ts';
import { missingSiteFile, wrongKindProblems, withoutImplied } from './entryKinds.ts';
import { nameTakenBy } from './frontMatter.ts';
import { ignoredFileProblems } from './ignoredFiles.ts';
import { iconChecks, socialImageChecks, themeChecks, withoutSocialImageSizes } from './themeChecks.ts';
import { DESCRIPTION_MAX_BYTES, sizeOverLimit } from './limits.ts';
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
  descriptions: Map<string, { file: string; tree: TreeNode[]; terms: string }>;
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
  /** Paths of the files the site publishes beside its pages (public/'s, /sitemap.xml): links may point at them. */
  files?: readonly string[];
  /**
   * Descriptions compiled by an earlier run, by text: a dev rebuild after one description was edited compiles
   * only that one (Markdown is most of this stage). Validation refills it with this run's.
   */
  memo?: Map<string, CompiledDescription>;
  /** What an earlier run in this process kept (createValidationMemo), reused where its inputs are the same. */
  kept?: ValidationMemo;
  /** The UTC day an alternatives page's "reviewed" date and a figure's "asOf" may not be after, YYYY-MM-DD
   *  (default: today). */
  today?: string;
  /** The image checks' problems for exactly this catalogue's images, checked beforehand (checkedImages), else
   *  checked here. */
  imageProblems?: Problem[];
}

export type Validation = { problems: Problem[]; catalogue?: ValidCatalogue };

export function validateCatalogue(source: CatalogueSource, options: ValidateOptions): Validation {
  const kept = options.kept ?? createValidationMemo();
  return finishValidation(source, parseYamlFiles(source, kept.parses), kept, options);
}

/** One YAML file's parse and schema check, with the text it was made from. */
type YamlFileParse = { text: string; yaml: YamlFile; data: unknown; problems: Problem[]; value: unknown };

/** The image checks' problems, with what they read. */
type ImageChecksRun = { images: CatalogueSource['images']; svgs: CatalogueSource['svgs']; rasters: CatalogueSource['rasters']; sizes: (number | undefined)[]; problems: Problem[] };

/**
 * What validation keeps for its next run in the same process (dev), owned by the build cache (buildOptions.ts).
 * Each part is reused only while what it read is the same; a run without one keeps nothing.
 * - `parses`: each YAML file's last parse, by path, with its text. A dev rebuild after a description edit parses
 *   no YAML again (70 ms of 13 category files with 10,000 services). Nothing downstream writes to a parse (the
 *   model freezes what it takes of it).
 * - `images`: the last image checks, while the image list, SVG texts and raster headers are the same objects
 *   (a dev rebuild after a text edit keeps them: devLoad.ts) and every image's size is the same. Parsing 10,000
 *   SVGs again took 0.3 s of a 1.5 s rebuild. (A build takes them from the build cache on disk instead.)
 * - the cross-file checks' own (checks.ts).
 */
export interface ValidationMemo extends CrossChecksMemo {
  parses: Map<string, YamlFileParse>;
  images?: ImageChecksRun;
}

export const createValidationMemo = (): ValidationMemo => ({ ...createCrossChecksMemo(), parses: new Map() });

/** The image checks' problems: the memo's (dev) while what they read is the same, else checked now, a slice at a
 *  time (pacedImageChecks), and kept in the memo if there is one. A build runs it beside the descriptions'
 *  compilation. */
export async function checkedImages(source: CatalogueSource, kept?: ValidationMemo): Promise<Problem[]> {
  const sizes = [...source.images].map((file) => source.sizes.get(file));
  const last = kept?.images;
  if (last && last.images === source.images && last.svgs === source.svgs && last.rasters === source.rasters && sameItems(last.sizes, sizes)) return last.problems;
  const problems = await pacedImageChecks(source);
  if (kept) kept.images = { images: source.images, svgs: source.svgs, rasters: source.rasters, sizes, problems };
  return problems;
}

type YamlParse = { problems: Problem[]; parsed: ParsedCatalogue };

const newParse = (source: CatalogueSource): YamlParse => ({ problems: [], parsed: { categories: [], descriptions: new Map(), images: source.images, alternatives: new Map(), pages: new Map(), cases: new Map() } });
const yamlTexts = (source: CatalogueSource) => [...source.texts].filter(([file]) => !file.endsWith('.md'));

/** Every YAML file parsed and checked against its schema (or its parse kept from the last run). */
function parseYamlFiles(source: CatalogueSource, parses: Map<string, YamlFileParse>): YamlParse {
  const yaml = newParse(source);
  const texts = yamlTexts(source);
  for (const [file, text] of texts) parseYamlFile(yaml, file, text, parses);
  const files = new Set(texts.map(([file]) => file));
  for (const file of parses.keys()) if (!files.has(file)) parses.delete(file);
  return yaml;
}

/** One YAML file parsed and checked against its schema, its results added to `yaml`. */
function parseYamlFile({ problems, parsed }: YamlParse, file: string, text: string, parses: Map<string, YamlFileParse>): void {
  let last = parses.get(file);
  if (last?.text !== text) {
    const { yaml, data, problems: syntax } = parseYaml(file, text);
    const schema = file === 'site.yaml' ? siteSchema : categorySchema;
    const checked = data === undefined ? { problems: [], value: undefined } : checkSchema(yaml, data, schema);
    parses.set(file, (last = { text, yaml, data, problems: [...syntax, ...checked.problems], value: checked.value }));
  }
  const { yaml, data, value } = last;
  problems.push(...last.problems);
  if (file === 'site.yaml') parsed.site = { yaml, data, value: value as SiteFile | undefined };
  else parsed.categories.push({ name: file.replace(/^categories\/|\.ya?ml$/g, ''), yaml, data, value: value as CategoryFile | undefined });
}

/** The descriptions, then the rules that span files, then the valid catalogue if nothing is wrong. */
function finishValidation(source: CatalogueSource, { problems, parsed }: YamlParse, kept: ValidationMemo, { pageRoutes, files = [], memo, today = todayUtc(), imageProblems }: ValidateOptions): Validation {
  const compiledNow = new Map<string, CompiledDescription>();
  for (const [file, text] of source.texts) {
    if (!file.endsWith('.md')) continue;
    if (isPageFile(file)) {
      const read = readPage(file, text, nameTakenBy(source.texts.keys(), PAGES_FOLDER, file));
      problems.push(...read.problems);
      parsed.pages.set(read.page.slug, read.page);
      continue;
    }
    if (isCaseFile(file)) {
      const read = readCase(file, text, today, nameTakenBy(source.texts.keys(), CASES_FOLDER, file));
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
      problems.push(error('description-too-large', file, { line: 1, column: 1 }, `The description is ${sizeOverLimit(size, DESCRIPTION_MAX_BYTES).join('; at most ')} is allowed.`, 'Keep what a buyer needs to decide (a long description is about 3 KB); move the rest to a page of your own and link to it.'));
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

  if (!parsed.site && !source.wrongKinds?.includes('site.yaml')) problems.push(source.skippedLinks?.has('site.yaml') ? missingSiteFile() : missingSiteFile(source.siteFileLookAlikes, source.cataloguesInside, source.catalogueAbove));
  const social = socialImageChecks(parsed, source);
  const images = withoutSocialImageSizes(imageProblems ?? imageChecks(source), social, parsed);
  // Links may point at the site's own pages too.
  const ownPages = [...parsed.pages.values(), ...parsed.cases.values()].map((page) => (isCaseFile(page.file) ? routes.caseStudy(page.slug) : routes.page(page.slug)));
  problems.push(...pageNameProblems(parsed.pages.values(), pageRoutes), ...crossChecks(parsed, [...pageRoutes, ...ownPages], kept, files), ...themeChecks(parsed), ...social, ...iconChecks(parsed, source), ...organisationChecks(parsed, today), ...statChecks(parsed, today), ...images, ...encodingProblems(source.texts), ...skippedLinkProblems(source.skippedLinks), ...ignoredFileProblems(source.ignored), ...wrongKindProblems(source.wrongKinds));
  const reported = withUnreadable(withoutImplied(problems, source.wrongKinds), source.unreadable);

  const site = parsed.site?.value;
  if (errorsIn(reported).length || !site) return { problems: reported };
  const byName = new Map(parsed.categories.map((c) => [c.name, c]));
  return {
    problems: reported,
    catalogue: {
      site,
      categories: site.categories.map((name) => ({ name, value: byName.get(name)!.value! })),
      descriptions: new Map([...parsed.descriptions].map(([id, d]) => [id, { file: d.file, tree: d.tree, terms: d.terms ?? '' }])),
      alternatives: new Map([...parsed.alternatives].map(([slug, a]) => [slug, { reviewed: a.reviewed!, title: a.title, tree: a.tree }])),
      pages: [...parsed.pages.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map(({ slug, title, description, link, show, tree }) => ({ slug, title: title!, description: description!, link, ...(show && { show }), tree })),
      // Every case passed its checks, so its disclosure and each result's source and date are there.
      cases: [...parsed.cases.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map(({ slug, value, tree }) => ({ ...(value as ValidCase), slug, tree })),
    },
  };
}

/** Each file the system would not let us read, as a problem, before the others; and none of the problems its
 *  empty text made. */
function withUnreadable(problems: Problem[], unreadable: ReadonlyMap<string, string> = new Map()): Problem[] {
  if (!unreadable.size) return problems;
  const refused = [...unreadable].map(([file, why]) => error('file-unreadable', file, {}, `The file cannot be read: ${why}.`, 'Let your user read it (for example chmod a+r on the file, or chown it to you), then run again; or move it out of the catalogue folder.'));
  return [...refused, ...problems.filter((p) => !unreadable.has(p.file))];
}
