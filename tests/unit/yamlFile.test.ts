// The two YAML readers (src/catalogue/yamlFile.ts): whatever js-yaml reads must be exactly what `yaml` reads,
// and whatever `yaml` refuses must still be refused, with its position.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { locate, locateKey, parseYaml } from '../../src/catalogue/yamlFile.ts';
import { syntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';

/** `yaml`'s own verdict: the data, or that the text is refused. */
function byYaml(text: string): { data?: unknown; refused: boolean } {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) return { refused: true };
  try {
    return { data: doc.toJS(), refused: false };
  } catch {
    return { refused: true };
  }
}

const ROOT = new URL('../../', import.meta.url).pathname;
const yamlFilesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    // A fixture's link that leads nowhere (skipped-link) is no file to parse.
    .filter((file) => /\.ya?ml$/.test(file) && !file.includes('.schema') && existsSync(join(dir, file)))
    .map((file): [string, string] => [join(dir, file), readFileSync(join(dir, file), 'utf8')]);

const tricky: Record<string, string> = {
  'numbers': 'a: [1_000, 0o17, 0x1F, 0b101, +12, .5, 1e3, .inf, -.Inf, .NaN, 012, 1.0, -0, 12345678901234567890]\n',
  'null and booleans': 'a: [~, null, Null, NULL, yes, on, y, True, TRUE, tRue, No]\nb:\nc: \n',
  'dates stay text': 'a: 2024-01-01\nb: 2024-01-01T10:00:00Z\n',
  'block scalars': 'a: |\n  x\n  y\n\nb: >-\n  p\n  q\nc: |+\n  z\n\nd: this is\n  folded\n',
  'comments': 'a: b#c\nb: b #c\n',
  'quotes and escapes': `a: 'it''s'\nb: "\\u00e9\\x41\\0"\nc: héllo ✓ 🚀\n`,
  'anchors and aliases': 'x: &x {c: 1}\ny: *x\nz: [*x, *x]\n',
  'merge key stays a key': 'x: &x {c: 1}\ny:\n  <<: *x\n',
  'non-text keys': '1: a\ntrue: b\nnull: c\n~: d\n"q": e\n',
  'empty key': ': v\n',
  'complex key': '? a\n: b\n',
  'flow collections': 'a: {x: 1, y: [1, 2,]}\n',
  'a %YAML 1.1 directive': '%YAML 1.1\n---\na: yes\n',
  'explicit tags': 'a: !!float 1\nb: !!str 12\nc: !!binary aGk=\nd: !custom x\ne: !!set {x}\n',
  'a key over 1,024 characters': `${'k'.repeat(1100)}: v\n`,
  'a long value': `a: ${'word '.repeat(400)}\n`,
  'Windows line ends and a BOM': '\ufeffa: 1\r\nb: 2\r\n',
  'empty file': '',
  'only a comment': '# nothing yet\n',
  'list at the top': '- a\n- b\n',
  'text at the top': 'hello\n',
  'tab indentation': 'a:\n\tb: 1\n',
  'nested compact mapping': 'a: b: c\n',
  'duplicate key': 'a: 1\na: 2\n',
  'duplicate key in a flow map': 'a: {x: 1, x: 2}\n',
  'unclosed quote': 'a: "x\n',
  'reserved characters': 'a: @foo\nb: `x`\n',
  'two documents': '---\na: 1\n---\nb: 2\n',
  'alias without anchor': 'a: *nope\n',
  'aliases that expand too far': `a: &a [x, x, x, x, x, x, x, x, x, x]\n${'bcdefghijk'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefghijk'[i]}`).join(', ')}]`).join('\n')}\n`,
  'ampersands and asterisks in text': 'a: Marketing & PR\nb: 5 * 3\nc: "*quoted*"\n',
  'bad sequence indentation': 'a:\n  - b\n   - c\n',
  'sequence then mapping': 'a:\n  - b\n  c: d\n',
  'control character': 'a: x\u0007y\n',
};

describe('parseYaml', () => {
  const corpora: [string, [string, string][]][] = [
    ['the example catalogue', yamlFilesUnder(join(ROOT, 'examples/agency/catalogue'))],
    ['the fixture catalogues', yamlFilesUnder(join(ROOT, 'tests/fixtures'))],
    ['a synthetic catalogue', [...syntheticCatalogue({ services: 150 })].filter(([file]) => file.endsWith('.yaml'))],
    ['tricky YAML', Object.entries(tricky)],
  ];
  it.each(corpora)('reads %s exactly as yaml does, and refuses what it refuses', (_, files) => {
    expect(files.length).toBeGreaterThan(0);
    for (const [name, text] of files) {
      const expected = byYaml(text);
      const { data, problems } = parseYaml('categories/x.yaml', text);
      // Half an escaped character is a problem of the text, not of the YAML: the file is read all the same.
      expect(problems.some((p) => p.code !== 'wrong-format'), name).toBe(expected.refused);
      if (!expected.refused) expect(data, name).toEqual(expected.data);
    }
  });

  it('gives the line and column of a field in a file that was read fast', () => {
    const { yaml } = parseYaml('categories/x.yaml', 'name: X\nservices:\n  - id: x-1\n    price: 5\n');
    expect(locate(yaml, ['services', 0, 'price'])).toEqual({ line: 4, column: 12 });
  });

  // Compared as they were written (1, true, null), they were never found: reported at the block's first line.
  it('finds a key written as a number, a boolean or null, as the data names it', () => {
    const { yaml } = parseYaml('categories/x.yaml', 'name: X\n1: one\nservices:\n  - id: x-1\n    true: yes\n    null: x\n    3.5: y\n');
    expect(locateKey(yaml, [], '1')).toEqual({ line: 2, column: 1 });
    expect([locateKey(yaml, ['services', 0], 'true'), locateKey(yaml, ['services', 0], 'null'), locateKey(yaml, ['services', 0], '3.5')]).toEqual([
      { line: 5, column: 5 },
      { line: 6, column: 5 },
      { line: 7, column: 5 },
    ]);
  });
});

describe('a text with half a character in it', () => {
  it('is wrong-format where it is, a whole escaped pair or the letters of an escape are not', () => {
    const text = 'name: "Stickers \\uD83D"\nservices:\n  - id: x-1\n    summary: "Launch \\uD83D\\uDE80 day"\n    label: \'\\uD83D as written\'\n    tags: ["\\uDE80"]\n';
    const { data, problems } = parseYaml('categories/x.yaml', text);
    expect(data).toMatchObject({ name: 'Stickers \uD83D', services: [{ summary: 'Launch 🚀 day', label: '\\uD83D as written' }] });
    expect(problems.map((p) => [p.code, p.field, p.line, p.column])).toEqual([
      ['wrong-format', 'name', 1, 7],
      ['wrong-format', 'services[0].tags[0]', 6, 12],
    ]);
    expect(problems[0]!.message).toContain('half of an escaped character');
  });
});

describe('a key given twice', () => {
  it('is located at its later value, the one checked', () => {
    const { yaml, data, problems } = parseYaml('categories/x.yaml', 'name: X\nservices:\n  - id: x-1\n    price: 250\n    price: -4\n');
    expect(problems.map((p) => [p.code, p.line])).toEqual([['duplicate-key', 5]]);
    expect(data).toMatchObject({ services: [{ price: -4 }] });
    expect(locate(yaml, ['services', 0, 'price'])).toEqual({ line: 5, column: 12 });
  });

  it('is reported with its field beside a syntax error further on, which is reported too (it came only after a fix)', () => {
    const { data, problems } = parseYaml('categories/x.yaml', 'name: X\nservices:\n  - id: x-1\n    price: 250\n    price: -4\n  - id: x-2\n    extra: [unclosed\n');
    expect(problems.map((p) => [p.code, p.line, p.field])).toEqual([
      ['duplicate-key', 5, 'services[0].price'],
      ['yaml-syntax', 8, undefined],
    ]);
    expect(data).toBeUndefined();
  });
});

describe('a file nested thousands of levels deep', () => {
  // It said "Maximum call stack size exceeded" with the hint about tabs, at a column that differed between runs.
  it('is a syntax error that says so, at the start of its run of brackets, the same in every run', () => {
    const text = `name: X\ndeep: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
    const [first, second] = [parseYaml('categories/x.yaml', text), parseYaml('categories/x.yaml', text)];
    expect(first.problems.map((p) => [p.code, p.line, p.column, p.message])).toEqual([['yaml-syntax', 2, 7, 'YAML syntax error: the file nests lists or blocks of fields too deep to be read (thousands of levels).']]);
    expect(second.problems).toEqual(first.problems);
  });
});

describe('a second YAML document in a file', () => {
  it('is a syntax error that says so, in words for the maintainer rather than for a programmer', () => {
    const { problems } = parseYaml('categories/x.yaml', 'name: X\n---\nname: Y\n');
    expect(problems.map((p) => [p.code, p.line, p.message])).toEqual([['yaml-syntax', 2, 'YAML syntax error: a second document starts here (a line "---" or "..." ends the first); a catalogue file is one block of fields.']]);
  });
});
