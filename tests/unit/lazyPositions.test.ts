// Positions in a YAML file come from a second, slower parse (the `yaml` package's syntax tree), made only when
// a problem must be located. A check that asked for a position on every service made validating 10,000
// services 0.6 s slower without reporting anything.
import { describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { validate } from '../support/site.ts';

const parseDocument = vi.hoisted(() => ({ calls: 0 }));
vi.mock('yaml', async (importOriginal) => {
  const actual = await importOriginal<typeof import('yaml')>();
  return {
    ...actual,
    parseDocument: (...args: Parameters<typeof actual.parseDocument>) => {
      parseDocument.calls++;
      return actual.parseDocument(...args);
    },
  };
});

describe('validating a catalogue without problems', () => {
  it('never builds a YAML syntax tree for positions', async () => {
    parseDocument.calls = 0;
    const { problems } = await validate(await loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname));
    expect(problems).toEqual([]);
    expect(parseDocument.calls).toBe(0);
  });
  it('builds one for the file whose problem it locates', async () => {
    parseDocument.calls = 0;
    const { problems } = await validate(await loadCatalogue(new URL('../fixtures/look-alike-letter/', import.meta.url).pathname));
    expect(problems[0]?.line).toBe(10);
    expect(parseDocument.calls).toBe(1);
  });
});
