// The build's worker pool: the CPU-bound work done once per description (Markdown to a tree) and once per page
// (React to HTML, the link-preview card) runs on every core rather than on the main thread, which is busy with the
// stages around it. piscina runs the pool (docs/decisions.md, Libraries). Threads start on the first task only: a build with little to do (dev's
// rebuilds, a warm build) starts none.
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/** Threads by default: one per core the process may use. */
export const defaultWorkers = (): number => availableParallelism();

/** A module beside this one, as TypeScript in this repository and as JavaScript in the installed package. */
const sibling = (name: string) => new URL(`./${name}${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

/** What a worker module exports, by file: each task runs one of these. */
const TASKS = {
  compileDescriptions: sibling('markdownWorker'),
  renderPages: sibling('renderWorker'),
  drawCards: sibling('socialWorker'),
} as const;

export type TaskName = keyof typeof TASKS;

export class Workers {
  /** How many threads the pool may run; 1 means the work runs on the main thread (no pool at all). */
  readonly size: number;
  private readonly pools = new Map<TaskName, Piscina>();

  constructor(size = defaultWorkers()) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Internal error: a worker pool of ${size} threads`);
    this.size = size;
  }

  run<Input, Output>(task: TaskName, input: Input): Promise<Output> {
    let pool = this.pools.get(task);
    if (!pool) {
      // One pool per worker module: a thread holds only the libraries its task needs.
      pool = new Piscina({ filename: TASKS[task], minThreads: 0, maxThreads: this.size, idleTimeout: 1000 });
      this.pools.set(task, pool);
    }
    return pool.run(input) as Promise<Output>;
  }

  /** Ends every thread; the pool can start them again for a later task. */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
