// Descriptions compiled on every core. Markdown is most of the validate stage (about 0.7 ms a description),
// and each description is independent, so a large catalogue's are split between worker threads while the main
// thread parses the YAML. A small catalogue is not worth starting workers for (each loads remark first).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CatalogueSource } from './load.ts';
import type { CompiledDescription } from './markdown.ts';

const WORTH_WORKERS = 400;
const MAX_WORKERS = 4;

/** Compiled descriptions by text, or undefined when there are too few to share out. */
export async function compileDescriptionsInWorkers(source: CatalogueSource): Promise<Map<string, CompiledDescription> | undefined> {
  const texts = [...new Set([...source.texts].filter(([file]) => file.endsWith('.md')).map(([, text]) => text))];
  const count = Math.min(MAX_WORKERS, availableParallelism());
  if (texts.length < WORTH_WORKERS || count < 2) return undefined;
  const size = Math.ceil(texts.length / count);
  const parts = Array.from({ length: count }, (_, i) => texts.slice(i * size, (i + 1) * size));
  const results = await Promise.all(parts.map(compileInWorker));
  return new Map(texts.map((text, i) => [text, results[Math.floor(i / size)]![i % size]!]));
}

function compileInWorker(texts: string[]): Promise<CompiledDescription[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./markdownWorker.ts', import.meta.url));
    worker.once('message', (compiled: CompiledDescription[]) => {
      resolve(compiled);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`A Markdown worker stopped (exit code ${code}) before it was done`)));
    worker.postMessage(texts);
  });
}
