import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleState } from '../../scripts/check/moduleState.ts';

const root = mkdtempSync(join(tmpdir(), 'storefront-module-state-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the module-level state check', () => {
  it('finds a let, a var and an empty container at module level, and nothing a function or a constant holds', async () => {
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(
      join(root, 'src/stage.ts'),
      [
        "const WORDS = new Set(['a', 'b']);",
        'const LIMIT = 3;',
        'let last: string | undefined;',
        'export const seen = new WeakMap<object, string>();',
        'var count = 0;',
        'const pending: string[] = [];',
        'export function run() {',
        '  const memo = new Map();',
        '  let i = 0;',
        '  return [memo, i, WORDS, LIMIT, last, count, pending];',
        '}',
      ].join('\n'),
    );
    writeFileSync(join(root, 'src/stage.test.ts'), 'let inTest = 1;\n');
    const found = await moduleState(['src'], root);
    expect(found.map(({ file, line, name }) => `${file}:${line} ${name}`)).toEqual(['src/stage.ts:3 last', 'src/stage.ts:4 seen', 'src/stage.ts:5 count', 'src/stage.ts:6 pending']);
  });

  it('finds none in the tool and its templates but what it allows, each with why', async () => {
    expect(await moduleState(['src', 'templates'])).toEqual([]);
  });
});
