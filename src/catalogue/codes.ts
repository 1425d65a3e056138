// Every problem has a stable code, so CI tools, editors and people can match on it rather than on its wording,
// which may improve from release to release. docs/errors.md explains each one; tests/integration/problemCodes.test.ts
// keeps this list, the code that uses it and that page in step. Never rename or reuse a code: add a new one.

export const PROBLEM_CODES = [
  // Text files (textEncoding.ts), and links to files (symbolicLinks.ts)
  'not-utf8',
  'file-unreadable',
  'skipped-link',
  'file-ignored',
  'not-a-folder',
  // YAML files
  'yaml-syntax',
  'duplicate-key',
  'yaml-alias',
  'empty-file',
  'file-not-fields',
  // Fields, against the schemas (schemaIssues.ts)
  'unknown-field',
  'missing-field',
  'wrong-type',
  'empty-text',
  'too-long',
  'too-few',
  'too-many',
  'out-of-range',
  'wrong-format',
  'invalid-value',
  'base-url',
  'price-negative',
  'price-too-high',
  'price-cents',
  'wrong-currency',
  // site.yaml and the categories
  'missing-site-file',
  'category-listed-twice',
  'category-file-missing',
  'category-not-listed',
  'category-two-files',
  'duplicate-anchor',
  'duplicate-prefix',
  'empty-category',
  'duplicate-alternative',
  // The figures under the hero (site.yaml's stats)
  'stat-without-source',
  'stat-without-date',
  'stat-date-in-future',
  // Services
  'duplicate-id',
  'id-form',
  'id-prefix',
  'name-without-slug',
  'look-alike-letter',
  'long-meta-description',
  // Price options, and the services a service requires or is booked with
  'option-without-price',
  'empty-options',
  'duplicate-option',
  'price-not-lowest-option',
  'unknown-service',
  'self-reference',
  'duplicate-reference',
  'requires-cycle',
  'related-also-required',
  // Descriptions
  'missing-description',
  'description-without-service',
  'short-description',
  'description-front-matter',
  'description-too-large',
  'description-too-deep',
  'description-too-complex',
  // Alternatives pages' own content (alternatives/{slug}.md)
  'alternative-not-listed',
  'reviewed-date',
  'reviewed-in-future',
  'empty-alternative-content',
  'alternatives-without-content',
  // Links in descriptions and the footer
  'link-scheme',
  'link-malformed',
  'relative-link',
  'missing-section',
  'broken-link',
  // Images
  'missing-image',
  'unused-image',
  'not-an-image',
  'image-too-large',
  'large-image',
  'image-unreadable',
  'image-wrong-extension',
  'image-too-small',
  'svg-malformed',
  'svg-entity',
  'svg-script',
  'svg-event-handler',
  'svg-animated-link',
  'svg-embedded-content',
  'svg-external-reference',
  // The theme (site.yaml's theme block)
  'low-contrast',
  'social-image-size',
  // The agency's identity (site.yaml's organisation block)
  'founded-in-future',
  'organisation-missing',
  // The site's own pages (pages/{slug}.md, beside the catalogue)
  'page-name',
  'page-name-taken',
  'empty-page',
  // Case studies (cases/{slug}.md)
  'case-name',
  'case-without-disclosure',
  'case-result-source',
  'case-result-in-future',
  // The site's public/ folder, beside the catalogue (publicFolder.ts)
  'public-file-type',
  'public-file-too-large',
  'public-name-taken',
  // The theme/ folder (build/theme.ts)
  'ejected-copy-outdated',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];
