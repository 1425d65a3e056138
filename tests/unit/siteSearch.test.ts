// The site's search index (src/core/siteSearch.ts, written by src/build/search.ts) and the browser's reader of it
// (templates/siteSearch.ts): terms, matching, order, filters, sorts, and what the reader fetches.
import { describe, expect, it } from 'vitest';
import { SEARCH_ENTRY, searchIndex } from '../../src/build/search.ts';
import type { SearchRecord } from '../../src/client/pageKind.ts';
import { findRecords, queryTerms, termMatch, termsOf, type SearchEntry, type SearchShard } from '../../src/core/siteSearch.ts';
import { openSiteSearch, SEARCH_ENTRY_URL } from '../../templates/siteSearch.ts';

const record = (title: string, content: string, price: number, category: string): SearchRecord => ({
  url: `/service/${title.toLowerCase().replace(/\W+/g, '-')}/`,
  content: `${title}. ${content}`,
  meta: { title, id: title, price: String(price) },
  filters: { category: [category] },
  sort: { price: String(price), name: title.toLowerCase() },
});

const RECORDS = [
  record('Billboard in Times Square', 'A week on the square, seen by millions.', 25_000, 'billboards'),
  record('Press Release', 'Sent to journalists at crypto news sites.', 900, 'press'),
  record('Sticker Pack', 'Stickers for your community chat.', 400, 'other'),
  record('Community Moderators', 'Moderators keep the chat free of spam, multi-channel.', 1_500, 'other'),
  record('Billboard Truck', 'A truck with billboards drives through the city.', 3_000, 'billboards'),
];

/** The index of these records, as the reader has it once it has fetched every file. */
async function indexOf(records: SearchRecord[]) {
  const files = await searchIndex(records);
  const json = <T,>(path: string) => JSON.parse(new TextDecoder().decode(files.get(path.replace(/^\//, ''))!)) as T;
  const entry = json<SearchEntry>(SEARCH_ENTRY_URL);
  return { files, json, entry, shards: new Map(Object.entries(entry.words).map(([key, path]) => [key, json<SearchShard>(path)])) };
}

const { files, json, entry, shards } = await indexOf(RECORDS);
const titles = (found: number[]) => found.map((at) => RECORDS[at]!.meta.title);
const find = (words: string, rest: Omit<Parameters<typeof findRecords>[2], 'terms'> = {}) => titles(findRecords(entry, shards, { terms: termsOf(words), ...rest }));

describe('terms', () => {
  it('are words stemmed, a hyphenated word also in parts and run together', () => {
    expect(termsOf('Stickers, sticker')).toEqual(['sticker']);
    expect(termsOf('Multi-channel')).toEqual(['multi', 'channel', 'multichannel']);
    expect(termsOf('Café 24/7')).toEqual(['cafe', '24', '7']);
  });
  it('are words without their accents, so that a query typed without them finds them', async () => {
    expect(termsOf('Crème brûlée, Zürich, Cafés')).toEqual(['creme', 'brule', 'zurich', 'cafe']);
    const accented = await indexOf([record('Café Billboard', 'A screen above the café in Zürich.', 700, 'billboards')]);
    const found = (words: string) => findRecords(accented.entry, accented.shards, { terms: termsOf(words) });
    expect(found('cafe zurich')).toEqual([0]);
    expect(found('Café Zürich')).toEqual([0]);
  });
  it('match the same term, its beginning, and a stem a few letters short of the query', () => {
    expect(termMatch('billboard', 'billboard')).toBe(2);
    expect(termMatch('billboard', 'billb')).toBe(1);
    expect(termMatch('commun', 'communit')).toBe(1);
    expect(termMatch('bill', 'billboard')).toBe(0);
    expect(termMatch('press', 'sticker')).toBe(0);
  });
  it('match a stem a query goes past only into an ending the stemmer takes off, and never past a number', () => {
    expect(termMatch('verif', 'verifi')).toBe(1);
    expect(termMatch('organ', 'organis')).toBe(1);
    expect(termMatch('mark', 'market')).toBe(0);
    expect(termMatch('star', 'start')).toBe(0);
    expect(termMatch('cart', 'cartoon')).toBe(0);
    expect(termMatch('1500', '15000')).toBe(0);
    expect(termMatch('15000', '1500')).toBe(1);
  });
});

describe('a query', () => {
  it('leaves out the words that say nothing of a service, unless it has only those', () => {
    expect(queryTerms('How much is a billboard in the city?')).toEqual(['billboard', 'citi']);
    expect(queryTerms('Press release for my token')).toEqual(['press', 'releas', 'token']);
    expect(queryTerms('TV')).toEqual(['tv']);
    expect(queryTerms('the')).toEqual(['the']);
    // The words no description gives search, too.
    expect(queryTerms('Billboards that have screens')).toEqual(['billboard', 'screen']);
    expect(queryTerms('all of it')).toEqual(['all', 'of', 'it']);
  });
  it('finds what its telling words find', () => {
    const asked = (words: string) => titles(findRecords(entry, shards, { terms: queryTerms(words) }));
    expect(asked('a billboard truck for my launch')).toEqual([]);
    expect(asked('a billboard truck in the city')).toEqual(['Billboard Truck']);
    expect(asked('how much is a press release')).toEqual(['Press Release']);
    expect(asked('all the billboard trucks')).toEqual(['Billboard Truck']);
  });
});

describe('a search', () => {
  it('finds the records with every word, title matches first, equals in record order', () => {
    expect(find('billboard')).toEqual(['Billboard in Times Square', 'Billboard Truck']);
    expect(find('billboard truck')).toEqual(['Billboard Truck']);
    expect(find('chat')).toEqual(['Sticker Pack', 'Community Moderators']);
    expect(find('moderators chat')).toEqual(['Community Moderators']);
    expect(find('zzyzx')).toEqual([]);
  });
  it('finds a word by its beginning, its plural and a one-letter start', () => {
    expect(find('journ')).toEqual(['Press Release']);
    expect(find('stickers')).toEqual(['Sticker Pack']);
    expect(find('t')).toEqual(expect.arrayContaining(['Billboard in Times Square', 'Billboard Truck']));
    expect(find('multichannel')).toEqual(['Community Moderators']);
  });
  it('filters, and sorts by a key both ways, numbers as numbers', () => {
    expect(find('', { filters: { category: 'billboards' } })).toEqual(['Billboard in Times Square', 'Billboard Truck']);
    expect(find('', { filters: { category: ['press', 'other'] } })).toEqual(['Press Release', 'Sticker Pack', 'Community Moderators']);
    expect(find('', { filters: { category: 'nowhere' } })).toEqual([]);
    expect(find('', { sort: { price: 'asc' } })).toEqual(['Sticker Pack', 'Press Release', 'Community Moderators', 'Billboard Truck', 'Billboard in Times Square']);
    expect(find('billboard', { sort: { price: 'desc' } })).toEqual(['Billboard in Times Square', 'Billboard Truck']);
    expect(find('', { sort: { name: 'asc' } })[0]).toBe('Billboard in Times Square');
  });
});

describe('a large index', () => {
  it('holds every record, across the pauses it makes for the event loop', async () => {
    const many = Array.from({ length: 2_500 }, (_, at) => record(`Service ${at}`, at % 2 ? 'Odd words.' : 'Even words.', at, at % 2 ? 'odd' : 'even'));
    const made = await searchIndex(many);
    const read = <T,>(path: string) => JSON.parse(new TextDecoder().decode(made.get(path.replace(/^\//, ''))!)) as T;
    const index = read<SearchEntry>(SEARCH_ENTRY_URL);
    const loaded = new Map(Object.entries(index.words).map(([key, path]) => [key, read<SearchShard>(path)]));
    expect(findRecords(index, loaded, { terms: termsOf('odd') })).toHaveLength(1_250);
    expect(findRecords(index, loaded, { terms: termsOf('2345') })).toEqual([2_345]);
    expect(findRecords(index, loaded, { terms: [], filters: { category: 'even' }, sort: { price: 'desc' } })[0]).toBe(2_498);
  });
});

describe('the browser’s reader', () => {
  it('asks for the entry the build writes', () => expect(SEARCH_ENTRY_URL).toBe(`/${SEARCH_ENTRY}`));
  const served = () => {
    const asked: string[] = [];
    let failNext = false;
    const load = async (url: string) => {
      asked.push(url);
      if (failNext) {
        failNext = false;
        throw new Error('offline');
      }
      return json<unknown>(url);
    };
    return { asked, load, failOnce: () => (failNext = true) };
  };

  it('fetches the entry, the shards of the words and the cards it shows, each once', async () => {
    const server = served();
    const search = openSiteSearch(server.load);
    const found = await search.find({ q: 'billboard', category: '' }, 'relevance', '?q=billboard');
    expect(found.cards.map((card) => card.name)).toEqual(['Billboard in Times Square', 'Billboard Truck']);
    expect(found.cards[0]).toMatchObject({ route: RECORDS[0]!.url, price: 25_000 });
    await search.find({ q: 'billboard', category: 'billboards' }, 'relevance', '?q=billboard&category=billboards');
    expect(server.asked.filter((url) => url === SEARCH_ENTRY_URL)).toHaveLength(1);
    expect(new Set(server.asked).size).toBe(server.asked.length);
    expect(server.asked.filter((url) => url.includes('/words/'))).toEqual([entry.words.bi]);
  });
  it('fetches a file that failed again on the next search', async () => {
    const server = served();
    const search = openSiteSearch(server.load);
    server.failOnce();
    await expect(search.find({ q: 'press', category: '' }, 'relevance', '?q=press')).rejects.toThrow('offline');
    expect((await search.find({ q: 'press', category: '' }, 'relevance', '?q=press')).cards.map((card) => card.name)).toEqual(['Press Release']);
  });
});
