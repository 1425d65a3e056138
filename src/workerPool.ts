// One pool of worker threads for the build's parallel work (compiling Markdown, rendering pages). A worker
// script answers each message, an array of inputs, with the array of their results in the same order. Inputs
// go out in batches from one queue, so a worker that finishes early takes more.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_WORKERS = 4;

/**
 * How many items (descriptions to compile, pages to render) make starting workers worth it. Each worker is a
 * new V8 isolate: it loads its modules (0.13-0.17 s of CPU here) and warms up its own JIT-compiled code, so its
 * first batch runs several times slower than the main thread's would, and V8's optimising compiler then does
 * the same work once per isolate on the same cores. On 2 cores, 1,500 services built in the same time with and
 * without workers (3.2-3.9 s), but 1.0-1.2 s more CPU with them; at 3,000 and 5,000 it was a draw; at 10,000
 * workers won (10.9-11.8 s against 13.1-13.8 s).
 */
export const WORTH_WORKERS = 3_000;

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
