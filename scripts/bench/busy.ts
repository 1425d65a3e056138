// Keeps the machine busy the way CI's neighbours do: writes the benchmark's heavy synthetic catalogue of
// 10,000 services (or N) and builds it cold, again and again, until stopped. Run it beside `npm test` to
// check that no test depends on having the cores to itself:
//
//   npx node scripts/bench/busy.ts [SERVICES] & npm test; kill %1
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSyntheticCatalogue } from './syntheticCatalogue.ts';

const services = Number(process.argv[2] ?? 10_000);
const work = mkdtempSync(join(tmpdir(), 'storefront-busy-'));
let child: ChildProcess | undefined;
const stop = () => {
  child?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A signal to npx alone (a script's `kill $!`; an interactive shell's `kill %1` reaches the whole job) is not
// passed on, and this process would go on building for good: it stops once the process that started it is gone.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 1_000);

const catalogue = join(work, 'catalogue');
await writeSyntheticCatalogue(catalogue, { services, heavy: true });
const bin = new URL('../../bin/storefront.js', import.meta.url).pathname;
for (let round = 1; ; round++) {
  const started = performance.now();
  child = spawn(process.execPath, [bin, 'build', '-c', catalogue, '-o', join(work, 'dist'), '--deploy-dir', join(work, 'deploy'), '--no-cache', '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const [status] = (await once(child, 'exit')) as [number | null];
  console.log(`busy: build ${round} of ${services} services exited ${status} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
