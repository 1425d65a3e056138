// The stages' results kept in the build cache (cache.ts) that are not files of their own: compiled
// descriptions and the search index.
import { deserialize, serialize } from 'node:v8';
import type { CatalogueSource, DecodeMemo } from '../catalogue/load.ts';
import type { CompiledDescription } from '../catalogue/markdown.ts';
import type { Problem } from '../catalogue/problems.ts';
import { checkedImages, type ValidationMemo } from '../catalogue/validate.ts';
import type { SearchRecord } from '../client/pageKind.ts';
import { deepFreeze } from '../model/model.ts';
import { codeVersion, keyOf, sha256, type BuildCacheDir } from './cache.ts';
import { searchIndex } from './search.ts';
import { sameKeyJson } from './sameKeyJson.ts';

/** Descriptions are kept in this many records (by their hash's first hex digit), so an edit rewrites one. */
const SHARDS = 16;
type Shard = { tool: string; entries: [hash: string, description: CompiledDescription][] };

/**
 * What validation reuses of earlier runs' Markdown (validate.ts `memo`): a Map by text, as validation wants it,
 * that also answers from the cache folder. The key of a description is the hash of its text with the tool's
 * fingerprint (the compiler is the tool's own code and markdown-it's libraries). Validation refills it with this
 * run's descriptions (clear, then set), so what persist() writes is exactly the set this build used.
 * `version` is the compiler's: the modules markdown.ts reaches and the versions of the libraries they use.
 */
export class DescriptionMemo extends Map<string, CompiledDescription> {
  private disk = new Map<string, CompiledDescription>();
  private loaded: Promise<void> | undefined;
  private loadedFor: string | undefined;
  private shardLists = new Map<string, string>();
  private version = '';
  hits = 0;
  misses = 0;
  /** Hashes by text: dev hashes the one edited description again, not 10,000 (40 ms), and the build's record
   *  takes them rather than hashing every text again (upToDate.ts siteRecord). */
  private hashes = new Map<string, string>();
  hashOf(text: string): string {
    let hash = this.hashes.get(text);
    if (hash === undefined) this.hashes.set(text, (hash = sha256(text)));
    return hash;
  }

  /** Reads the cache's descriptions (once per cache folder and compiler version), and starts the counts. */
  load(store: BuildCacheDir | undefined): Promise<void> {
    this.hits = this.misses = 0;
    const version = codeVersion(['src/catalogue/markdown.ts']);
    if (version !== this.version) {
      // compiled by another version of the compiler: none of it holds
      this.clear();
      Object.assign(this, { version, disk: new Map(), shardLists: new Map(), loadedFor: undefined, loaded: undefined });
    }
    if (!store) return Promise.resolve();
    if (this.loadedFor === store.dir && this.loaded) return this.loaded;
    this.loadedFor = store.dir;
    this.loaded = Promise.all(
      Array.from({ length: SHARDS }, async (_, i) => {
        const name = i.toString(16);
        const shard = await store.readRecord<Shard>(`descriptions-${name}`);
        if (shard?.tool !== this.version || !Array.isArray(shard.entries)) return;
        for (const [hash, description] of shard.entries) this.disk.set(hash, description);
        this.shardLists.set(name, shard.entries.map(([hash]) => hash).join());
      }),
    ).then(() => undefined);
    return this.loaded;
  }

  override get(text: string): CompiledDescription | undefined {
    return super.get(text) ?? this.disk.get(this.hashOf(text));
  }

  /** Counts: the markdown stage asks this of every description before it compiles the missing ones. */
  override has(text: string): boolean {
    const found = super.has(text) || this.disk.has(this.hashOf(text));
    if (found) this.hits++;
    else this.misses++;
    return found;
  }

  /** Writes the shards whose set of descriptions changed. */
  persist(store: BuildCacheDir | undefined) {
    if (!store) return;
    const shards = new Map<string, [string, CompiledDescription][]>();
    const hashes = new Map<string, string>();
    for (const [text, description] of this) {
      const hash = this.hashOf(text);
      hashes.set(text, hash);
      const name = (Number.parseInt(hash[0]!, 16) % SHARDS).toString(16);
      let list = shards.get(name);
      if (!list) shards.set(name, (list = []));
      list.push([hash, description]);
    }
    const changed: [string, Shard][] = [];
    for (let i = 0; i < SHARDS; i++) {
      const name = i.toString(16);
      const entries = (shards.get(name) ?? []).sort(([a], [b]) => (a < b ? -1 : 1));
      const list = entries.map(([hash]) => hash).join();
      if (this.shardLists.get(name) === list) {
        store.keepFile(`records/descriptions-${name}`);
        continue;
      }
      this.shardLists.set(name, list);
      for (const [hash, description] of entries) this.disk.set(hash, description);
      changed.push([`descriptions-${name}`, { tool: this.version, entries }]);
    }
    store.writeRecordsInTurn(changed);
    this.hashes = hashes; // this build's texts only: bounded
  }
}

/**
 * The image checks' problems (validate.ts) from the cache, keyed on all they read: the image list, the images'
 * sizes, the SVG texts and the raster headers, and the checks' code. A description edit leaves all of them as
 * they were: the build then parses no SVG (0.35 s of 10,000). `made` stores what validation made instead.
 */
export async function cachedImageProblems(source: CatalogueSource, store: BuildCacheDir | undefined, kept?: ValidationMemo): Promise<Problem[]> {
  if (!store) return checkedImages(source, kept);
  const images = [...source.images];
  const content = sha256(JSON.stringify([images, images.map((f) => source.sizes.get(f) ?? null), [...source.svgs], [...source.rasters]]));
  const name = `image-checks-${keyOf(codeVersion(['src/catalogue/imageChecks.ts']), content).slice(0, 32)}`;
  const record = await store.readRecord<{ problems: Problem[] }>(name);
  store.count('image checks', Array.isArray(record?.problems));
  if (Array.isArray(record?.problems)) return record.problems;
  const problems = await checkedImages(source, kept);
  store.writeRecord(name, { problems });
  return problems;
}

/** The decodes' record: a hash and, nearly always, '' an image; small enough to be one record for all. */
type DecodeRecord = { tool: string; entries: [hash: string, complaint: string][] };

/**
 * What decoding raster images in full found (load.ts DecodeMemo), kept in the build cache: a warm validate or
 * build reads and hashes each raster image, and decodes only one it has not seen. The version is load.ts's
 * (with sharp's). Like the descriptions, the record keeps exactly this run's images.
 */
export class DecodedImages implements DecodeMemo {
  private readonly version = codeVersion(['src/catalogue/load.ts']);
  private known = new Map<string, string>();
  private readonly used = new Map<string, string>();
  private readonly store: BuildCacheDir | undefined;
  /** Whether the catalogue was read with this memo (dev's reload of a text file reads no image). */
  private asked = false;

  private constructor(store: BuildCacheDir | undefined) {
    this.store = store;
  }

  static async load(store: BuildCacheDir | undefined): Promise<DecodedImages> {
    const memo = new DecodedImages(store);
    const record = await store?.readRecord<DecodeRecord>('image-decodes');
    if (record?.tool === memo.version && Array.isArray(record.entries)) memo.known = new Map(record.entries);
    return memo;
  }

  /** Counted as a hit or a miss of the cache (--verbose). */
  get(hash: string): string | undefined {
    const complaint = this.known.get(hash);
    this.asked = true;
    if (complaint !== undefined) this.used.set(hash, complaint);
    this.store?.count('image decodes', complaint !== undefined);
    return complaint;
  }

  set(hash: string, complaint: string) {
    this.used.set(hash, complaint);
  }

  /** Writes the record when this run's images are not the ones it holds. */
  persist() {
    const { store } = this;
    if (!store || !this.asked) return;
    const same = this.used.size === this.known.size && [...this.used].every(([hash, complaint]) => this.known.get(hash) === complaint);
    if (same) return store.keepFile('records/image-decodes');
    store.writeRecord('image-decodes', { tool: this.version, entries: [...this.used] } satisfies DecodeRecord);
    this.known = new Map(this.used);
  }
}

/** The search index dev's rebuild before made, with the records it was made of (frozen). */
export interface SearchMemo {
  last?: { records: readonly SearchRecord[]; files: Map<string, Uint8Array> };
}

/**
 * The search index of the records, from the cache when the records are the same: the index is a function of
 * the records and search.ts. A description edit that leaves the records as they were (the records hold names,
 * categories, prices and a description's first terms) costs a hash, not the index made again; in dev,
 * where the rebuild before's records are at hand and each unchanged one is the very same object, not even the
 * hash (10,000 records' JSON and its hash were 50-60 ms of a reload).
 */
export async function cachedSearchIndex(records: readonly SearchRecord[], store: BuildCacheDir | undefined, memo: SearchMemo = {}): Promise<Map<string, Uint8Array>> {
  // Frozen before anything is made of them, so the memo still holds what the index was made of.
  deepFreeze(records);
  if (memo.last && sameKeyJson(records, memo.last.records)) return memo.last.files;
  const files = await storedSearchIndex(records, store);
  memo.last = { records, files };
  return files;
}

async function storedSearchIndex(records: readonly SearchRecord[], store: BuildCacheDir | undefined): Promise<Map<string, Uint8Array>> {
  if (!store || !records.length) return searchIndex(records);
  const key = keyOf('search', codeVersion(['src/build/search.ts']), sha256(JSON.stringify(records)));
  const record = await store.readRecord<{ blob: string }>(`search-${key}`);
  const bytes = record && (await store.readBlob(record.blob));
  if (bytes) {
    try {
      const files = new Map(deserialize(bytes) as [string, Uint8Array][]);
      store.count('search', true);
      return files;
    } catch {
      // a damaged entry is a miss
    }
  }
  store.count('search', false);
  const files = await searchIndex(records);
  store.writeRecord(`search-${key}`, { blob: store.putBlob(serialize([...files])) });
  return files;
}
