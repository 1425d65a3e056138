// The pages of a site and what each carries: here, the related services of a service page.
import { describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/bench/syntheticCatalogue.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { validateCatalogue } from '../../src/catalogue/validate.ts';
import { buildModel } from '../../src/model/model.ts';
import { pagesOf } from '../../src/model/pages.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('related services', () => {
  it('are the next three of the same category, wrapping around to its start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-pages-'));
    try {
      await writeSyntheticCatalogue(dir, { services: 60 });
      const site = buildModel(validateCatalogue(await loadCatalogue(dir)).catalogue!);
      const byRoute = new Map(pagesOf(site).map((p) => [p.route, p]));
      for (const category of site.categories) {
        const ids = category.services.map((s) => s.id);
        category.services.forEach((service, i) => {
          const data = byRoute.get(service.route)!.data;
          if (data?.kind !== 'service') throw new Error(`no service data for ${service.route}`);
          const expected = [1, 2, 3].filter((k) => k < ids.length).map((k) => ids[(i + k) % ids.length]);
          expect(data.related.map((r) => r.id)).toEqual(expected);
          expect(data.related.map((r) => r.id)).not.toContain(service.id);
        });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
