// One pool of worker threads for the build's parallel work (compiling Markdown, rendering pages). A worker
// script answers each message, an array of inputs, with the array of their results in the same order. Inputs
// go out in batches from one queue, so a worker that finishes early takes more.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_WORKERS = 4;

/** How many workers the pool starts: one per core, up to four. Below two, sharing out work does not pay. */
export const workerCount = () => Math.min(MAX_WORKERS, availableParallelism());

/**
 * Runs `items` through `script` in worker threads. `onResults` gets each batch's results with the index of
 * its first item, as batches come back (the next batch is already on its way), and is awaited before the
 * pool counts as done.
 */
export async function runInWorkers<In, Out>(
  script: URL,
  items: readonly In[],
  { batch, workerData }: { batch: number; workerData?: unknown },
  onResults: (first: number, results: Out[]) => unknown,
): Promise<void> {
  let next = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(script, { workerData });
      let start = 0;
      let busy = false;
      const handled: Promise<unknown>[] = [];
      const send = () => {
        busy = next < items.length;
        if (!busy) {
          void worker.terminate();
          Promise.all(handled).then(() => resolve(), reject);
          return;
        }
        start = next;
        next = Math.min(items.length, next + batch);
        worker.postMessage(items.slice(start, next));
      };
      worker.on('message', (results: Out[]) => {
        const first = start;
        send();
        handled.push(Promise.resolve(onResults(first, results)));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (busy) reject(new Error(`A worker (${script.pathname.split('/').pop()}) stopped (exit code ${code}) before its work was done`));
      });
      send();
    });
  await Promise.all(Array.from({ length: Math.min(workerCount(), Math.ceil(items.length / batch)) }, run));
}
