// What dev prints for a rebuild. The first build shows the stage table; each rebuild after it says what changed,
// as it starts, and then its closing line, and the catalogue's problems only when they hold an error or differ
// from those last shown: a maintainer editing a description saw the whole table and the same warning again on
// every save, and a "Changed:" line of the next rebuild could land in the middle of the running one's table.

/** The changed files named before a rebuild, at most: a checkout or a folder copied in changes hundreds. */
const SHOWN_CHANGES = 5;

export class DevTerminal {
  private noted: { line: string; path?: string }[] = [];
  private lastProblems = '';
  private problemsShown = false;

  /** A change (`Changed: catalogue/descriptions/a.md`, `public/ is back; rebuilding.`) for the next rebuild, with
   *  the file it names, if one. */
  changed(line: string, path?: string): void {
    if (!this.noted.some((n) => n.line === line)) this.noted.push({ line, ...(path && { path }) });
  }

  /** The changes since the last rebuild began, as lines (none when nothing is left to name), and forgets them:
   *  what happened to a folder first (`catalogue/ is back`), every time, then the files, at most SHOWN_CHANGES of
   *  them. `named` says whether a file's change is worth naming: not a temporary file that a tool wrote and
   *  renamed away (`sed -i`'s sedAb12Cd, an editor's safe-write copy), gone by now, which the build never reads. */
  takeChanges(named: (path: string) => boolean = () => true): string | undefined {
    const folders = this.noted.filter((n) => !n.path).map((n) => n.line);
    const files = this.noted.filter((n) => n.path && named(n.path)).map((n) => n.line);
    this.noted = [];
    const more = files.length - SHOWN_CHANGES;
    const lines = [...folders, ...files.slice(0, more > 1 ? SHOWN_CHANGES : files.length), ...(more > 1 ? [`…and ${more} more files changed`] : [])];
    return lines.length ? lines.join('\n') : undefined;
  }

  /** The problems' report to print for this build: in full when it holds an error or differs from the report last
   *  shown, else undefined (the summary line, printed anyway, says they are still there). */
  problems(report: string, errors: boolean): string | undefined {
    this.problemsShown = true;
    if (!errors && report === this.lastProblems) return undefined;
    this.lastProblems = report;
    return report;
  }

  /** A build ended: one that reported no problem forgets the last report, so that a warning that comes back is shown. */
  buildEnded(): void {
    if (!this.problemsShown) this.lastProblems = '';
    this.problemsShown = false;
  }
}
