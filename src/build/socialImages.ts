// Stage: social. Every page's link-preview image (og:image), a 1200×630 PNG drawn from its own words
// (src/client/socialCard.ts names it): the brand's logo and name, the page's title, a detail line (a service's
// price and category) and the site's address, in the theme's accent (cardPainter.ts draws it). Drawn only for
// cards the build cache lacks, on the worker pool: a cold build at 10,000 services draws 10,000
// (docs/decisions.md has the cost), a build after an edit only the cards whose words changed.
import { join } from 'node:path';
import pLimit from 'p-limit';
import { socialCardText, socialImagePath, type SocialCard } from '../client/socialCard.ts';
import type { Site } from '../model/model.ts';
import { codeVersion, sha256, type BuildCacheDir, type StoredBlob } from './cache.ts';
import { cardParts, type CardMemo, type SocialLook } from './cardPainter.ts';
import type { EmojiAssets } from './emoji.ts';
import type { SiteFile, Staging } from './staging.ts';
import paintTask, { type SocialTask } from './socialWorker.ts';
import { interSfnt, Typesetter } from './typesetter.ts';
import type { Workers } from './workers.ts';

export type { SocialLook } from './cardPainter.ts';

/** Cards per task at most: enough to outweigh the task's message (the frame and glyph masks, about 1 MB), few
 *  enough that the first is typeset soon (0.1-0.2 ms a card) and the threads finish together. */
const BATCH = 100;

/** The look, and the code that draws it, as the name of every card drawn in it (socialImagePath): a card drawn
 *  differently is a new file, never an old one served again. */
export const socialStyle = (look: SocialLook) => sha256(JSON.stringify([codeVersion(['src/build/socialImages.ts']), look])).slice(0, 16);

/** The cards a build drew, by name: the blob of each and its stamp (cache.ts), in one record per catalogue. */
type CardIndex = Record<string, { blob: string; stamp: string }>;

/** Where a card drawn without the cache goes at once: the new site's folder (Staging), as a page does. */
export type CardWriter = Pick<Staging, 'dir' | 'write'>;

/**
 * The cards of the pages, drawn or taken from the cache: files by path inside the site. With a cache, a card is a
 * link to its blob there, as a page is: 10,000 cards held in memory until the site is written would be 500 MB.
 * Without one, each card drawn is written into the new site's folder as it comes (`staging`), when there is one.
 */
export async function socialImages(look: SocialLook, cards: readonly SocialCard[], workers: Workers, memo: CardMemo, cache?: { store: BuildCacheDir; indexName: string }, staging?: CardWriter): Promise<{ files: Map<string, SiteFile>; drawn: number }> {
  const style = socialStyle(look);
  const byPath = new Map(cards.map((card) => [socialImagePath(style, card), card]));
  const files = new Map<string, SiteFile>();
  const index = (cache && (await cache.store.readRecord<CardIndex>(cache.indexName))) || {};
  const next: CardIndex = {};
  const missing: [string, SocialCard][] = [];
  for (const [path, card] of byPath) {
    const kept = index[path];
    const linked = cache && kept && cache.store.blobFile(kept.blob, kept.stamp);
    if (linked) {
      cache.store.keep(kept.blob);
      files.set(path, linked);
      next[path] = kept;
    } else missing.push([path, card]);
  }
  // With the cache, each card comes back stored in it (by whichever thread drew it), or as its PNG when it could
  // not be stored there. A PNG is written into the new site's folder at once, when there is one: emit's write
  // passes it by (Staging.write), as it does a page render wrote.
  const writes: Promise<void>[] = [];
  try {
    if (missing.length > 0) await drawCards(look, missing, workers, memo, cache?.store.blobs, (path, drawn) => {
      if (drawn instanceof Uint8Array) {
        if (!staging) return void files.set(path, { content: drawn });
        writes.push(staging.write(path, { content: drawn }));
        return void files.set(path, { copyFrom: join(staging.dir, path) });
      }
      cache!.store.keep(drawn.hash);
      next[path] = { blob: drawn.hash, stamp: drawn.stamp };
      files.set(path, { copyFrom: cache!.store.blobPath(drawn.hash) });
    });
  } finally {
    // No write outlives the stage, should a card fail: the failed build's folder is removed once nothing writes there.
    await Promise.allSettled(writes);
  }
  await Promise.all(writes);
  if (cache) cache.store.writeRecord(cache.indexName, next);
  return { files, drawn: missing.length };
}

/** Draws the cards by path, in batches on the worker pool, and hands each PNG (or, given `blobs`, the blob it is
 *  stored in) to `drawn` as it comes. Each batch is typeset here and goes to the pool at once, so that the threads
 *  draw while this thread typesets the next (typesetting 10,000 cards first left both threads idle for 1 s). */
async function drawCards(look: SocialLook, cards: [string, SocialCard][], workers: Workers, memo: CardMemo, blobs: string | undefined, drawn: (path: string, card: Uint8Array | StoredBlob) => void): Promise<void> {
  const type = new Typesetter(await interSfnt());
  const size = Math.min(BATCH, Math.ceil(cards.length / workers.size));
  // A batch at a time on each thread: a task's message is copied.
  const limit = pLimit(workers.size);
  const onPool = workers.worth(cards.length);
  const drawing: Promise<void>[] = [];
  try {
    for (let i = 0; i < cards.length; i += size) {
      const batch = cards.slice(i, i + size);
      // The masks a batch's glyphs use: each drawn once a build (memo), and sent with each batch that uses it.
      const { parts, glyphs } = await cardParts(type, look, batch.map(([, card]) => card), memo);
      const task: SocialTask = { parts, cards: batch.map(([, card], n) => ({ glyphs: glyphs[n]!, text: socialCardText(card) })), ...(blobs !== undefined && { blobs }) };
      const painted = limit(async () => {
        const pngs = onPool ? await workers.run<SocialTask, (Uint8Array | StoredBlob)[]>('drawCards', task) : paintTask(task);
        batch.forEach(([path], n) => drawn(path, pngs[n]!));
      });
      painted.catch(() => undefined); // thrown below, once every batch is typeset
      drawing.push(painted);
      // The event loop takes the batches done meanwhile, and the other stages' work.
      await new Promise(setImmediate);
    }
  } finally {
    // Every batch sent has handed its cards over before this returns or throws.
    await Promise.allSettled(drawing);
  }
  await Promise.all(drawing);
}

/** The look of the site's cards: its brand, address, accent and logo (an emoji's drawing or the theme's file). */
export async function socialLook(site: Pick<Site, 'brand' | 'baseUrl' | 'logo'>, accent: string, emoji: EmojiAssets, logoFile: (src: string) => Promise<Uint8Array | undefined>): Promise<SocialLook> {
  const logo = site.logo?.light;
  const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  let image: SocialLook['logo'];
  if (logo && 'emoji' in logo) {
    const svg = emoji.files.get(emoji.urls[logo.emoji]?.slice(1) ?? '');
    if (svg) image = { href: dataUrl(svg, 'image/svg+xml'), width: 1, height: 1 };
  } else if (logo) {
    const bytes = await logoFile(logo.src);
    const type = logo.src.endsWith('.svg') ? 'image/svg+xml' : logo.src.endsWith('.png') ? 'image/png' : 'image/jpeg';
    if (bytes && /\.(svg|png|jpe?g)$/i.test(logo.src)) image = { href: dataUrl(bytes, type), width: logo.width, height: logo.height };
  }
  return { brand: site.brand, host: new URL(site.baseUrl).host, accent, ...(image && { logo: image }) };
}
