// `npm test`: every suite in turn (type check, layers, functions, unit, integration, end-to-end), then one plain
// closing line `N passed, N failed` summing them all, which is what CI reads. Exit code 1 when anything failed.
// `node scripts/test.ts SUITE…` runs only those.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Tally {
  suite: string;
  passed: number;
  failed: number;
}

const only = process.argv.slice(2);
const wanted = (suite: string) => only.length === 0 || only.includes(suite);
const tallies: Tally[] = [];
// Each failed test, named again at the end: CI's log may keep only its last lines.
const failures: string[] = [];
const reports = mkdtempSync(join(tmpdir(), 'storefront-test-'));

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/** One line per failed test (or test file that failed to run): where, which, and the first line of why. */
function failedTests(suite: string, report: VitestReport): string[] {
  const firstLine = (text = '') => text.trim().split('\n')[0]!.slice(0, 300);
  return report.testResults.flatMap((file) => {
    const where = `${suite}: ${relative(process.cwd(), file.name)}`;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (!failed.length && file.message) return [`  ${where}: ${firstLine(file.message)}`];
    return failed.map((test) => `  ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

function runStep(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (wanted('types')) {
  console.log('\n▶ type check (tsc)');
  const status = runStep('tsc', ['-p', '.']);
  tallies.push({ suite: 'types', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

if (wanted('layers')) {
  // The import directions between the layers, and no cycles (.dependency-cruiser.cjs).
  console.log('\n▶ layers (dependency-cruiser)');
  const status = runStep('depcruise', ['src', 'templates', '--config', '.dependency-cruiser.cjs']);
  tallies.push({ suite: 'layers', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

// No function in src/ over 80 lines (scripts/check/longFunctions.ts).
if (wanted('functions')) {
  console.log('\n▶ functions (no function in src/ over 80 lines)');
  const status = runStep(process.execPath, ['scripts/check/longFunctions.ts', '80', 'src']);
  tallies.push({ suite: 'functions', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

// The package's prebuilt files (src/build/prebuilt.ts), made afresh: npm ci made them from the sources as they
// were then, and the suites below build sites, which take them as an installed copy does. After a change to
// what they are made of, a build would make its own, and the tests that a cold build takes them would fail.
if (wanted('integration') || wanted('e2e')) {
  console.log('\n▶ the prebuilt files, made afresh (scripts/prebuild.ts)');
  const status = runStep(process.execPath, ['scripts/prebuild.ts']);
  tallies.push({ suite: 'prebuilt', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

for (const [suite, config] of [
  ['unit', 'vitest.config.ts'],
  ['integration', 'vitest.integration.config.ts'],
  ['e2e', 'vitest.e2e.config.ts'],
] as const) {
  if (!wanted(suite) || !existsSync(config)) continue;
  console.log(`\n▶ ${suite} tests (vitest)`);
  const report = join(reports, `${suite}.json`);
  const status = runStep('vitest', ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const counts: VitestReport = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { numPassedTests: 0, numFailedTests: 0, testResults: [] };
  failures.push(...failedTests(suite, counts));
  // A crashed run (no report, or a failing exit with no failed test) still counts as a failure.
  const failed = counts.numFailedTests || (status === 0 ? 0 : 1);
  tallies.push({ suite, passed: counts.numPassedTests, failed });
}

rmSync(reports, { recursive: true, force: true });
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`\n${tallies.map((t) => `${t.suite}: ${t.passed} passed, ${t.failed} failed`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed || passed === 0 ? 1 : 0;
