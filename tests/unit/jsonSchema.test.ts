// The emitted JSON Schema is what editors use: prove an editor would flag a wrong price type.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { jsonSchemas } from '../../src/catalogue/jsonSchema.ts';
import { readFileSync } from 'node:fs';

const schemas = jsonSchemas();
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const validateCategory = ajv.compile(schemas['category.schema.json']!);
const validateSite = ajv.compile(schemas['site.schema.json']!);
const fixture = (path: string) => parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8'));

describe('emitted JSON Schema', () => {
  it('accepts the valid fixture', () => {
    expect(validateSite(fixture('valid/site.yaml')), JSON.stringify(validateSite.errors)).toBe(true);
    expect(validateCategory(fixture('valid/categories/alpha.yaml')), JSON.stringify(validateCategory.errors)).toBe(true);
  });

  it('flags a price written as text', () => {
    expect(validateCategory(fixture('non-numeric-price/categories/alpha.yaml'))).toBe(false);
    expect(validateCategory.errors).toContainEqual(expect.objectContaining({ instancePath: '/services/0/price', keyword: 'type' }));
  });

  it('flags unknown fields and a wrong currency', () => {
    expect(validateCategory(fixture('unknown-field/categories/alpha.yaml'))).toBe(false);
    expect(validateCategory.errors).toContainEqual(expect.objectContaining({ keyword: 'additionalProperties' }));
    expect(validateCategory(fixture('wrong-currency/categories/beta.yaml'))).toBe(false);
  });

  it('accepts price options, requires and related, and flags an option without a price or an empty list', () => {
    const trending = parse(readFileSync(new URL('../../examples/agency/catalogue/categories/trending.yaml', import.meta.url), 'utf8'));
    expect(validateCategory(trending), JSON.stringify(validateCategory.errors)).toBe(true);
    expect(validateCategory(fixture('option-without-price/categories/alpha.yaml'))).toBe(false);
    expect(validateCategory.errors).toContainEqual(expect.objectContaining({ instancePath: '/services/0/options/1', keyword: 'required' }));
    expect(validateCategory(fixture('empty-options/categories/alpha.yaml'))).toBe(false);
    expect(validateCategory.errors).toContainEqual(expect.objectContaining({ instancePath: '/services/0/options', keyword: 'minItems' }));
  });

  it('carries the field descriptions editors show on hover', () => {
    const text = JSON.stringify(schemas['category.schema.json']);
    expect(text).toContain('Base or starting price in US dollars, with cents if needed');
  });
});
