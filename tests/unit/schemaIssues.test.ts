// zod's issues as a maintainer reads them (src/catalogue/schemaIssues.ts): one problem for one mistake.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categorySchema } from '../../src/catalogue/schema.ts';
import { checkSchema } from '../../src/catalogue/schemaIssues.ts';
import { parseYaml } from '../../src/catalogue/yamlFile.ts';

const CATEGORY = `name: Other
anchor: other
idPrefix: other
description: Everything else.
icon: other.svg
services:
  - id: other-1
    name: Sticker pack
    price: 250
    currency: USD
    image: other-1.svg
    metaDescription: Custom stickers for your community's chat groups.
`;

const problemsOf = (text: string) => {
  const { yaml, data } = parseYaml('categories/other.yaml', text);
  return checkSchema(yaml, data, categorySchema).problems.map((p) => [p.code, p.field, p.line, p.message]);
};

describe('a field of the wrong type', () => {
  it('is reported once, not also against the checks of the type it should have', () => {
    // A single id where a list of at most five is expected: it was also "too long", for its seven letters.
    expect(problemsOf(`${CATEGORY}    requires: other-9\n`)).toEqual([['wrong-type', 'services[0].requires', 13, 'Expected an array, got the text "other-9".']]);
  });
});

describe('a missing currency', () => {
  it('is a missing field, as any other required field is', () => {
    expect(problemsOf(CATEGORY.replace('    currency: USD\n', ''))).toEqual([['missing-field', 'services[0].currency', 7, 'The required field "currency" is missing.']]);
  });
});

describe('the hint of a value of the wrong type', () => {
  const hintOf = (text: string) => {
    const { yaml, data } = parseYaml('categories/other.yaml', text);
    return checkSchema(yaml, data, categorySchema).problems.map((p) => [p.field, p.message, p.hint]);
  };
  it("is the field's own description, also for a field with a default (it said \"Fix the value.\")", () => {
    const [field, message, hint] = hintOf(`${CATEGORY}    priceFrom: yes\n`)[0]!;
    expect([field, message]).toEqual(['services[0].priceFrom', 'Expected a boolean, got the text "yes".']);
    expect(hint).toMatch(/^true when the price is a starting price/);
  });

  it('names a YAML .nan as not a number, rather than "number NaN"', () => {
    expect(hintOf(CATEGORY.replace('price: 250', 'price: .nan'))[0]![1]).toBe('Expected a number, got the value .nan (not a number).');
  });
});

describe('a size out of bounds in a field without a message of its own', () => {
  // zod's own words reached the maintainer: "Too small: expected string to have >=1 characters", "... got a list."
  const schema = z.strictObject({ text: z.string().min(1).optional(), code: z.string().min(3).max(5).optional(), list: z.array(z.string()).min(1).max(2).optional(), count: z.number().gt(0).max(9).optional() });
  const problemsIn = (text: string) => {
    const { yaml, data } = parseYaml('site.yaml', text);
    return checkSchema(yaml, data, schema).problems.map((p) => [p.code, p.message]);
  };
  it('says what the field takes, as the other messages do', () => {
    expect(problemsIn('text: ""\ncode: ab\nlist: []\ncount: 0\n')).toEqual([
      ['empty-text', 'Expected some text, not an empty one; got the text "".'],
      ['empty-text', 'Expected at least 3 characters; got the text "ab".'],
      ['too-few', 'Expected at least 1 item; got an empty list.'],
      ['out-of-range', 'Expected more than 0; got number 0.'],
    ]);
    expect(problemsIn('code: abcdef\nlist: [a, b, c]\ncount: 10\n')).toEqual([
      ['too-long', 'Expected at most 5 characters; got the text "abcdef".'],
      ['too-many', 'Expected at most 2 items; got a list.'],
      ['out-of-range', 'Expected at most 9; got number 10.'],
    ]);
  });
});
