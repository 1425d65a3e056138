// Stage 1, load: read the catalogue folder into memory. The only file-system access of the catalogue
// stages; everything after this is pure and can be tested without a disk.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, type Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import pLimit from 'p-limit';
import { isRaster } from '../core/images.ts';
import { isEditorFile, readsAsFile, type LinkTarget } from './fileEntries.ts';
import { siteFileLookAlikes, wrongKinds, type TopEntry } from './entryKinds.ts';
import { inTextFolder } from './ignoredFiles.ts';
import { isPublished } from './publicFolder.ts';
import { DECODE_FAIL_ON, DESCRIPTION_MAX_BYTES, IMAGE_MAX_BYTES, RASTER_MAX_BYTES, RASTER_MAX_PIXELS } from './limits.ts';

export interface CatalogueSource {
  /** Text files by path relative to the catalogue folder: site.yaml, categories/*.yaml, descriptions/*.md,
   *  alternatives/*.md, cases/*.md. */
  texts: ReadonlyMap<string, string>;
  /** Every file under img/, relative to the catalogue folder. */
  images: ReadonlySet<string>;
  /** The size in bytes of every text and image file (a description over its limit is not kept). */
  sizes: ReadonlyMap<string, number>;
  /** The text of every SVG file under img/, which validation checks for script and external references. */
  svgs: ReadonlyMap<string, string>;
  /** What the header of every raster image under img/ (PNG, JPEG, WebP, AVIF) says, or why it could not be read
   *  (its header, or its image data decoded in full); none for one over RASTER_MAX_BYTES. */
  rasters: ReadonlyMap<string, RasterInfo>;
  /** Symbolic links that lead to no file (to a folder, or nowhere), which are not read, in the catalogue, pages/ and
   *  public/: by path from the catalogue folder, what they lead to. */
  skippedLinks?: ReadonlyMap<string, LinkTarget>;
  /** The catalogue's symbolic links to files, by path: the file each leads to (build/emit.ts links that one). */
  linkedFiles?: ReadonlyMap<string, string>;
  /** Files the system would not let us read (no permission, an I/O error), by path: why. Each is reported, not
   *  the first alone: a folder copied as another user can hold many. A text among them is read as empty. */
  unreadable?: ReadonlyMap<string, string>;
  /** Files in the text folders (categories/, descriptions/, …) that are not read: another extension, a subfolder. */
  ignored?: readonly string[];
  /** Names at the top of the catalogue folder of the wrong kind (entryKinds.ts): a file named like one of its
   *  folders, a folder named site.yaml. */
  wrongKinds?: readonly string[];
  /** Files at the top of the catalogue folder named almost as site.yaml (entryKinds.ts): site.yml, Site.yaml. */
  siteFileLookAlikes?: readonly string[];
  /** Folders at the top of the catalogue folder that hold a site.yaml: the folder given is a site's, not its
   *  catalogue (entryKinds.ts missingSiteFile). */
  cataloguesInside?: readonly string[];
  /** No site.yaml here, but the folder above holds one: the folder given is one inside the catalogue. */
  catalogueAbove?: boolean;
}

/** The errors of a file that is there but cannot be read. */
const REFUSED = new Set(['EACCES', 'EPERM', 'EIO', 'EISDIR', 'ENXIO']);

/**
 * What decoding raster images in full found in earlier runs, by the hash of their bytes (the build cache keeps
 * it: build/cachedStages.ts). '' for an image that decoded whole, else what sharp said. Decoding every pixel is
 * the costly part of reading an image; the outcome depends only on its bytes, sharp and this module.
 */
export interface DecodeMemo {
  get(hash: string): string | undefined;
  set(hash: string, complaint: string): void;
}

export interface LoadOptions {
  /** Without it, every raster image is decoded. */
  decoded?: DecodeMemo;
}

/** A raster image's size in px as it is shown (its EXIF orientation applied) and its format, as sharp reads
 *  them; or what is wrong with it. */
export type RasterInfo = { width: number; height: number; format: RasterFormat } | { unreadable: string };

export type RasterFormat = 'png' | 'jpeg' | 'webp' | 'avif';

export class CatalogueNotFoundError extends Error {}

export async function loadCatalogue(dir: string, options: LoadOptions = {}): Promise<CatalogueSource> {
  const skippedLinks = new Map<string, LinkTarget>();
  const linkedFiles = new Map<string, string>();
  const wrong: string[] = [];
  const textFolders: string[] = [];
  const lookAlikes: string[] = [];
  const cataloguesInside: string[] = [];
  const all = await listFiles(dir, skippedLinks, linkedFiles, { wrong, textFolders, lookAlikes, cataloguesInside }).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === 'ENOENT' || cause.code === 'ENOTDIR') {
      throw new CatalogueNotFoundError(`There is no catalogue folder at ${dir}${cause.code === 'ENOTDIR' ? ': it is a file' : ''}. Pass --catalogue DIR, or run in a folder that has catalogue/site.yaml.`);
    }
    throw cause;
  });
  // A folder inside the catalogue given for it (`-c catalogue/descriptions`): missingSiteFile names the one above.
  const catalogueAbove = !all.includes('site.yaml') && lstatSync(join(dirname(resolve(dir)), 'site.yaml'), { throwIfNoEntry: false })?.isFile() === true;
  // The site's own pages, beside the catalogue folder (sitePages.ts): named from the catalogue folder. What else
  // pages/ holds is passed over, said so (ignoredFiles.ts), as in the catalogue's text folders.
  const pages = await listPages(besideCatalogue(dir, 'pages'), skippedLinks);
  all.push(...pages.pages);
  textFolders.push(...pages.passedOver);
  await findPublicLinks(besideCatalogue(dir, 'public'), skippedLinks);
  for (const folder of ['pages', 'public'] as const) if (await isFile(besideCatalogue(dir, folder))) wrong.push(`../${folder}`);
  const images = all.filter((f) => f.startsWith('img/'));
  const ignored = [...all.filter((f) => inTextFolder(f) && !isCatalogueText(f)), ...textFolders];
  const sizes = new Map<string, number>();
  const texts = new Map<string, string>();
  const svgs = new Map<string, string>();
  const rasters = new Map<string, RasterInfo>();
  // sharp (a native library) is loaded only for a catalogue that has raster images.
  const sharp = images.some(isRaster) ? (await import('sharp')).default : undefined;
  // A few files at a time: 10,000 services are 20,000 files or more, and each read holds a descriptor.
  const limit = pLimit(64);
  // A raster image is read whole, hashed and perhaps decoded: one a core at a time (each holds its bytes).
  const cores = pLimit(Math.max(1, availableParallelism()));
  // Texts and SVGs are small: read without the event loop. 20,000 promise-based reads (open, stat, read, close:
  // four round trips each) took 0.8 s at 10,000 services here, these 0.25 s (as readBlobSync in build/cache.ts).
  const read = async (f: string) => readFileSync(join(dir, f));
  const unreadable = new Map<string, string>();
  /** Reads a file with `reading`, or notes why the system refused it (any other failure is thrown). */
  const orRefused = (f: string, reading: () => Promise<unknown>) =>
    reading().catch((e: NodeJS.ErrnoException) => {
      if (!REFUSED.has(e.code ?? '')) throw e;
      unreadable.set(f, e.code === 'EACCES' || e.code === 'EPERM' ? `permission denied (${e.code})` : `the system refused it (${e.code})`);
      if (isCatalogueText(f)) texts.set(f, '');
      sizes.set(f, 0);
    });
  await Promise.all([
    ...all.filter(isCatalogueText).map((f) =>
      orRefused(f, async () => {
        // A file too large to read at all (over 2 GB) counts as too large, which validation reports.
        const bytes = await read(f).catch((e: NodeJS.ErrnoException) => (e.code === 'ERR_FS_FILE_TOO_LARGE' ? undefined : Promise.reject(e)));
        sizes.set(f, bytes?.byteLength ?? Infinity);
        texts.set(f, bytes ? textOfFile(f, bytes) : '');
      }),
    ),
    ...images.map((f) =>
      orRefused(f, async () => {
        if (sharp && isRaster(f)) {
          const size = (await limit(() => stat(join(dir, f)))).size;
          sizes.set(f, size);
          if (size <= RASTER_MAX_BYTES) rasters.set(f, await cores(() => readRaster(sharp, join(dir, f), options.decoded)));
          return;
        }
        if (!/\.svg$/i.test(f)) return sizes.set(f, (await limit(() => stat(join(dir, f)))).size);
        const bytes = await read(f);
        sizes.set(f, bytes.byteLength);
        if (bytes.byteLength <= IMAGE_MAX_BYTES) svgs.set(f, bytes.toString('utf8'));
      }),
    ),
  ]);
  // Intl.Collator's compare is localeCompare's order without making a collator per call (0.1 s at 10,000).
  const order = new Intl.Collator().compare;
  return { texts: new Map([...texts].sort(([a], [b]) => order(a, b))), images: new Set(images), sizes, svgs, rasters, skippedLinks, linkedFiles, ...(unreadable.size && { unreadable }), ...(ignored.length && { ignored }), ...(wrong.length && { wrongKinds: wrong }), ...(lookAlikes.length && { siteFileLookAlikes: lookAlikes }), ...(cataloguesInside.length && { cataloguesInside }), ...(catalogueAbove && { catalogueAbove }) };
}

/** The files read as text: site.yaml, categories/*.yaml, descriptions/*.md, alternatives/*.md, cases/*.md and the site's
 *  pages beside the catalogue (../pages/*.md). */
export const isCatalogueText = (f: string) => f === 'site.yaml' || /^categories\/[^/]+\.ya?ml$/.test(f) || /^(descriptions|alternatives|cases|\.\.\/pages)\/[^/]+\.md$/.test(f);

/** A folder of the site beside its catalogue folder: pages/, public/ or theme/. */
export const besideCatalogue = (catalogueDir: string, folder: 'pages' | 'public' | 'theme') => join(dirname(catalogueDir), folder);

/** Whether a file of the site's pages/ folder is a page: Markdown, and not an editor's (a name starting with a dot). */
export const isPageName = (name: string) => name.endsWith('.md') && !name.startsWith('.');

/** The pages of a site's pages/ folder, as paths from the catalogue folder (../pages/about.md); none when there is
 *  no such folder. A link named like a page that leads to no file goes into `skipped`; what the build passes over
 *  (another file, a folder, a folder named as a page with a "/" after it) into `passedOver`. */
export async function listPages(dir: string, skipped = new Map<string, LinkTarget>()): Promise<{ pages: string[]; passedOver: string[] }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((cause: NodeJS.ErrnoException) => (cause.code === 'ENOENT' || cause.code === 'ENOTDIR' ? [] : Promise.reject(cause)));
  const shown = entries.filter((e) => !e.name.startsWith('.') && !isEditorFile(e.name));
  const pages = await Promise.all(shown.filter((e) => isPageName(e.name)).map(async (e) => ((await readsAsFile(e, `../pages/${e.name}`, skipped)) ? [`../pages/${e.name}`] : [])));
  const passedOver = shown.flatMap((e) => (e.isDirectory() ? [`../pages/${e.name}/`] : e.isFile() && !isPageName(e.name) ? [`../pages/${e.name}`] : []));
  return { pages: pages.flat(), passedOver };
}

const isFile = (path: string) => stat(path).then((s) => s.isFile(), () => false);

/** The links of the public/ folder that lead to no file (publicFolder.ts publishes the others as their files). */
async function findPublicLinks(dir: string, skipped: Map<string, LinkTarget>): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((cause: NodeJS.ErrnoException) => (cause.code === 'ENOENT' || cause.code === 'ENOTDIR' ? [] : Promise.reject(cause)));
  for (const e of entries) {
    const path = relative(dir, join(e.parentPath, e.name)).split(sep).join('/');
    if (e.isSymbolicLink() && isPublished(path)) await readsAsFile(e, `../public/${path}`, skipped);
  }
}

/** A text file's text as the build uses it. An oversized description is reported, not compiled (a 50 MB one
 *  took 1.3 GB): its text is empty. A byte-order mark goes (a front matter's --- must start the text) and every
 *  line ends in \n: Windows' \r\n, and the old Mac's lone \r, which read as one line. */
export const textOfFile = (f: string, bytes: Buffer) =>
  f.endsWith('.md') && bytes.byteLength > DESCRIPTION_MAX_BYTES ? '' : bytes.toString('utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');

type SharpModule = typeof import('sharp').default;

/**
 * A raster image's size and format from its header, and whether its image data decodes in full: the header of
 * a file cut short, or with damaged data, reads as well as a whole one's, but the build cannot convert it.
 * Decoded to raw pixels, which are dropped at once: stats() took ten times as long (it also measures sharpness
 * and entropy), and a resized decode could skip the last rows of a PNG.
 */
async function readRaster(sharp: SharpModule, path: string, decoded: DecodeMemo | undefined): Promise<RasterInfo> {
  const bytes = await readFile(path);
  // sharp throws at once, not in its promise, on an empty buffer. Its header alone is read, so sharp's own limit
  // of pixels (268 megapixels) is lifted: an image larger still is reported as too large, not as unreadable.
  const info = bytes.byteLength ? await sharp(bytes, { limitInputPixels: false }).metadata().then(rasterInfo, (e: Error) => ({ unreadable: e.message })) : { unreadable: 'the file is empty' };
  // An image too large to convert is reported as that (imageChecks.ts), not decoded.
  if ('unreadable' in info || info.width * info.height > RASTER_MAX_PIXELS) return info;
  const hash = createHash('sha256').update(bytes).digest('hex');
  let complaint = decoded?.get(hash);
  if (complaint === undefined) {
    complaint = await sharp(bytes, { failOn: DECODE_FAIL_ON, limitInputPixels: RASTER_MAX_PIXELS })
      .raw()
      .toBuffer()
      .then(() => '', (e: Error) => decodeComplaint(e.message));
    decoded?.set(hash, complaint);
  }
  return complaint ? { unreadable: `its image data is damaged or cut short (${complaint})` } : info;
}

/** What libvips said of an image it could not decode, in its own words: the first line, without sharp's note on
 *  how it was called ("Warning treated as error due to failOn setting"), which tells a maintainer nothing. */
export const decodeComplaint = (message: string) =>
  message
    .split('\n')
    .map((line) => line.replace(/\(?Warning treated as error due to failOn setting\)?\.?/i, '').trim().replace(/\.$/, ''))
    .find(Boolean) ?? 'sharp gave no reason';

/** What sharp's metadata says, as far as the site cares: a HEIC image (HEIF with HEVC) is named .avif now and then,
 *  but no browser shows one and sharp cannot decode it. */
function rasterInfo(m: { format: string; compression?: string; autoOrient: { width: number; height: number } }): RasterInfo {
  const format = m.format === 'heif' ? (m.compression === 'av1' ? 'avif' : 'heic') : m.format;
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp' && format !== 'avif') return { unreadable: `it is a ${format.toUpperCase()} image, not a PNG, JPEG, WebP or AVIF one` };
  return { width: m.autoOrient.width, height: m.autoOrient.height, format };
}

/** What listFiles finds besides the files it reads: the names at the top of the wrong kind, the folders named as a
 *  text file would be (categories/beta.yaml/, each with a "/" after it), the files named almost as site.yaml, and
 *  the folders at the top that hold a site.yaml. */
interface Misfits {
  wrong: string[];
  textFolders: string[];
  lookAlikes: string[];
  cataloguesInside: string[];
}

/** What the top of the folder given for the catalogue says: its entries, the files there named almost as site.yaml,
 *  the folders there that hold a site.yaml, and whether it is a site's folder rather than a catalogue (no site.yaml
 *  nor a file named like it, and a folder that holds one: `-c .` run in the site's folder). None of a site's folder
 *  is read as the catalogue (missingSiteFile says what to give instead): listing it all would list its node_modules/
 *  (seconds) and report the files there. */
export function topOfCatalogue(dir: string, entries: readonly Dirent[]) {
  const top: TopEntry[] = entries.map((e) => ({ name: e.name, folder: e.isDirectory(), file: e.isFile() }));
  const lookAlikes = siteFileLookAlikes(top);
  const cataloguesInside = top.filter((e) => e.folder && lstatSync(join(dir, e.name, 'site.yaml'), { throwIfNoEntry: false })?.isFile()).map((e) => e.name).sort();
  return { top, lookAlikes, cataloguesInside, siteFolder: !top.some((e) => e.name === 'site.yaml') && !lookAlikes.length && cataloguesInside.length > 0 };
}

/** The catalogue's files, by path; what else it finds goes into `misfits`. */
async function listFiles(dir: string, skipped: Map<string, LinkTarget>, linked: Map<string, string>, { wrong, textFolders, lookAlikes, cataloguesInside }: Misfits): Promise<string[]> {
  const found = topOfCatalogue(dir, await readdir(dir, { withFileTypes: true }));
  wrong.push(...wrongKinds(found.top));
  lookAlikes.push(...found.lookAlikes);
  cataloguesInside.push(...found.cataloguesInside);
  if (found.siteFolder) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const e of entries) {
    const path = relative(dir, join(e.parentPath, e.name)).split(sep).join('/');
    // site.yaml as a folder is one of the wrong kinds at the top (entryKinds.ts).
    if (e.isDirectory() && isCatalogueText(path) && inTextFolder(path)) textFolders.push(`${path}/`);
  }
  const files = await Promise.all(
    entries.map(async (e) => {
      const path = relative(dir, join(e.parentPath, e.name)).split(sep).join('/');
      if (path.split('/').some((part) => part.startsWith('.')) || isEditorFile(e.name)) return [];
      return (await readsAsFile(e, path, skipped, linked)) ? [path] : [];
    }),
  );
  return files.flat();
}
