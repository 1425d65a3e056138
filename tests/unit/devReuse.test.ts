// What a dev rebuild takes as unchanged by identity: the model keeps every service a description edit leaves
// as it was (src/model/model.ts), and the views made of it are then the very objects of the rebuild before,
// which the stages after know unchanged without comparing them field by field.
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSearchIndex, type SearchMemo } from '../../src/build/cachedStages.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { ValidCatalogue } from '../../src/catalogue/validate.ts';
import { buildModel, type Site } from '../../src/model/model.ts';
import { searchRecords } from '../../templates/searchIndex.ts';
import { validate } from './site.ts';

let catalogue: ValidCatalogue;
beforeAll(async () => {
  catalogue = (await validate(await loadCatalogue(new URL('../../catalogue/', import.meta.url).pathname))).catalogue!;
});

describe('the search records', () => {
  let site: Site;
  beforeAll(() => void (site = buildModel(catalogue)));

  it('are the same frozen record for the same service and category', () => {
    const first = searchRecords(site);
    const again = searchRecords(buildModel(catalogue));
    expect(again).not.toBe(first);
    again.forEach((record, i) => expect(record).toBe(first[i]));
    expect(Object.isFrozen(first[0]!.meta) && Object.isFrozen(first[0]!.filters.max)).toBe(true);
  });

  it('give back the index made of them while they are the same, and a new one when one differs', async () => {
    const memo: SearchMemo = {};
    const records = searchRecords(site);
    const index = await cachedSearchIndex(records, undefined, memo);
    expect(index.size).toBeGreaterThan(0);
    expect(await cachedSearchIndex([...records], undefined, memo)).toBe(index);
    const fewer = await cachedSearchIndex(records.slice(1), undefined, memo);
    expect(fewer).not.toBe(index);
    expect(memo.last?.records).toHaveLength(records.length - 1);
  });
});

