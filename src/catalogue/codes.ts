// Every problem has a stable code, so CI tools, editors and people can match on it rather than on its wording,
// which may improve from release to release. docs/errors.md explains each one; tests/unit/problemCodes.test.ts
// keeps this list, the code that uses it and that page in step. Never rename or reuse a code: add a new one.

export const PROBLEM_CODES = [
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
  // Services
  'duplicate-id',
  'id-form',
  'id-prefix',
  'name-without-slug',
  'look-alike-letter',
  'long-meta-description',
  // Descriptions
  'missing-description',
  'description-without-service',
  'short-description',
  'description-too-large',
  // Links in descriptions and the footer
  'link-scheme',
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
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];
