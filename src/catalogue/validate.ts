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
 * The same, for the build, which does other work on this thread's event loop meanwhile (esbuild's plugins,
 * copying the images, loading the prerenderer). A large catalogue's descriptions are compiled in worker threads
 * (markdownWorkers.ts) while this thread parses the YAML; a smaller one's here, a slice at a time. Done in one
 * go, they held that other work up: the bundle was ready 0.15 s after a 1.4 s validate at 1,500 services.
 */
export async function validateCatalogueInParallel(source: CatalogueSource): Promise<ReturnType<typeof validateCatalogue>> {
  const compiling = compileDescriptionsInWorkers(source);
  const yaml = newParse(source);
  for (const [file, text] of yamlTexts(source)) {
    parseYamlFile(yaml, file, text);
    await nextTurn();
  }
  return finishValidation(source, yaml, (await compiling) ?? (await compileHere(source)));
}

// About 10 ms of compiling at a time: short enough for esbuild's and the file system's callbacks in between.
const DESCRIPTIONS_PER_TURN = 20;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The descriptions not compiled by the previous run, compiled on this thread a slice at a time. */
async function compileHere(source: CatalogueSource): Promise<Map<string, CompiledDescription>> {
  const compiled = new Map<string, CompiledDescription>();
  let sinceTurn = 0;
  for (const [file, text] of source.texts) {
    if (!file.endsWith('.md') || compiled.has(text) || compiledBefore.has(text)) continue;
    compiled.set(text, compileDescription(text));
    if (++sinceTurn === DESCRIPTIONS_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return compiled;
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
function finishValidation(
  source: CatalogueSource,
  { problems, parsed }: YamlParse,
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
