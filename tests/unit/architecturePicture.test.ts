// docs/architecture.md draws the stage table and its cache as one picture; this keeps the picture's stages and
// what each waits for the same as src/buildStages.ts, so a stage added or rewired is drawn too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildStages } from '../../src/buildStages.ts';
import type { BuildContext } from '../../src/buildContext.ts';

interface Row {
  stage: string;
  needs: string;
}

/** The picture's rows: the lines between its two double rules, a row's cells continued on the lines below it. */
function pictureRows(markdown: string): Row[] {
  const section = markdown.split('## The build: stages and their cache')[1]!.split('\n## ')[0]!;
  const lines = section.split('```')[1]!.split('\n');
  const rules = lines.flatMap((line, i) => (line.includes('═══') ? [i] : []));
  const body = lines.slice(rules[0]! + 1, rules[1]);
  const header = body[0]!;
  const [needsAt, makesAt] = [header.indexOf('needs'), header.indexOf('makes')];
  const rows: Row[] = [];
  for (const line of body.slice(2)) {
    const stage = line.slice(0, needsAt).trim();
    const needs = line.slice(needsAt, makesAt).trim();
    if (stage) rows.push({ stage, needs });
    else rows.at(-1)!.needs += ` ${needs}`;
  }
  return rows;
}

const context = { options: { catalogueDir: '/nowhere', live: undefined }, cache: {}, state: {} } as unknown as BuildContext;
const stages = buildStages(context);
const rows = pictureRows(readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8'));

describe("docs/architecture.md's picture of the build", () => {
  it('draws every stage of the table, in its order', () => {
    expect(rows.map((r) => r.stage)).toEqual(Object.keys(stages));
  });

  it('gives what each stage waits for, where it lists them', () => {
    for (const { stage, needs } of rows) {
      // Two rows say it in words: the dev-only stage and emit, which reads most of the others.
      if (stage === 'openPages' || stage === 'emit') continue;
      const drawn = needs === '—' ? [] : needs.split(/,\s*/).filter(Boolean);
      const table = (stages[stage as keyof typeof stages] as { needs?: readonly string[] }).needs ?? [];
      expect(drawn.sort(), stage).toEqual([...table].sort());
    }
  });
});
