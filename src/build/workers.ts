// The build's worker pool: the CPU-bound work done once per description (Markdown to a tree) and once per page
// (React to HTML, the link-preview card) runs on every core rather than on the main thread, which is busy with the
// stages around it. piscina runs the pool (docs/decisions.md, Libraries): one thread per core, for every kind of
// task (poolWorker.ts). Threads start on the first task only: a build with little to do (dev's rebuilds, a warm
// build) starts none.
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/** Threads by default: one per core the process may use. */
export const defaultWorkers = (): number => availableParallelism();

/** The pool's module, as TypeScript in this repository and as JavaScript in the installed package. */
const POOL_WORKER = new URL(`./poolWorker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

/** The tasks a thread runs: poolWorker.ts's exports. */
export type TaskName = keyof typeof import('./poolWorker.ts');

/**
 * Pages, cards or descriptions at most that are done on the main thread rather than the pool: a thread takes
 * 0.2-0.5 s of CPU to start and load its libraries, and on two cores that costs more than it saves below about
 * 400 (docs/decisions.md, `piscina` and "Node's compile cache is on", has the figures).
 */
export const ON_THE_MAIN_THREAD = 400;

export class Workers {
  /** How many threads the pool may run; 1 means the work runs on the main thread (no pool at all). */
  readonly size: number;
  private pool: Piscina | undefined;

  constructor(size = defaultWorkers()) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Internal error: a worker pool of ${size} threads`);
    this.size = size;
  }

  /** Whether `items` pieces of work (pages, cards, descriptions) go to the pool rather than the main thread. */
  worth(items: number): boolean {
    return this.size > 1 && items > ON_THE_MAIN_THREAD;
  }

  run<Input, Output>(task: TaskName, input: Input): Promise<Output> {
    // One pool for every kind of task: its threads load each task's libraries on its first call (poolWorker.ts).
    // Idle threads wait on their message port, not in Atomics.wait: a thread parked there may miss the
    // terminate of process.exit, which then waits for it for ever (a Ctrl+C that never ended the build).
    this.pool ??= new Piscina({ filename: POOL_WORKER, minThreads: 0, maxThreads: this.size, idleTimeout: 1000, atomics: 'disabled' });
    return this.pool.run(input, { name: task }) as Promise<Output>;
  }

  /** Ends every thread; the pool can start them again for a later task. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}
