// Stage 2, validate: every file parsed and checked against its schema, then the rules that span files.
// All problems are collected; nothing stops at the first one.
import { crossChecks } from './checks.ts';
import { imageChecks } from './imageChecks.ts';
import { themeChecks } from './themeChecks.ts';
import { DESCRIPTION_MAX_BYTES, sizeText } from './limits.ts';
import type { ParsedCatalogue } from './parsed.ts';
import type { CatalogueSource } from './load.ts';
import { compileDescription, type CompiledDescription } from './markdown.ts';
import type { TreeNode } from '../core/tree.ts';
import { error, errorsIn, type Problem } from './problems.ts';
import { categorySchema, siteSchema, type CategoryFile, type SiteFile } from './schema.ts';
import { checkSchema } from './schemaIssues.ts';
import { parseYaml, type YamlFile } from './yamlFile.ts';

/** A catalogue that passed every check: all values present and typed. */
export interface ValidCatalogue {
  site: SiteFile;
  categories: { name: string; value: CategoryFile }[];
  descriptions: Map<string, { file: string; tree: TreeNode[] }>;
}

export interface ValidateOptions {
  /** Routes of the site's pages that are not made from the catalogue (the page kinds': /, /sitemap/, …): links may point at them. */
  pageRoutes: readonly string[];
  /**
   * Descriptions compiled by an earlier run, by text: a dev rebuild after one description was edited compiles
   * only that one (Markdown is most of this stage). Validation refills it with this run's.
   */
  memo?: Map<string, CompiledDescription>;
}

export type Validation = { problems: Problem[]; catalogue?: ValidCatalogue };

export function validateCatalogue(source: CatalogueSource, options: ValidateOptions): Validation {
  return finishValidation(source, parseYamlFiles(source), options);
}

type YamlParse = { problems: Problem[]; parsed: ParsedCatalogue };

const newParse = (source: CatalogueSource): YamlParse => ({ problems: [], parsed: { categories: [], descriptions: new Map(), images: source.images } });
const yamlTexts = (source: CatalogueSource) => [...source.texts].filter(([file]) => !file.endsWith('.md'));

/** Every YAML file parsed and checked against its schema. */
function parseYamlFiles(source: CatalogueSource): YamlParse {
  const yaml = newParse(source);
  for (const [file, text] of yamlTexts(source)) parseYamlFile(yaml, file, text);
  return yaml;
}

/** One YAML file parsed and checked against its schema, its results added to `yaml`. */
function parseYamlFile({ problems, parsed }: YamlParse, file: string, text: string): void {
  const { yaml, data, problems: syntax } = parseYaml(file, text);
  problems.push(...syntax);
  const schema = file === 'site.yaml' ? siteSchema : categorySchema;
  const checked = syntax.length ? { problems: [] } : checkSchema(yaml, data, schema);
  problems.push(...checked.problems);
  if (file === 'site.yaml') parsed.site = { yaml, data, value: checked.value as SiteFile | undefined };
  else parsed.categories.push({ name: file.replace(/^categories\/|\.ya?ml$/g, ''), yaml, data, value: checked.value as CategoryFile | undefined });
}

/** The descriptions, then the rules that span files, then the valid catalogue if nothing is wrong. */
function finishValidation(source: CatalogueSource, { problems, parsed }: YamlParse, { pageRoutes, memo }: ValidateOptions): Validation {
  const compiledNow = new Map<string, CompiledDescription>();
  for (const [file, text] of source.texts) {
    if (!file.endsWith('.md')) continue;
    const id = file.slice('descriptions/'.length, -'.md'.length);
    const size = source.sizes.get(file) ?? 0;
    if (size > DESCRIPTION_MAX_BYTES) {
      problems.push(error('description-too-large', file, { line: 1, column: 1 }, `The description is ${sizeText(size)}; at most ${sizeText(DESCRIPTION_MAX_BYTES)} is allowed.`, 'Keep what a buyer needs to decide (a long description is about 3 KB); move the rest to a page of your own and link to it.'));
      parsed.descriptions.set(id, { file, text, tree: [], links: [], unread: true });
      continue;
    }
    const description = memo?.get(text) ?? compileDescription(text);
    compiledNow.set(text, description);
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
  problems.push(...crossChecks(parsed, pageRoutes), ...themeChecks(parsed), ...imageChecks(source));

  const site = parsed.site?.value;
  if (errorsIn(problems).length || !site) return { problems };
  const byName = new Map(parsed.categories.map((c) => [c.name, c]));
  return {
    problems,
    catalogue: {
      site,
      categories: site.categories.map((name) => ({ name, value: byName.get(name)!.value! })),
      descriptions: new Map([...parsed.descriptions].map(([id, d]) => [id, { file: d.file, tree: d.tree }])),
    },
  };
}
