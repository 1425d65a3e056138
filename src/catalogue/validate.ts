// Stage 2, validate: every file parsed and checked against its schema, then the rules that span files.
// All problems are collected; nothing stops at the first one.
import { crossChecks } from './checks.ts';
import type { CatalogueSource } from './load.ts';
import { compileDescription, type CompiledDescription } from './markdown.ts';
import { compileDescriptionsInWorkers } from './markdownWorkers.ts';
import type { TreeNode } from '../model/tree.ts';
import { error, errorsIn, type Problem } from './problems.ts';
import { categorySchema, siteSchema, type CategoryFile, type SiteFile } from './schema.ts';
import { checkSchema } from './schemaIssues.ts';
import { parseYaml, type YamlFile } from './yamlFile.ts';

export interface ParsedCategory {
  /** The name in site.yaml's list: the file name without .yaml. */
  name: string;
  yaml: YamlFile;
  /** The raw data, converted once, for rules that must run even where the schema failed. */
  data: unknown;
  /** Present when the file passed its schema. */
  value?: CategoryFile;
}

export interface ParsedCatalogue {
  site?: { yaml: YamlFile; data: unknown; value?: SiteFile };
  categories: ParsedCategory[];
  descriptions: Map<string, { file: string; text: string } & CompiledDescription>;
  images: ReadonlySet<string>;
}

/** A catalogue that passed every check: all values present and typed. */
export interface ValidCatalogue {
  site: SiteFile;
  categories: { name: string; value: CategoryFile }[];
  descriptions: Map<string, { file: string; tree: TreeNode[] }>;
}

// The descriptions compiled by the previous run, by text: a dev rebuild after one description was edited
// compiles only that one (Markdown is most of this stage). Holds one catalogue's worth; nothing changes them.
let compiledBefore = new Map<string, CompiledDescription>();

/** Validates a catalogue, compiling its descriptions here (or taking them from `compiled`, by text). */
export function validateCatalogue(source: CatalogueSource, compiled?: ReadonlyMap<string, CompiledDescription>): { problems: Problem[]; catalogue?: ValidCatalogue } {
  return finishValidation(source, parseYamlFiles(source), compiled);
}

/**
 * The same, with a large catalogue's descriptions compiled in worker threads (markdownWorkers.ts) while this
 * thread parses and checks the YAML.
 */
export async function validateCatalogueInParallel(source: CatalogueSource): Promise<ReturnType<typeof validateCatalogue>> {
  const compiling = compileDescriptionsInWorkers(source);
  const yamlFiles = parseYamlFiles(source);
  return finishValidation(source, yamlFiles, await compiling);
}

/** Every YAML file parsed and checked against its schema. */
function parseYamlFiles(source: CatalogueSource): { problems: Problem[]; parsed: ParsedCatalogue } {
  const problems: Problem[] = [];
  const parsed: ParsedCatalogue = { categories: [], descriptions: new Map(), images: source.images };
  for (const [file, text] of source.texts) {
    if (file.endsWith('.md')) continue;
    const { yaml, problems: syntax } = parseYaml(file, text);
    problems.push(...syntax);
    const schema = file === 'site.yaml' ? siteSchema : categorySchema;
    const data: unknown = syntax.length ? undefined : yaml.doc.toJS();
    const checked = syntax.length ? { problems: [] } : checkSchema(yaml, data, schema);
    problems.push(...checked.problems);
    if (file === 'site.yaml') parsed.site = { yaml, data, value: checked.value as SiteFile | undefined };
    else parsed.categories.push({ name: file.replace(/^categories\/|\.ya?ml$/g, ''), yaml, data, value: checked.value as CategoryFile | undefined });
  }
  return { problems, parsed };
}

/** The descriptions, then the rules that span files, then the valid catalogue if nothing is wrong. */
function finishValidation(
  source: CatalogueSource,
  { problems, parsed }: ReturnType<typeof parseYamlFiles>,
  compiled?: ReadonlyMap<string, CompiledDescription>,
): { problems: Problem[]; catalogue?: ValidCatalogue } {
  const compiledNow = new Map<string, CompiledDescription>();
  for (const [file, text] of source.texts) {
    if (!file.endsWith('.md')) continue;
    const id = file.slice('descriptions/'.length, -'.md'.length);
    const description = compiled?.get(text) ?? compiledBefore.get(text) ?? compileDescription(text);
    compiledNow.set(text, description);
    parsed.descriptions.set(id, { file, text, ...description });
  }
  compiledBefore = compiledNow;

  if (!parsed.site) {
    problems.push(
      error('site.yaml', {}, 'The site configuration file is missing.', 'Create site.yaml in the catalogue folder (see the README for a complete example).'),
    );
  }
  problems.push(...crossChecks(parsed));

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
