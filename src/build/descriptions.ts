// Stage: markdown. Every description the memo does not hold yet is compiled (catalogue/markdown.ts) before
// validation reads them: most of a cold build's CPU time with long descriptions, so it is spread over the
// worker pool in batches when there are enough of them to repay a thread's start (Workers.worth), and more than a
// batch a thread. 150 descriptions took 1 s in two new threads, 0.2 s on this one.
import { compileDescription, type CompiledDescription } from '../catalogue/markdown.ts';
import type { Workers } from './workers.ts';

/** Descriptions per task: enough that a task outweighs its messages, few enough that the threads finish together. */
export const BATCH = 100;

/** Compiles every text `into` does not hold yet and adds it there, by text; returns `into`. */
export async function compileAll(texts: Iterable<string>, into: Map<string, CompiledDescription>, workers: Workers): Promise<Map<string, CompiledDescription>> {
  const missing = new Set<string>();
  for (const text of texts) if (!missing.has(text) && !into.has(text)) missing.add(text);
  const all = [...missing];
  if (!workers.worth(all.length) || all.length <= BATCH * workers.size) {
    for (const text of all) into.set(text, compileDescription(text));
    return into;
  }
  const batches: string[][] = [];
  for (let i = 0; i < all.length; i += BATCH) batches.push(all.slice(i, i + BATCH));
  const compiled = await Promise.all(batches.map((batch) => workers.run<string[], CompiledDescription[]>('compileDescriptions', batch)));
  // Added in the texts' order, as the main thread would: the memo's order is what persists.
  batches.forEach((batch, b) => batch.forEach((text, i) => into.set(text, compiled[b]![i]!)));
  return into;
}
