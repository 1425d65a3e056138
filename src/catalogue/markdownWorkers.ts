// Descriptions compiled on every core. Markdown is most of the validate stage (about 0.7 ms a description),
// and each description is independent, so a large catalogue's are split between worker threads while the main
// thread parses the YAML. Below WORTH_WORKERS descriptions the main thread compiles them faster than workers
// that must load remark and warm up first (workerPool.ts).
import { runInWorkers, workerCount, WORTH_WORKERS } from '../workerPool.ts';
import type { CatalogueSource } from './load.ts';
import type { CompiledDescription } from './markdown.ts';

const BATCH = 200;

/** Compiled descriptions by text, or undefined when there are too few to share out. */
export async function compileDescriptionsInWorkers(source: CatalogueSource, done?: ReadonlyMap<string, unknown>): Promise<Map<string, CompiledDescription> | undefined> {
  const texts = [...new Set([...source.texts].filter(([file]) => file.endsWith('.md')).map(([, text]) => text))].filter((text) => !done?.has(text));
  if (texts.length < WORTH_WORKERS || workerCount() < 2) return undefined;
  const compiled = new Map<string, CompiledDescription>();
  await runInWorkers<string, CompiledDescription>(new URL('./markdownWorker.ts', import.meta.url), texts, { batch: BATCH }, (first, results) =>
    results.forEach((result, i) => compiled.set(texts[first + i]!, result)),
  );
  return compiled;
}
