// The catalogue as parsed, before the rules that span files (checks.ts) have judged it.
import type { CompiledDescription } from './markdown.ts';
import type { ParsedCase } from './caseStudies.ts';
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
  /** The alternatives pages' own content (alternatives/{slug}.md), by competitor slug: see alternativeContent.ts. */
  alternatives: Map<string, ParsedAlternative>;
  /** The site's own pages (pages/{slug}.md beside the catalogue), by slug: see sitePages.ts. */
  pages: Map<string, ParsedPage>;
  /** The case studies (cases/{slug}.md), by slug: see caseStudies.ts. */
  cases: Map<string, ParsedCase>;
}

/** A page of the site's own: its front matter as far as it passed, and its compiled Markdown, with the links at
 *  their lines in the file. */
export interface ParsedPage extends CompiledDescription {
  file: string;
  slug: string;
  title?: string;
  description?: string;
  link: 'header' | 'footer' | 'none';
  /** A block the page shows under its text: the organisation (site.yaml's), with where the field is. */
  show?: 'organisation';
  showAt?: { line: number; column: number };
}

/** An alternatives page's content: its date and compiled Markdown, with the links at their lines in the file. */
export interface ParsedAlternative extends CompiledDescription {
  file: string;
  /** The "reviewed" date, YYYY-MM-DD; absent when the front matter has a problem (already reported). */
  reviewed?: string;
  /** The heading of the content, when the front matter gives one. */
  title?: string;
}

/** One service entry of a category file as written, for the rules that span fields and files (checks.ts). */
export interface RawService {
  category: ParsedCategory;
  /** Its position in the category's services list. */
  index: number;
  raw: Record<string, unknown>;
  id?: string;
  name?: string;
  /** Its page address part, when it has a name: its own `slug`, else its name's (empty when the name has no Latin
   *  letter or digit). */
  slug?: string;
}
