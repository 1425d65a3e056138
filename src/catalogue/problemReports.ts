// The problems as machines read them, for CI: GitHub workflow commands, which GitHub shows on the lines of a pull
// request, and one JSON document (its JSON Schema: docs/problems.schema.json). The text report for people is
// formatProblems in problems.ts. `pathOf` turns a catalogue path into the path the reader needs (from the
// current folder), so this stays free of the file system.
import { errorsIn, sortProblems, type Problem, type ProblemCode, type Severity } from './problems.ts';

/** Raised when the document changes in a way a reader could trip on (a field removed, renamed or retyped). */
export const REPORT_VERSION = 1;

export interface ReportedProblem {
  file: string;
  line: number | null;
  column: number | null;
  field: string | null;
  message: string;
  hint: string;
  severity: Severity;
  code: ProblemCode;
}

export interface ProblemReport {
  version: typeof REPORT_VERSION;
  ok: boolean;
  problems: ReportedProblem[];
  summary: { errors: number; warnings: number; files: number; pages?: number };
  /** A failure that is no catalogue problem (no catalogue folder, a broken link in the built site). */
  error?: string;
}

/** The problems with their files as shown (`pathOf`), sorted by those: pages/about.md after catalogue/site.yaml,
 *  though from the catalogue folder it is ../pages/about.md. */
const shownInOrder = (problems: readonly Problem[], pathOf: (file: string) => string) => sortProblems(problems.map((p) => ({ ...p, file: pathOf(p.file) })));

export function jsonReport(problems: readonly Problem[], pathOf: (file: string) => string, outcome: { ok: boolean; pages?: number; error?: string }): ProblemReport {
  const errors = errorsIn(problems).length;
  return {
    version: REPORT_VERSION,
    ok: outcome.ok,
    problems: shownInOrder(problems, pathOf).map((p) => ({
      file: p.file,
      line: p.line ?? null,
      column: p.column ?? null,
      field: p.field ?? null,
      message: p.message,
      hint: p.hint,
      severity: p.severity,
      code: p.code,
    })),
    summary: { errors, warnings: problems.length - errors, files: new Set(problems.map((p) => p.file)).size, ...(outcome.pages !== undefined && { pages: outcome.pages }) },
    ...(outcome.error !== undefined && { error: outcome.error }),
  };
}

/** One `::error` or `::warning` command a problem, e.g. `::error file=catalogue/site.yaml,line=3,col=10,title=base-url::…`. */
export function githubCommands(problems: readonly Problem[], pathOf: (file: string) => string): string[] {
  return shownInOrder(problems, pathOf).map((p) => {
    // The field in the title, as the text and JSON reports give it: "services[0].price" says which of a file's services.
    const properties: [string, string | number | undefined][] = [['file', p.file], ['line', p.line], ['col', p.line && p.column], ['title', p.field ? `${p.code} ${p.field}` : p.code]];
    const list = properties.flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${escapeProperty(String(value))}`]));
    return `::${p.severity} ${list.join(',')}::${escapeData(`${p.message} — ${p.hint}`)}`;
  });
}

// GitHub's own escapes (actions/toolkit, packages/core/src/command.ts): a newline would end the command, and in a
// property a ":" or "," would end the property.
export const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
