// Timings on a shared machine: before each timed run, wait (a while, not forever) until nothing else keeps
// the CPUs busy, so one figure is not slowed by a test suite that happened to run next to it.
import { readFileSync } from 'node:fs';

const times = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);

/** Share of CPU time (0-1) spent busy by anyone over `ms`; undefined where /proc/stat is missing. */
async function busyShare(ms: number): Promise<number | undefined> {
  try {
    const before = times();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const delta = times().map((value, i) => value - before[i]!);
    const total = delta.reduce((a, b) => a + b, 0);
    const idle = delta[3]! + delta[4]!;
    return total ? (total - idle) / total : undefined;
  } catch {
    return undefined;
  }
}

export const IDLE_BELOW = 0.15;

/** Waits until the CPUs are less than 15 % busy over half a second, for at most `maxMs`. Returns false when
 *  it gave up (the figure is then taken on a busy machine). */
export async function waitForIdle(maxMs = 30_000): Promise<boolean> {
  const deadline = performance.now() + maxMs;
  do {
    const busy = await busyShare(500);
    if (busy === undefined || busy < IDLE_BELOW) return true;
  } while (performance.now() < deadline);
  return false;
}
