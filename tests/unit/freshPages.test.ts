// The pages no cache holds: handed to the worker pool in batches as they are keyed, or rendered here when there
// are too few to repay the pool's threads.
import { describe, expect, it } from 'vitest';
import { FreshPages, RENDER_BATCH, type Fresh } from '../../src/build/render.ts';
import type { RenderOutcome, RenderTask } from '../../src/build/renderWorker.ts';
import type { Workers } from '../../src/build/workers.ts';

const fresh = (at: number): Fresh => ({ at, keyed: { page: { kind: 'service', route: `/s/${at}/`, data: {}, indexed: true }, assets: {} as Fresh['keyed']['assets'], key: `k${at}` } });

/** A pool that is worth it from `from` pages on and answers each batch with one outcome a page. */
function fakePool(from: number) {
  const batches: number[][] = [];
  const workers = {
    size: 2,
    worth: (items: number) => items >= from,
    run: async (_task: string, input: RenderTask) => {
      batches.push(input.pages.map(([page]) => Number(page.route.split('/')[2])));
      return input.pages.map(() => ({ bytes: new Uint8Array(), scan: {} }) as unknown as RenderOutcome);
    },
  };
  return { workers: workers as unknown as Workers, batches };
}

function freshPages(workers: Workers) {
  const here: number[] = [];
  const placed: number[] = [];
  const pages = new FreshPages(workers, {
    here: async (at) => void here.push(at),
    task: (batch) => ({ module: '', shell: {} as RenderTask['shell'], pages: batch.map(({ keyed }) => [keyed.page, keyed.assets]) }),
    rendered: async (batch) => void placed.push(...batch.map(({ at }) => at)),
  });
  return { pages, here, placed };
}

describe('the pages no cache holds', () => {
  it('go to the pool a batch at a time while the rest are still being keyed', async () => {
    const { workers, batches } = fakePool(RENDER_BATCH);
    const { pages, here, placed } = freshPages(workers);
    const total = RENDER_BATCH * 2 + RENDER_BATCH / 2;
    let sentBeforeTheLast = 0;
    for (let at = 0; at < total; at++) {
      await pages.add(fresh(at));
      if (at === total - 1) sentBeforeTheLast = batches.length;
    }
    expect(sentBeforeTheLast).toBe(2);
    await pages.done();
    expect(batches.map((b) => b.length)).toEqual([RENDER_BATCH, RENDER_BATCH, RENDER_BATCH / 2]);
    expect(placed.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(here).toEqual([]);
  });

  it('are rendered here, after all are keyed, when there are too few for the pool', async () => {
    const { workers, batches } = fakePool(Infinity);
    const { pages, here, placed } = freshPages(workers);
    for (let at = 0; at < RENDER_BATCH + 5; at++) await pages.add(fresh(at));
    expect(here).toEqual([]);
    await pages.done();
    expect(batches).toEqual([]);
    expect(placed).toEqual([]);
    expect(here).toEqual(Array.from({ length: RENDER_BATCH + 5 }, (_, i) => i));
  });

  it('wait for every batch sent when keying fails, and report a batch that failed', async () => {
    const failing = { size: 2, worth: () => true, run: async () => Promise.reject(new Error('thread crashed')) } as unknown as Workers;
    const { pages } = freshPages(failing);
    for (let at = 0; at < RENDER_BATCH; at++) await pages.add(fresh(at));
    const settled = await pages.settled();
    expect(settled.map((s) => s.status)).toEqual(['rejected']);
    await expect(pages.done()).rejects.toThrow('thread crashed');
  });
});
