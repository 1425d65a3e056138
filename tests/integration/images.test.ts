// Raster images through the whole build: a service with a 4000 × 3000 PNG (a camera photo's size) gets AVIF and
// WebP files for cards and for its page, served with <picture>, width and height; a phone downloads a small file
// of it; and a second build takes every file from the cache instead of converting again. Validation reads the
// image's size and warns about one too small for where it is shown.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type CatalogueSource } from '../../src/catalogue/load.ts';
import { imageChecks } from '../../src/catalogue/imageChecks.ts';
import { BuildCacheDir } from '../../src/build/cache.ts';
import { DecodedImages } from '../../src/build/cachedStages.ts';
import { buildSite } from '../../src/pipeline.ts';
import { pick, slotWidth } from '../support/srcset.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-images-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const catalogue = join(work, 'catalogue');
const cache = join(work, 'cache');
const SERVICE_PAGE = 'service/fast-track-listing-premium-and-more/alpha-1/index.html';

/** A photo-like 4000 × 3000 PNG: gradients and shapes under a fine texture, which a photo's detail is like (a flat
 *  drawing would make the size limits below meaningless). */
async function photo(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d2b64"/><stop offset="1" stop-color="#f8cdda"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="1400" cy="1300" r="700" fill="#ffb347"/><rect x="2300" y="900" width="1200" height="1500" rx="120" fill="#5ee7df"/></svg>`;
  const texture = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const pixels = await sharp(Buffer.from(scene)).removeAlpha().raw().toBuffer();
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: texture, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}

/** How many variants the image stage made rather than took from the cache, from its line of the report. */
const madeNow = (lines: readonly string[]) => Number(/^ {2}images .* (\d+) made now/m.exec(lines.join('\n'))?.[1]);

/** Every file in the cache with its modification time: any conversion writes or rewrites one. */
const cacheState = () => Object.fromEntries(readdirSync(cache).map((name) => [name, statSync(join(cache, name)).mtimeMs]));

const build = async (out: string) => {
  const { lines, io } = capture();
  const result = await buildSite({ catalogueDir: catalogue, outDir: join(work, out), deployDir: join(work, `${out}-deploy`), projectDir: work, imageCache: cache }, io);
  expect(result.ok, lines.join('\n')).toBe(true);
  return lines;
};

describe('a service with a 4000 × 3000 PNG', () => {
  let first: string[];
  const dist = join(work, 'dist');
  const page = () => readFileSync(join(dist, SERVICE_PAGE), 'utf8');
  const variants = () => readdirSync(join(dist, 'img/services')).filter((f) => /^alpha-photo\.[A-Z0-9]{8}\./.test(f));

  beforeAll(async () => {
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogue, { recursive: true });
    writeFileSync(join(catalogue, 'img/services/alpha-photo.png'), await photo());
    rmSync(join(catalogue, 'img/services/alpha-1.svg'));
    const yaml = join(catalogue, 'categories/alpha.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('image: alpha-1.svg', 'image: alpha-photo.png'));
    // A raster logo: img/brand/ is not converted, so the header names the file itself.
    mkdirSync(join(catalogue, 'img/brand'));
    writeFileSync(join(catalogue, 'img/brand/logo.png'), await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } }).png().toBuffer());
    writeFileSync(join(catalogue, 'site.yaml'), `${readFileSync(join(catalogue, 'site.yaml'), 'utf8')}theme:\n  logo: logo.png\n`);
    first = await build('dist');
  }, 120_000);

  it('is converted into AVIF and WebP at each width cards and its page show, and a PNG for the <img>', () => {
    expect(madeNow(first)).toBe(14);
    const made = variants().map((f) => f.replace(/\.[A-Z0-9]{8}\./, '.*.'));
    expect(made.sort()).toEqual(
      [
        ...[104, 208, 360, 560, 720, 1120].flatMap((w) => [`alpha-photo.*.${w}.avif`, `alpha-photo.*.${w}.webp`]),
        'alpha-photo.*.104.png',
        'alpha-photo.*.560.png',
      ].sort(),
    );
    // The source itself is not published: no page names it (a description may not link an image), and it was
    // megabytes where the variants are kilobytes.
    expect(existsSync(join(dist, 'img/services/alpha-photo.png'))).toBe(false);
    expect(readdirSync(join(dist, 'img/services')).filter((f) => f.startsWith('alpha-photo.'))).toHaveLength(14);
    expect(first.join('\n')).toMatch(/^ {2}images .* 1 raster image as 14 variants/m);
    // What a page names as it is stays: the SVGs, and the raster logo the header shows.
    expect(existsSync(join(dist, 'img/services/alpha-2.svg'))).toBe(true);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('src="/img/brand/logo.png"');
    expect(existsSync(join(dist, 'img/brand/logo.png'))).toBe(true);
  });

  it('has variants of the size their names say, cropped to the shape they are shown in', async () => {
    const file = (pattern: RegExp) => join(dist, 'img/services', variants().find((f) => pattern.test(f))!);
    expect(await sharp(file(/\.1120\.avif$/)).metadata()).toMatchObject({ width: 1120, height: 672 });
    expect(await sharp(file(/\.208\.webp$/)).metadata()).toMatchObject({ width: 208, height: 208, format: 'webp' });
    expect(await sharp(file(/\.560\.png$/)).metadata()).toMatchObject({ width: 560, height: 336, format: 'png' });
  });

  it('is a <picture> on its page: AVIF, then WebP, and an <img> with width and height, fetched first', () => {
    const html = page();
    const picture = /<picture>(.*?)<\/picture>/.exec(html)?.[1];
    expect(picture).toBeDefined();
    expect(picture).toMatch(/^<source type="image\/avif" srcSet="[^"]+ 1120w" sizes="[^"]+"\/><source type="image\/webp" srcSet="[^"]+"/);
    expect(picture).toMatch(/<img class="service-image" src="\/img\/services\/alpha-photo\.[A-Z0-9]{8}\.560\.png" alt="" width="560" height="336" loading="eager" fetchPriority="high"\/>$/);
  });

  it('is a <picture> on the cards, lazy, with width and height', () => {
    const card = /<li class="card"><picture>(.*?)<\/picture>/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
    expect(card).toMatch(/<img class="card-image" src="\/img\/services\/alpha-photo\.[A-Z0-9]{8}\.104\.png" alt="" width="104" height="104" loading="lazy" decoding="async"\/>$/);
  });

  it('costs a 390 px wide phone less than 150 KB for the largest image file of the page', () => {
    // Every image of the page as a 3x phone picks it: the first source a browser with AVIF takes, or the <img>.
    const html = page();
    const picked = [...html.matchAll(/<picture><source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"/g)].map(([, srcset, sizes]) => pick(srcset!, slotWidth(sizes!, 390), 3));
    const plain = [...html.replace(/<picture>.*?<\/picture>/g, '').matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(picked).toHaveLength(1);
    expect(picked[0]).toMatch(/\.1120\.avif$/);
    const sizes = [...picked, ...plain].map((url) => statSync(join(dist, url)).size);
    expect(Math.max(...sizes)).toBeLessThan(150 * 1024);
    // The source was several megabytes.
    expect(statSync(join(catalogue, 'img/services/alpha-photo.png')).size).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('is converted once: a second build takes every variant from the cache', async () => {
    const before = cacheState();
    expect(Object.keys(before)).toHaveLength(14);
    const second = await build('dist-again');
    expect(madeNow(second)).toBe(0);
    expect(cacheState()).toEqual(before);
    expect(readdirSync(join(work, 'dist-again/img/services')).filter((f) => /^alpha-photo\.[A-Z0-9]{8}\./.test(f)).sort()).toEqual(variants().sort());
    expect(readFileSync(join(work, 'dist-again', SERVICE_PAGE), 'utf8')).toBe(page());
  }, 60_000);
});

describe('an image damaged after its header', () => {
  it('stops the build at validation, with its name and what to do, and writes nothing', async () => {
    const dir = join(work, 'damaged');
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, dir, { recursive: true });
    // The example's PNG cut in half: libvips warns of it, and sharp said so in its own words ("Warning treated as
    // error due to failOn setting"), which went into the message.
    const png = readFileSync(new URL('../../examples/agency/catalogue/img/services/listing-2.png', import.meta.url));
    writeFileSync(join(dir, 'img/services/alpha-1.png'), png.subarray(0, Math.floor(png.byteLength / 2)));
    rmSync(join(dir, 'img/services/alpha-1.svg'));
    const yaml = join(dir, 'categories/alpha.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('image: alpha-1.svg', 'image: alpha-1.png'));
    const { lines, io } = capture();
    const result = await buildSite({ catalogueDir: dir, outDir: join(work, 'damaged-dist'), projectDir: work, imageCache: join(work, 'damaged-cache') }, io);
    expect(result.ok).toBe(false);
    expect(lines.join('\n')).toMatch(/img\/services\/alpha-1\.png\n +error +The file cannot be read as an image: its image data is damaged or cut short \(.+\)\.\n +→ Open it in an image editor and export it again/);
    // sharp's note on how it was called is no maintainer's business.
    expect(lines.join('\n')).not.toMatch(/failOn|Warning treated as error/);
    expect(existsSync(join(work, 'damaged-dist'))).toBe(false);
  }, 60_000);
});

describe('validating raster images', () => {
  let dir: string;
  let source: CatalogueSource;
  beforeAll(async () => {
    dir = join(work, 'small');
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, dir, { recursive: true });
    // 100 × 60, turned a quarter by its EXIF orientation (6): shown 60 × 100.
    const tiny = await sharp({ create: { width: 100, height: 60, channels: 3, background: '#36c' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    writeFileSync(join(dir, 'img/services/tiny.jpg'), tiny);
    writeFileSync(join(dir, 'img/services/broken.png'), 'not a PNG at all');
    writeFileSync(join(dir, 'img/services/vast.png'), pngHeaderOnly(20_000, 20_000));
    writeFileSync(join(dir, 'img/clients/logo.webp'), await sharp({ create: { width: 512, height: 192, channels: 4, background: '#0000' } }).webp().toBuffer());
    source = await loadCatalogue(dir);
  });

  it('reads each one’s size, as shown (EXIF orientation applied), and its format', () => {
    expect(source.rasters.get('img/services/tiny.jpg')).toEqual({ width: 60, height: 100, format: 'jpeg' });
    expect(source.rasters.get('img/clients/logo.webp')).toEqual({ width: 512, height: 192, format: 'webp' });
    expect(source.rasters.get('img/services/broken.png')).toHaveProperty('unreadable');
    expect(source.rasters.has('img/services/alpha-1.svg')).toBe(false);
  });

  it('warns about an image smaller than where it is shown, with the file and the size it needs', () => {
    const problems = imageChecks(source).filter((p) => p.file === 'img/services/tiny.jpg');
    expect(problems).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'image-too-small', message: expect.stringContaining('60 × 100 px, but its service page shows it up to 560 px wide'), hint: expect.stringContaining('560 × 336 px; 1120 × 672 px') }),
    ]);
    expect(imageChecks(source).filter((p) => p.file === 'img/clients/logo.webp')).toEqual([]);
  });

  it('reads the size of an image larger than sharp would decode from its header, and refuses it as too large', () => {
    expect(source.rasters.get('img/services/vast.png')).toEqual({ width: 20_000, height: 20_000, format: 'png' });
    expect(imageChecks(source).filter((p) => p.file === 'img/services/vast.png')).toEqual([
      expect.objectContaining({ code: 'image-too-large', message: 'The image is 20000 × 20000 px (400 megapixels); at most 100 megapixels can be converted.' }),
    ]);
  });

  it('refuses a file it cannot read as an image', () => {
    expect(imageChecks(source).filter((p) => p.file === 'img/services/broken.png')).toEqual([expect.objectContaining({ severity: 'error', code: 'image-unreadable' })]);
  });

  it('warns from 2 MB and refuses over 50 MB, or over 100 megapixels; an image published as it is keeps its own limits', () => {
    const checks = (file: string, size: number, info: { width: number; height: number } = { width: 1200, height: 800 }) =>
      imageChecks({ ...source, images: new Set([file]), sizes: new Map([[file, size]]), rasters: new Map([[file, { ...info, format: 'png' as const }]]), svgs: new Map() }).map((p) => `${p.severity} ${p.code}`);
    expect(checks('img/services/a.png', 1.9 * 1024 * 1024)).toEqual([]);
    expect(checks('img/services/a.png', 3 * 1024 * 1024)).toEqual(['warning large-image']);
    expect(checks('img/services/a.png', 49 * 1024 * 1024)).toEqual(['warning large-image']);
    expect(checks('img/services/a.png', 51 * 1024 * 1024)).toEqual(['error image-too-large']);
    expect(checks('img/services/a.png', 1024, { width: 12_000, height: 9_000 })).toEqual(['error image-too-large']);
    expect(checks('img/services/a.svg', 400 * 1024)).toEqual(['warning large-image']);
    // A raster image the site shows as it is (not in services/, clients/ or icons/) keeps those limits too.
    expect(checks('img/brand/logo.png', 400 * 1024)).toEqual(['warning large-image']);
    expect(checks('img/brand/logo.png', 6 * 1024 * 1024)).toEqual(['error image-too-large']);
    expect(checks('img/services/a.svg', 6 * 1024 * 1024)).toEqual(['error image-too-large']);
    // Just over the limit, the message does not round it back to the limit ("100 megapixels; at most 100").
    const [over] = imageChecks({ ...source, images: new Set(['img/services/a.png']), sizes: new Map([['img/services/a.png', 1024]]), rasters: new Map([['img/services/a.png', { width: 10_001, height: 10_001, format: 'png' as const }]]), svgs: new Map() });
    expect(over!.message).toBe('The image is 10001 × 10001 px (100.02 megapixels); at most 100 megapixels can be converted.');
  });
});

describe('decoding raster images in full', () => {
  const dir = join(work, 'decodes');
  const jpeg = (background: string) => sharp({ create: { width: 600, height: 360, channels: 3, background } }).jpeg().toBuffer();

  beforeAll(async () => {
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, dir, { recursive: true });
    writeFileSync(join(dir, 'img/services/whole.jpg'), await jpeg('#36c'));
  });

  /** A memo that remembers, and counts the decodes it is told of. */
  const memo = () => {
    const known = new Map<string, string>();
    return { known, decodes: 0, get: (hash: string) => known.get(hash), set(hash: string, complaint: string) {
      this.decodes++;
      known.set(hash, complaint);
    } };
  };

  it('decodes each image once: a second read with the memo decodes none', async () => {
    const decoded = memo();
    await loadCatalogue(dir, { decoded });
    expect(decoded.decodes).toBe(1);
    expect([...decoded.known.values()]).toEqual(['']);
    await loadCatalogue(dir, { decoded });
    expect(decoded.decodes).toBe(1);
  });

  it('goes by the bytes: an image changed under the same name and size is decoded again', async () => {
    const decoded = memo();
    await loadCatalogue(dir, { decoded });
    const before = readFileSync(join(dir, 'img/services/whole.jpg'));
    // The same header and size, one byte of image data changed.
    const changed = Buffer.from(before);
    changed.writeUInt8(changed.readUInt8(changed.byteLength - 10) ^ 0x01, changed.byteLength - 10);
    writeFileSync(join(dir, 'img/services/whole.jpg'), changed);
    const source = await loadCatalogue(dir, { decoded });
    writeFileSync(join(dir, 'img/services/whole.jpg'), before);
    expect(decoded.decodes).toBe(2);
    expect(source.sizes.get('img/services/whole.jpg')).toBe(before.byteLength);
  });

  it('keeps what it learnt in the build cache, so a warm validate decodes nothing', async () => {
    const cacheDir = join(work, 'decodes-cache');
    const run = async () => {
      const store = new BuildCacheDir(cacheDir);
      const decoded = await DecodedImages.load(store);
      const source = await loadCatalogue(dir, { decoded });
      decoded.persist();
      await store.settle();
      return { source, stats: store.stats['image decodes'] };
    };
    expect((await run()).stats).toEqual({ hits: 0, misses: 1 });
    const warm = await run();
    expect(warm.stats).toEqual({ hits: 1, misses: 0 });
    expect(warm.source.rasters.get('img/services/whole.jpg')).toEqual({ width: 600, height: 360, format: 'jpeg' });
  });
});

/** A PNG of `width` × `height` pixels as far as its header says, with no image data: what a file too large to
 *  decode looks like to a check that reads only headers. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(4 + body.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1))), chunk('IEND', Buffer.alloc(0))]);
}
