// What dev prints for a rebuild. The first build shows the stage table; each rebuild after it says what changed,
// as it starts, and then its closing line, and the catalogue's problems only when they hold an error or differ
// from those last shown: a maintainer editing a description saw the whole table and the same warning again on
// every save, and a "Changed:" line of the next rebuild could land in the middle of the running one's table.

/** The changed files named before a rebuild, at most: a checkout or a folder copied in changes hundreds. */
const SHOWN_CHANGES = 5;

export class DevTerminal {
  private changes: string[] = [];
  private lastProblems = '';
  private problemsShown = false;

  /** A change (`Changed: catalogue/descriptions/a.md`, `public/ is back; rebuilding.`) for the next rebuild. */
  changed(line: string): void {
    if (!this.changes.includes(line)) this.changes.push(line);
  }

  /** The changes since the last rebuild began, as lines (none when nothing was noted), and forgets them. */
  takeChanges(): string | undefined {
    const { changes } = this;
    this.changes = [];
    if (!changes.length) return undefined;
    const more = changes.length - SHOWN_CHANGES;
    return [...changes.slice(0, more > 1 ? SHOWN_CHANGES : changes.length), ...(more > 1 ? [`…and ${more} more changes`] : [])].join('\n');
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
