// A problem is a catalogue mistake the maintainer can fix: where it is, what is wrong and what to do.
// Program bugs are not problems; they surface as InternalError (see src/errors.ts).
import { posix } from 'node:path';
import type { ProblemCode } from './codes.ts';

export type { ProblemCode } from './codes.ts';

export type Severity = 'error' | 'warning';

export interface Problem {
  severity: Severity;
  /** Stable and kebab-case, e.g. `duplicate-id`: what CI and tools match on (docs/errors.md lists them all). */
  code: ProblemCode;
  /** Path relative to the catalogue folder, with forward slashes. */
  file: string;
  line?: number;
  column?: number;
  /** Field path inside the file, e.g. `services[2].price`. */
  field?: string;
  message: string;
  /** What to do about it. */
  hint: string;
}

export interface Position {
  line: number;
  column: number;
}

export const error = (code: ProblemCode, file: string, where: Partial<Position> & { field?: string }, message: string, hint: string): Problem => ({
  severity: 'error',
  code,
  file,
  ...where,
  message,
  hint,
});

export const warning = (code: ProblemCode, file: string, where: Partial<Position> & { field?: string }, message: string, hint: string): Problem => ({
  ...error(code, file, where, message, hint),
  severity: 'warning',
});

export const errorsIn = (problems: readonly Problem[]) => problems.filter((p) => p.severity === 'error');

/** Sorts by file, then line, so the report reads top to bottom like the files do. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/** Formats problems grouped by file, eslint-style, ending with a one-line summary. */
export function formatProblems(problems: readonly Problem[], catalogueDir: string): string {
  const sorted = sortProblems(problems);
  const lines: string[] = [];
  let currentFile: string | undefined;
  for (const p of sorted) {
    if (p.file !== currentFile) {
      if (currentFile !== undefined) lines.push('');
      currentFile = p.file;
      lines.push(joinPath(catalogueDir, p.file));
    }
    const where = p.line ? `${p.line}:${p.column ?? 1}` : '';
    const field = p.field ? `${p.field}: ` : '';
    lines.push(`  ${where.padEnd(7)} ${p.severity.padEnd(8)}${field}${p.message}`);
    lines.push(`  ${''.padEnd(7)} ${''.padEnd(8)}→ ${p.hint}`);
  }
  if (lines.length) lines.push('');
  lines.push(summarise(sorted));
  return lines.join('\n');
}

export function summarise(problems: readonly Problem[]): string {
  const errors = errorsIn(problems).length;
  const warnings = problems.length - errors;
  const files = new Set(problems.map((p) => p.file)).size;
  if (!problems.length) return 'The catalogue is valid.';
  const counts = [plural(errors, 'error'), plural(warnings, 'warning')].filter((s) => !s.startsWith('0 ')).join(' and ');
  return `${counts} in ${plural(files, 'file')}.`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// A public/ file's problem names it from the catalogue folder (../public/x): shown as public/x beside it.
const joinPath = (dir: string, file: string) => posix.normalize(dir === '.' || dir === '' ? file : `${dir.replace(/\/$/, '')}/${file}`);
