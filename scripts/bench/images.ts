// The image stage on its own (src/build/images.ts imageStage, as the build runs it): the example catalogue's
// images linked into a new site folder and its raster images' variants made, first with an empty cache of
// variants (a first build, or one after an image changed), then with the cache that run filled, as every later
// build finds it. In this process, one stage at a time, so nothing else of a build competes for the CPU.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Staging } from '../../src/build/staging.ts';
import { imageStage } from '../../src/build/images.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { median } from './build.ts';

export interface ImageStageFigures {
  /** Milliseconds with an empty cache: every variant made. */
  coldMs: number;
  /** Median milliseconds with the cache filled: every variant linked from it. */
  warmMs: number;
  warmRuns: number[];
  rasters: number;
  variants: number;
}

export async function measureImageStage(catalogueDir: string, warmRuns = 5): Promise<ImageStageFigures> {
  const work = await mkdtemp(join(tmpdir(), 'storefront-bench-images-'));
  try {
    const source = await loadCatalogue(catalogueDir);
    const cacheDir = join(work, 'cache');
    const run = async (n: number) => {
      const staging = await Staging.open(join(work, `dist-${n}`));
      const started = performance.now();
      const result = await imageStage({ catalogueDir, source, cacheDir, staging });
      const ms = performance.now() - started;
      await staging.abort();
      return { ms, result };
    };
    const cold = await run(0);
    const warm: number[] = [];
    for (let n = 1; n <= warmRuns; n++) {
      const { ms, result } = await run(n);
      if (result.converted) throw new Error(`The image stage made ${result.converted} variants again with a warm cache`);
      warm.push(ms);
    }
    return { coldMs: cold.ms, warmMs: median(warm), warmRuns: warm, rasters: cold.result.rasters, variants: cold.result.files.size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
