// The catalogue as parsed, before the rules that span files (checks.ts) have judged it.
import type { CompiledDescription } from './markdown.ts';
import type { CategoryFile, SiteFile } from './schema.ts';
import type { YamlFile } from './yamlFile.ts';

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
  /** `unread`: over the size limit, so neither read nor compiled (already reported). */
  descriptions: Map<string, { file: string; text: string; unread?: boolean } & CompiledDescription>;
  images: ReadonlySet<string>;
}
