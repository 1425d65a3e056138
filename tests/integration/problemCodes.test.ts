// Every problem has a stable code: the list in src/catalogue/codes.ts, the code that makes problems, and
// docs/errors.md name the same codes; and each fixture's failure mode gets the code made for it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../src/catalogue/codes.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { validate } from '../support/site.ts';

const root = new URL('../../', import.meta.url).pathname;
const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f));
const sources = new Map(sourceFiles('src').map((file) => [file, readFileSync(join(root, file), 'utf8')]));
const documented = [...readFileSync(join(root, 'docs/errors.md'), 'utf8').matchAll(/^### `([^`]+)`$/gm)].map((m) => m[1]!);

describe('problem codes', () => {
  it('are kebab-case and listed once', () => {
    for (const code of PROBLEM_CODES) expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(PROBLEM_CODES).size).toBe(PROBLEM_CODES.length);
  });

  it('are each explained in docs/errors.md, which explains no other', () => {
    expect([...documented].sort()).toEqual([...PROBLEM_CODES].sort());
  });

  it('are each used by the code that makes problems (no code is listed but never made)', () => {
    const users = [...sources].filter(([file]) => file !== 'src/catalogue/codes.ts').map(([, text]) => text);
    const unused = PROBLEM_CODES.filter((code) => !users.some((text) => text.includes(`'${code}'`)));
    expect(unused).toEqual([]);
  });

  it('are all listed, where a problem is made with one written out', () => {
    // The modules that make problems are those that import the helpers for it.
    const makers = [...sources.values()].filter((text) => /from '\.\/problems\.ts'/.test(text));
    const made = makers.flatMap((text) => [...text.matchAll(/\b(?:error|warning|report)\(\s*'([a-z0-9-]+)'|\bcode: '([a-z0-9-]+)'/g)].map((m) => m[1] ?? m[2]!));
    expect(made.length).toBeGreaterThan(30);
    expect(made.filter((code) => !(PROBLEM_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;

// The code of each fixture's own problem (others it causes may come with it).
const modes: [mode: string, code: string][] = [
  ['yaml-syntax', 'yaml-syntax'],
  ['yaml-alias-without-anchor', 'yaml-alias'],
  ['empty-site-file', 'empty-file'],
  ['unknown-field', 'unknown-field'],
  ['missing-field', 'missing-field'],
  ['mistyped-field', 'wrong-type'],
  ['non-numeric-price', 'wrong-type'],
  ['bad-alternative-slug', 'wrong-format'],
  ['relative-base-url', 'base-url'],
  ['base-url-not-a-root', 'base-url'],
  ['reserved-anchor', 'reserved-anchor'],
  ['description-control-character', 'control-character'],
  ['description-without-text', 'empty-file'],
  ['negative-price', 'price-negative'],
  ['price-too-high', 'price-too-high'],
  ['price-below-a-cent', 'price-cents'],
  ['wrong-currency', 'wrong-currency'],
  ['unlisted-category', 'category-file-missing'],
  ['unlisted-category', 'category-not-listed'],
  ['two-files-one-category', 'category-two-files'],
  ['duplicate-anchor', 'duplicate-anchor'],
  ['duplicate-prefix', 'duplicate-prefix'],
  ['empty-category', 'empty-category'],
  ['duplicate-id', 'duplicate-id'],
  ['id-bad-form', 'id-form'],
  ['id-wrong-prefix', 'id-prefix'],
  ['name-without-latin-letters', 'name-without-slug'],
  ['look-alike-letter', 'look-alike-letter'],
  ['long-meta-description', 'long-meta-description'],
  ['service-without-description', 'missing-description'],
  ['description-without-service', 'description-without-service'],
  ['description-front-matter', 'description-front-matter'],
  ['oversized-description', 'description-too-large'],
  ['description-too-deep', 'description-too-deep'],
  ['description-too-complex', 'description-too-complex'],
  ['bad-link-scheme', 'link-scheme'],
  ['link-without-host', 'link-malformed'],
  ['broken-service-link', 'broken-link'],
  ['missing-image', 'missing-image'],
  ['unused-image', 'unused-image'],
  ['not-an-image', 'not-an-image'],
  ['svg-with-script', 'svg-script'],
  ['svg-with-event-handler', 'svg-event-handler'],
  ['svg-with-foreign-object', 'svg-embedded-content'],
  ['svg-with-external-reference', 'svg-external-reference'],
  ['low-contrast-accent', 'low-contrast'],
  ['organisation-founded-in-future', 'founded-in-future'],
  ['team-photo-missing', 'missing-image'],
  ['option-without-price', 'option-without-price'],
  ['empty-options', 'empty-options'],
  ['duplicate-option-label', 'duplicate-option'],
  ['price-not-lowest-option', 'price-not-lowest-option'],
  ['unknown-required-service', 'unknown-service'],
  ['unknown-related-service', 'unknown-service'],
  ['requires-itself', 'self-reference'],
  ['requires-cycle', 'requires-cycle'],
  ['alternative-without-date', 'missing-field'],
  ['alternative-bad-reviewed-date', 'reviewed-date'],
  ['alternative-reviewed-in-future', 'reviewed-in-future'],
  ['alternative-not-listed', 'alternative-not-listed'],
  ['alternatives-without-content', 'alternatives-without-content'],
  ['stat-without-source', 'stat-without-source'],
  ['skipped-link', 'skipped-link'],
  ['upper-case-extension', 'file-ignored'],
  ['descriptions-as-file', 'not-a-folder'],
  ['empty-description', 'empty-file'],
];

describe.each(modes)('fixture %s', (mode, code) => {
  it(`reports ${code}`, async () => {
    const { problems } = await validate(await loadCatalogue(fixture(mode)));
    expect(problems.map((p) => p.code)).toContain(code);
  });
});
