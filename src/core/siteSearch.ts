// The site's search index, as the build writes it (src/build/search.ts) and the browser reads it: the terms a
// text is found by, the index's files, and a search over them. Pure, so that both sides share it and unit tests
// run it without a browser.
//
// The index is one small entry file (filters, sort orders and the names of the other files) and hashed parts:
// the postings of the terms, in files by their first two letters, so that a search fetches the words it asks
// for and not the catalogue; and the records' result data (a card's name, price, image), ten records to a file.
import { stemmer } from 'stemmer';
import { isCommonWord, wordsOf } from './searchTerms.ts';

export const RECORDS_PER_CARD_FILE = 10;

/** The entry file: what every search needs, and where the rest is. Paths are the site's, from its root. */
export interface SearchEntry {
  /** The number of records; a record is its place in the index, 0 to count - 1. */
  count: number;
  /** The postings file of each term shard (the first two letters of its terms). */
  words: Record<string, string>;
  /** The result data files, RECORDS_PER_CARD_FILE records each, in record order. */
  cards: string[];
  /** Per filter, per value: the records that have it, as a bitmap in base64 (bit r of byte r >> 3). */
  filters: Record<string, Record<string, string>>;
  /** Per sort key: each record's rank, equal values ranking equal. */
  sorts: Record<string, number[]>;
}

/** A shard's postings: per term, the records it is in, each as (gap from the record before) × 4 + weight. */
export type SearchShard = Record<string, number[]>;

/** What a result shows: its page and the record's meta. */
export interface SearchCard {
  url: string;
  meta: Record<string, string>;
}

/** A term found in a record's title counts this much; in its text, 1. */
export const TITLE_WEIGHT = 2;

const stem = (word: string) => (/^[a-z]+$/.test(word) ? stemmer(word) : word);

/**
 * The terms of a text, stemmed ("stickers" and "sticker" are one term) and without accents. A word joined by a
 * hyphen or an apostrophe gives its parts and the parts run together: "multi-channel" is found by "multi",
 * "channel" and "multichannel". `known`: the terms of the words seen before, for a caller that reads many texts.
 */
export const termsOf = (text: string, known?: Map<string, readonly string[]>): string[] => termsOfWords(wordsOf(text), known);

function termsOfWords(words: readonly string[], known = new Map<string, readonly string[]>()): string[] {
  const terms = new Set<string>();
  for (const word of words) {
    let found = known.get(word);
    if (!found) known.set(word, (found = termsOfWord(word)));
    for (const term of found) terms.add(term);
  }
  return [...terms];
}

/**
 * Words a visitor's query holds that say nothing of a service ("a billboard in the city", "how much is a press
 * release"): every query term must match, so a search with one found nothing where the text lacked it. The
 * commonest words, which descriptions do not give search (isCommonWord), are such words too.
 */
const QUERY_STOP_WORDS = new Set('a an as at be by do does how i if in is it many me much my no of on or such their then there these they to us we where why'.split(' '));

/** The terms a visitor's query asks for: its words' terms (termsOf), without the stop words unless it has only those. */
export function queryTerms(query: string): string[] {
  const words = wordsOf(query);
  const telling = words.filter((word) => {
    const plain = withoutAccents(word);
    return !QUERY_STOP_WORDS.has(plain) && !isCommonWord(plain);
  });
  return termsOfWords(telling.length ? telling : words);
}

const withoutAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

function termsOfWord(accented: string): string[] {
  // A visitor types "cafe" and "zurich" for "Café" and "Zürich"; without accents, such words are stemmed too.
  const word = withoutAccents(accented);
  const parts = word.split(/['’-]/).filter(Boolean);
  return parts.length > 1 ? [...parts.map(stem), stem(parts.join(''))] : [stem(word)];
}

/** The shard a term's postings are in: its first two letters (characters, not UTF-16 units). */
export const shardOf = (term: string) => [...term].slice(0, 2).join('');

/** The shards a search for this term reads: its own, or for a one-letter term, every shard it begins. */
export const shardsFor = (term: string, entry: SearchEntry) =>
  [...term].length > 1 ? (entry.words[shardOf(term)] ? [shardOf(term)] : []) : Object.keys(entry.words).filter((key) => key.startsWith(term));

/** The endings the stemmer takes off a word (Porter's), between spaces: what a word typed past its stem goes on with. */
const ENDINGS = ' s es ies ed ing ly y ity ities ation ational ator ence ance ency ancy izer ization alism iveness fulness ousness ality ivity bility logy icate ative alize ical ful ness al er ic able ible ant ement ment ent ion ism ate ous ive ize e';

/**
 * How well an indexed term answers a query term: 2 when it is the same, 1 when the query is its beginning
 * ("billb", "billboard"), or when the query is a word typed a few letters past a stem, into an ending the stemmer
 * takes off ("communit" typed, "commun" the stem of "community"), 0 otherwise. Any letters past a stem matched
 * unrelated words: "market" found "mark", "start" "star", "15000" "1500".
 */
export function termMatch(indexed: string, asked: string): number {
  if (indexed === asked) return 2;
  if (indexed.startsWith(asked)) return 1;
  const past = asked.slice(indexed.length);
  return indexed.length >= 4 && past.length <= 3 && asked.startsWith(indexed) && /^[a-z]+$/.test(asked) && ENDINGS.includes(` ${past}`) ? 1 : 0;
}

export interface SearchQuery {
  /** The visitor's words; none: every record the filters let through. */
  terms: readonly string[];
  /** Per filter, the values a record must have one of. */
  filters?: Record<string, string | readonly string[]>;
  /** At most one key: the order of the results. Without one, best match first. */
  sort?: Record<string, 'asc' | 'desc'>;
}

/** Each record's score for one term, from the shards that hold it (missing shards: the term finds nothing). */
function scoresFor(term: string, entry: SearchEntry, shards: ReadonlyMap<string, SearchShard>): Map<number, number> {
  const scores = new Map<number, number>();
  for (const key of shardsFor(term, entry)) {
    for (const [indexed, postings] of Object.entries(shards.get(key) ?? {})) {
      const match = termMatch(indexed, term);
      if (!match) continue;
      let record = 0;
      for (const posting of postings) {
        record += posting >> 2;
        const score = match * (posting & 3);
        if (score > (scores.get(record) ?? 0)) scores.set(record, score);
      }
    }
  }
  return scores;
}

const hasBit = (bits: Uint8Array, record: number) => (bits[record >> 3]! & (1 << (record & 7))) !== 0;

/** The records whose filters match, or null when no filter applies. */
function filtered(entry: SearchEntry, filters: SearchQuery['filters'] = {}): ((record: number) => boolean) | null {
  const tests = Object.entries(filters).map(([name, wanted]) => {
    const values = typeof wanted === 'string' ? [wanted] : wanted;
    const bitmaps = values.map((value) => entry.filters[name]?.[value]).filter((b): b is string => b !== undefined).map(bitmapFrom);
    return (record: number) => bitmaps.some((bits) => hasBit(bits, record));
  });
  return tests.length ? (record) => tests.every((test) => test(record)) : null;
}

/**
 * The records a query finds, in order: every term must match (a record's score is the sum of its terms' best
 * matches, each times its weight), then the filters. Best match first, or by the sort key; equal ones in
 * record order, so the same search always lists the same results the same way.
 */
export function findRecords(entry: SearchEntry, shards: ReadonlyMap<string, SearchShard>, query: SearchQuery): number[] {
  let scores: Map<number, number> | null = null;
  for (const term of new Set(query.terms)) {
    const found = scoresFor(term, entry, shards);
    const next = new Map<number, number>();
    for (const [record, score] of found) {
      const before = scores ? scores.get(record) : 0;
      if (before !== undefined) next.set(record, before + score);
    }
    scores = next;
  }
  const passes = filtered(entry, query.filters);
  const records = scores ? [...scores.keys()] : Array.from({ length: entry.count }, (_, r) => r);
  const kept = passes ? records.filter(passes) : records;
  const [sortKey, direction] = Object.entries(query.sort ?? {})[0] ?? [];
  const ranks = sortKey ? entry.sorts[sortKey] : undefined;
  if (ranks) {
    const sign = direction === 'desc' ? -1 : 1;
    return kept.sort((a, b) => sign * (ranks[a]! - ranks[b]!) || a - b);
  }
  return kept.sort((a, b) => (scores ? scores.get(b)! - scores.get(a)! : 0) || a - b);
}

export function bitmapOf(records: Iterable<number>, count: number): string {
  const bits = new Uint8Array(Math.ceil(count / 8));
  for (const record of records) bits[record >> 3]! |= 1 << (record & 7);
  let text = '';
  for (const byte of bits) text += String.fromCharCode(byte);
  return btoa(text);
}

export const bitmapFrom = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** The card file of a record, and its place in it. */
export const cardPlace = (record: number) => ({ file: Math.floor(record / RECORDS_PER_CARD_FILE), at: record % RECORDS_PER_CARD_FILE });
