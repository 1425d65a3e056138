// What the emoji and bundle stages read of every catalogue text (its emoji, its characters beyond ASCII),
// kept per file while the file's text is the same. A dev rebuild after one edit scanned all 10 MB of a 10,000
// service catalogue twice again (60 ms); the unchanged files' texts are the very same strings (devLoad.ts), so
// comparing them costs nothing.
export class PerText<T> {
  private last = new Map<string, { text: string; value: T }>();
  private readonly of: (text: string) => T;

  constructor(of: (text: string) => T) {
    this.of = of;
  }

  /** The value of each text, by file; keeps this call's texts only. */
  values(texts: ReadonlyMap<string, string>): T[] {
    const next = new Map<string, { text: string; value: T }>();
    for (const [file, text] of texts) {
      const kept = this.last.get(file);
      next.set(file, kept?.text === text ? kept : { text, value: this.of(text) });
    }
    this.last = next;
    return [...next.values()].map((entry) => entry.value);
  }
}
