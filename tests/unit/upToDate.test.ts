import { describe, expect, it } from 'vitest';
import { RACY_MS, settledRecord, type SiteRecord } from '../../src/build/upToDate.ts';

describe('a passing check settles the racy output files that are old enough', () => {
  const record = {
    output: { 'a.html': [10, 1_000, 1], 'b.html': [20, 5_000, 2], 'c.html': [30, 900, 3] },
    racy: { 'a.html': 'hash-a', 'b.html': 'hash-b' },
    folders: { blog: [4096, 1_500, 4], docs: [4096, 800, 5] },
    racyFolders: ['blog'],
  } as unknown as SiteRecord;

  it('keeps racy the files whose time is within RACY_MS of when the check began', () => {
    expect(settledRecord(record, 999 + RACY_MS)).toBeUndefined();
    expect(settledRecord(record, 1_000 + RACY_MS)?.racy).toEqual({ 'b.html': 'hash-b' });
    expect(settledRecord(record, 5_000 + RACY_MS)?.racy).toEqual({});
  });

  it('and the racy folders, which the next check then trusts by their stamps', () => {
    expect(settledRecord(record, 1_000 + RACY_MS)?.racyFolders).toEqual(['blog']);
    expect(settledRecord(record, 1_500 + RACY_MS)?.racyFolders).toEqual([]);
  });

  it('leaves the rest of the record as it was', () => {
    const settled = settledRecord(record, 60_000)!;
    expect(settled.output).toBe(record.output);
    expect(record.racy).toEqual({ 'a.html': 'hash-a', 'b.html': 'hash-b' });
  });
});
