// Stage: search. The site's search index, made from the records the page kinds offer (`searchRecords`, e.g. one
// per service) and written under /search-index/ in the format of src/core/siteSearch.ts: an entry file with the
// filters and sort orders, the terms' postings in files by their first two letters (a search fetches the
// words it asks for, not the catalogue: that keeps search fast at 10,000 services), and the results' data ten
// records to a file. Every file but the entry is named by its content's hash, so a deploy after an edit
// uploads the parts that changed. Records in, files out; it lets the event loop run every thousand records (0.5 s
// at 10,000 services), so that dev's server answers the reload of a page while the index is made again.
import type { SearchRecord } from '../client/pageKind.ts';
import { SITE_FOLDERS } from '../core/siteFolders.ts';
import { sha256 } from './cache.ts';
import {
  bitmapOf,
  RECORDS_PER_CARD_FILE,
  shardOf,
  termsOf,
  TITLE_WEIGHT,
  type SearchCard,
  type SearchEntry,
  type SearchShard,
} from '../core/siteSearch.ts';

export const SEARCH_FOLDER = SITE_FOLDERS.search;
export const SEARCH_ENTRY = `${SEARCH_FOLDER}/entry.json`;

/** The index's files, by path inside the site; none when no page kind offers search. */
export async function searchIndex(records: readonly SearchRecord[]): Promise<Map<string, Uint8Array>> {
  if (!records.length) return new Map();
  const files = new Map<string, Uint8Array>();
  const add = (folder: string, name: string, value: unknown) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const path = `${SEARCH_FOLDER}/${folder}/${name}.${sha256(bytes).slice(0, 12)}.json`;
    files.set(path, bytes);
    return `/${path}`;
  };
  const words: SearchEntry['words'] = {};
  for (const [key, shard] of await shards(records)) words[key] = add('words', fileNameOf(key), shard);
  const cards: string[] = [];
  for (let first = 0; first < records.length; first += RECORDS_PER_CARD_FILE) {
    const slice = records.slice(first, first + RECORDS_PER_CARD_FILE).map(({ url, meta }): SearchCard => ({ url, meta }));
    cards.push(add('cards', String(first / RECORDS_PER_CARD_FILE), slice));
  }
  const entry: SearchEntry = { count: records.length, words, cards, filters: filtersOf(records), sorts: sortsOf(records) };
  files.set(SEARCH_ENTRY, new TextEncoder().encode(JSON.stringify(entry)));
  return files;
}

/** Each term's postings, by shard: a term in the record's title weighs TITLE_WEIGHT, in its text 1. */
async function shards(records: readonly SearchRecord[]): Promise<Map<string, SearchShard>> {
  // `last`: the record the term was last found in (its first posting's gap counts from 0).
  const postings = new Map<string, { last: number; list: number[] }>();
  const add = (term: string, at: number, weight: number) => {
    let entry = postings.get(term);
    if (!entry) postings.set(term, (entry = { last: -1, list: [] }));
    if (entry.last === at) return; // in the title already
    entry.list.push((at - Math.max(entry.last, 0)) * 4 + weight);
    entry.last = at;
  };
  const known = new Map<string, readonly string[]>();
  for (const [at, record] of records.entries()) {
    if (at % 1000 === 999) await new Promise(setImmediate);
    for (const term of termsOf(record.meta.title ?? '', known)) add(term, at, TITLE_WEIGHT);
    for (const term of termsOf(record.content, known)) add(term, at, 1);
  }
  const byShard = new Map<string, SearchShard>();
  for (const term of [...postings.keys()].sort()) {
    const key = shardOf(term);
    if (!byShard.has(key)) byShard.set(key, {});
    byShard.get(key)![term] = postings.get(term)!.list;
  }
  return byShard;
}

/** A shard's key in a file name: letters and digits as they are, anything else as its code point. */
const fileNameOf = (key: string) => [...key].map((c) => (/[a-z0-9]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}`)).join('');

function filtersOf(records: readonly SearchRecord[]): SearchEntry['filters'] {
  const found = new Map<string, Map<string, number[]>>();
  records.forEach((record, at) => {
    for (const [name, values] of Object.entries(record.filters)) {
      if (!found.has(name)) found.set(name, new Map());
      const byValue = found.get(name)!;
      for (const value of values) {
        if (!byValue.has(value)) byValue.set(value, []);
        byValue.get(value)!.push(at);
      }
    }
  });
  return Object.fromEntries([...found].map(([name, byValue]) => [name, Object.fromEntries([...byValue].map(([value, list]) => [value, bitmapOf(list, records.length)]))]));
}

/** Each sort key's ranks: values compare as numbers when every one is a number, else as text. */
function sortsOf(records: readonly SearchRecord[]): SearchEntry['sorts'] {
  const keys = new Set(records.flatMap((record) => Object.keys(record.sort)));
  return Object.fromEntries(
    [...keys].map((key) => {
      const values = records.map((record) => record.sort[key] ?? '');
      const numeric = values.every((value) => value.trim() !== '' && Number.isFinite(Number(value)));
      const distinct = [...new Set(values)].sort(numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const rank = new Map(distinct.map((value, at) => [value, at]));
      return [key, values.map((value) => rank.get(value)!)];
    }),
  );
}
