// The layer rules (.dependency-cruiser.cjs) catch what they are for: run on a small tree that breaks them
// (tests/layers/), dependency-cruiser names each broken rule and fails; on the project itself, it passes.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = `${root}node_modules/dependency-cruiser/bin/dependency-cruiser.mjs`;

const depcruise = (cwd: string, ...options: string[]) =>
  spawnSync(process.execPath, [cli, 'src', 'templates', '--config', `${root}.dependency-cruiser.cjs`, ...options], { cwd, encoding: 'utf8' });

/** The violations, from the JSON report; the exit status, from the report `npm test` prints. */
function cruise(cwd: string) {
  const report = JSON.parse(depcruise(cwd, '--output-type', 'json').stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return { status: depcruise(cwd).status, violations: report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`) };
}

describe('the layer rules', () => {
  it('fail on a cycle and on each forbidden direction, naming the rule and the import', () => {
    const { status, violations } = cruise(`${root}tests/layers`);
    expect(status).not.toBe(0);
    expect(violations).toEqual(
      expect.arrayContaining([
        'no-circular: src/core/first.ts → src/core/second.ts',
        'client-layer: src/client/imports-templates.ts → templates/page.ts',
        'templates-layer: templates/page.ts → src/client/runtime.ts',
        'catalogue-layer: src/catalogue/check.ts → src/model/site.ts',
      ]),
    );
  }, 30_000);

  it('hold for the project', () => {
    expect(cruise(root)).toEqual({ status: 0, violations: [] });
  }, 30_000);
});
