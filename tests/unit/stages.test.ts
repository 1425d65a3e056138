// The build's stage runner (src/stages.ts): a stage starts once what it needs is there, stages that do not
// need each other overlap, a failure stops what has not started and waits for what has, and a stage cannot
// read a result it did not ask for.
import { describe, expect, it } from 'vitest';
import { runStages } from '../../src/stages.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('runStages', () => {
  it('gives each stage the results it needs and reports each one once, after the stages it needs', async () => {
    const reported: string[] = [];
    const results = await runStages<{ a: number; b: number; c: number }>(
      {
        c: { needs: ['a', 'b'], run: ({ a, b }) => a + b, summary: (c) => `c=${c}` },
        a: { run: async () => (await tick(), 1), summary: (a) => `a=${a}` },
        b: { needs: ['a'], run: ({ a }) => a * 10, summary: (b) => `b=${b}` },
      },
      (name, ms, at, summary) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(at).toBeGreaterThanOrEqual(0);
        reported.push(summary);
      },
    );
    expect(results).toEqual({ a: 1, b: 10, c: 11 });
    expect(reported).toEqual(['a=1', 'b=10', 'c=11']);
  });

  it('starts stages that do not need each other at the same time', async () => {
    const events: string[] = [];
    const slow = (name: string) => async () => {
      events.push(`start ${name}`);
      await tick();
      events.push(`end ${name}`);
      return name;
    };
    await runStages<{ x: string; y: string }>({ x: { run: slow('x') }, y: { run: slow('y') } }, () => {});
    expect(events.slice(0, 2).sort()).toEqual(['start x', 'start y']);
  });

  it('throws the first failure only once every running stage has finished, and starts nothing after it', async () => {
    let runningFinished = false;
    let dependentStarted = false;
    const run = runStages<{ fails: never; running: string; dependent: string }>(
      {
        fails: {
          run: async () => {
            await tick();
            throw new Error('broken on purpose');
          },
        },
        running: { run: async () => (await tick(), await tick(), await tick(), (runningFinished = true), 'done') },
        dependent: { needs: ['fails'], run: () => ((dependentStarted = true), 'never') },
      },
      () => {},
    );
    await expect(run).rejects.toThrow('broken on purpose');
    expect(runningFinished).toBe(true);
    expect(dependentStarted).toBe(false);
  });

  it('refuses a read of a result the stage does not list in its needs', async () => {
    const run = runStages<{ a: number; b: number }>({ a: { run: () => 1 }, b: { run: (r) => r.a + 1 } }, () => {});
    await expect(run).rejects.toThrow(/stage "b" reads "a" without listing it in its needs/);
  });

  it('refuses a need that is no stage', async () => {
    const stages = { a: { needs: ['missing'], run: () => 1 } } as unknown as Parameters<typeof runStages<{ a: number }>>[0];
    await expect(runStages<{ a: number }>(stages, () => {})).rejects.toThrow(/needs "missing", which is no stage/);
  });
});
