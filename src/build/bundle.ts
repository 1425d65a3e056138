// Stage: bundle. esbuild makes (1) the browser bundle: an entry that hydrates, one lazily loaded chunk and one
// stylesheet per page kind, shared chunks and the font, all with content hashes; and (2) the prerenderer
// for Node, with every page kind. The metafile tells which chunks each kind needs (the loader preloads them).
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { atomicWrite, codeVersion, filesHash, keyOf, installedPath, libraryVersion, packageOf, sha256, toolRelease, type BuildCacheDir } from './cache.ts';
import { FONT_CACHE, inLatinFile, interSubsetPlugin, TEMPLATE_CHARACTERS } from './fontSubset.ts';
import { prebuiltFolder, prebuiltStore } from './prebuilt.ts';
import { chunkEntry, findPageKinds, pageKindsPlugin, type PageKindFile } from './pageKinds.ts';
import type * as Prerenderer from '../client/prerender.tsx';
import { missingThemeExports, themeCompileError, themeKey, themePlugin, type Theme } from './theme.ts';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const at = (path: string) => join(PACKAGE_ROOT, path);
/** The folder of the bundle's files, in the output and in their URLs. */
export const ASSETS = 'assets';

/** The rules every page has: the stylesheet of a page kind that has none of its own (pageKinds.ts). */
const SITE_STYLESHEET = 'templates/styles/site.css';

/** Where the site's page kinds are (src/build/pageKinds.ts). */
export const PAGE_KINDS_DIR = at('templates/pages');

export interface BundleOptions {
  /** React's development build: slower and larger, but it reports every hydration mismatch. */
  development?: boolean;
  /** The characters the site shows (siteCharacters): the Inter subset keeps exactly these. */
  characters?: string;
  /** The page kinds (default: the modules in templates/pages/). */
  pageKinds?: readonly PageKindFile[];
  /** Bundles of earlier builds, reused while none of their inputs has changed (dev rebuilds). */
  memo?: BundleMemo;
  /** The build cache: a bundle is kept there with the content hash of every input esbuild read. */
  store?: BuildCacheDir;
  /** Where the Inter subsets are kept (default: fonts/ in the default cache folder). */
  fontCache?: string;
  /** The site's theme/ folder: built-in files it replaces (theme.ts). */
  theme?: Theme;
  /** The folder of prebuilt files read when the cache lacks a bundle (default: the package's, prebuilt.ts). */
  prebuilt?: string;
}

/** What a page of one route kind needs from the bundle. */
export interface KindAssets {
  /** Stylesheets, in order: the kind's own (the site's rules and its pages'). */
  styles: string[];
  /** The client entry script. */
  entry: string;
  /** Module chunks it needs before it can hydrate: the entry's imports and the route's own chunk. */
  modulePreloads: string[];
  /** Fonts to preload (one latin subset of Inter). */
  fonts: string[];
}

export interface ClientBundle {
  /** Output files by path inside the site, e.g. assets/entry-ABC123.js. */
  files: Map<string, Uint8Array>;
  /** Page kind → URL of its chunk. */
  chunks: Record<string, string>;
  /** Page kind → URL of its stylesheet. */
  stylesheets: Record<string, string>;
  /** The assets of a page of the given kind. */
  assetsFor(kind: string): KindAssets;
}

/**
 * Bundles kept with the modification times of their inputs (esbuild's metafile lists them), reused while none
 * has changed: a dev rebuild after a catalogue edit skips esbuild. A bundle whose inputs changed while it was
 * being made is not kept.
 */
export type BundleMemo = Map<string, { inputs: [string, number][]; value: unknown }>;

async function modified(files: readonly string[]): Promise<[string, number][] | undefined> {
  try {
    return await Promise.all(files.map(async (file): Promise<[string, number]> => [file, (await stat(at(file))).mtimeMs]));
  } catch {
    return undefined;
  }
}

/**
 * Parts a page renders on the server only (templates/parts/*.server.tsx, under Prerendered) stay out of the
 * browser's download: the browser adopts their markup, so their code (the description renderer, the cards)
 * would never run there. An import of one gets a stub that says so, should it ever be called.
 */
const SERVER_ONLY = 'server-only';
const serverOnlyPlugin: Plugin = {
  name: SERVER_ONLY,
  setup(build) {
    // One stub for them all, so a page carries one copy of it: the part it stands for is in React's component
    // stack, under the Prerendered that called it.
    build.onResolve({ filter: /\.server\.tsx$/ }, () => ({ path: 'server-only-part', namespace: SERVER_ONLY }));
    build.onLoad({ filter: /.*/, namespace: SERVER_ONLY }, () => ({
      contents: `export default function ServerOnly() { throw new Error('Internal error: a part made to render on the server only (templates/parts/*.server.tsx) rendered in the browser'); }`,
      loader: 'js',
    }));
  },
};

async function memoised<T>(memos: BundleMemo | undefined, key: string, make: () => Promise<{ value: T; metafile: Pick<Metafile, 'inputs'> }>): Promise<T> {
  if (!memos) return (await make()).value;
  const memo = memos.get(key);
  if (memo) {
    const now = await modified(memo.inputs.map(([file]) => file));
    if (now?.every(([, time], i) => time === memo.inputs[i]![1])) return memo.value as T;
  }
  const started = Date.now();
  const { value, metafile } = await make();
  // Inputs of a plugin's namespace ("server-only:…") are not files.
  const inputs = await modified(Object.keys(metafile.inputs).filter((input) => !/^[\w-]+:/.test(input)));
  if (inputs?.every(([, time]) => time < started)) memos.set(key, { inputs, value });
  else memos.delete(key);
  return value;
}

export const bundleClient = ({ development = false, characters = TEMPLATE_CHARACTERS, pageKinds = findPageKinds([PAGE_KINDS_DIR]), memo, store, fontCache = FONT_CACHE, theme, prebuilt }: BundleOptions = {}): Promise<ClientBundle> =>
  memoised(memo, `client-${development}-${characters}-${JSON.stringify(pageKinds)}-${themeKey(theme)}`, async () => {
    const name = `client-${keyOf(development, inLatinFile(characters), kindsKey(pageKinds), BUNDLER_VERSION(), themeKey(theme))}`;
    const kept = await fromCache<ClientRecord, ClientBundle & { metafile: Metafile }>(store, prebuilt, name, async (record, from) => {
      const files: [string, Uint8Array | undefined][] = await Promise.all(record.files.map(async ([path, blob]): Promise<[string, Uint8Array | undefined]> => [path, await from.readBlob(blob)]));
      if (files.some(([, bytes]) => !bytes)) return undefined;
      return { files: new Map(files as [string, Uint8Array][]), ...assetMap(record.metafile, pageKinds, theme), metafile: record.metafile };
    });
    if (kept) return { value: kept, metafile: kept.metafile };
    const started = Date.now();
    const bundle = await makeClientBundle(development, characters, pageKinds, fontCache, theme, prebuilt);
    toCache(store, name, bundle.metafile, started, () => ({ files: [...bundle.files].map(([path, bytes]) => [path, store!.putBlob(bytes)]), metafile: bundle.metafile }));
    return { value: bundle, metafile: bundle.metafile };
  });

/** What the cache keeps of the client bundle: its files (as blobs) and esbuild's metafile (for assetMap). */
interface ClientRecord {
  inputs: [string, string][];
  files: [string, string][];
  metafile: Metafile;
}

/** The page kinds in a key: their files from the package, so that the prebuilt bundles' keys hold wherever the
 *  package is. */
const kindsKey = (pageKinds: readonly PageKindFile[]) => pageKinds.map(({ name, file, stylesheet }) => [name, relative(PACKAGE_ROOT, file), stylesheet && relative(PACKAGE_ROOT, stylesheet)]);

/** The bundler's own version: this module's code (with the page kinds and font plugins) and esbuild's version. */
const BUNDLER_VERSION = () => codeVersion(['src/build/bundle.ts']);

/** The files esbuild read for a bundle (a plugin's namespace, "server-only:…", is no file), from the package. */
const inputFiles = (metafile: Metafile) => Object.keys(metafile.inputs).filter((input) => !/^[\w-]+:/.test(input));

const fileSha = (path: string) => {
  try {
    return sha256(readFileSync(installedPath(path)));
  } catch {
    return '';
  }
};

/**
 * A cached bundle whose every input still has the content it was made from, or undefined: from the build's cache,
 * else from the package's prebuilt one (prebuilt.ts: the bundles of a site without its own templates, made when
 * the package was packed), even for a build without a cache. `open` reads what the record names from `from`.
 */
async function fromCache<R extends { inputs: [string, string][] }, T = unknown>(store: BuildCacheDir | undefined, prebuilt: string | undefined, name: string, open: (record: R, from: BuildCacheDir) => Promise<T | undefined>): Promise<T | undefined> {
  let value: T | undefined;
  for (const from of store ? [store, prebuiltStore(prebuilt)] : [prebuiltStore(prebuilt)]) {
    const record = await from.readRecord<R>(name);
    value = record && Array.isArray(record.inputs) && record.inputs.every(([path, hash]) => fileSha(path) === hash) ? await open(record, from).catch(() => undefined) : undefined;
    if (value !== undefined) break;
  }
  store?.count(name.split('-')[0]!, value !== undefined);
  return value;
}

/** Keeps a bundle in the cache with its inputs' hashes, unless an input changed while it was made. */
function toCache(store: BuildCacheDir | undefined, name: string, metafile: Metafile, started: number, record: () => object) {
  if (!store) return;
  const inputs = inputFiles(metafile);
  store.later(
    Promise.all(inputs.map((file) => stat(join(PACKAGE_ROOT, file)).then((s) => s.mtimeMs < started, () => false))).then((unchanged) => {
      if (unchanged.every(Boolean)) store.writeRecord(name, { inputs: inputs.map((file) => [file, fileSha(file)]), ...record() });
    }),
  );
}

async function makeClientBundle(development: boolean, characters: string, pageKinds: readonly PageKindFile[], fontCache: string, theme: Theme | undefined, prebuilt: string | undefined): Promise<ClientBundle & { metafile: Metafile }> {
  const result = await build({
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: {
      entry: 'src/client/entry.tsx',
      ...(pageKinds.some((kind) => !kind.stylesheet) ? { styles: SITE_STYLESHEET } : {}),
      ...Object.fromEntries(pageKinds.flatMap((kind) => (kind.stylesheet ? [[`styles-${kind.name}`, kind.stylesheet]] : []))),
      ...Object.fromEntries(pageKinds.map((kind) => [`page-${kind.name}`, chunkEntry(kind)])),
    },
    outdir: ASSETS,
    publicPath: `/${ASSETS}`,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    minify: !development,
    legalComments: 'none',
    loader: { '.woff2': 'file', '.svg': 'file' },
    plugins: [serverOnlyPlugin, ...themePlugin(theme), pageKindsPlugin(pageKinds), interSubsetPlugin(fontCache, characters, prebuilt && prebuiltFolder('fonts', prebuilt))],
    define: { 'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production') },
    metafile: true,
    write: false,
    logLevel: 'silent',
  }).catch((error: unknown) => {
    throw themeCompileError(error, theme);
  });
  const files = new Map(result.outputFiles.map((f: OutputFile) => [relative(PACKAGE_ROOT, f.path).split('\\').join('/'), withCompileHint(f.path, f.contents)]));
  return { files, ...assetMap(result.metafile, pageKinds, theme), metafile: result.metafile };
}

// React DOM is one CommonJS module: V8 compiled its module function (most of React DOM) lazily, on the main
// thread, when the entry first called it: a task of about 25 ms here, 100 ms on Lighthouse's slow phone, most of
// a page's Total Blocking Time. Chrome's explicit compile hint has V8 compile every function of the file eagerly
// while the file streams in, off the main thread (other browsers ignore the comment). Only a chunk that large
// gains from it: the hint cost 17-24 bytes of Brotli in each of the others (compiling one of those lazily takes
// well under a millisecond), 200 bytes of the search page's JavaScript. Decided by size, so a file's name, its
// content's hash, still names its content.
const COMPILE_HINT = new TextEncoder().encode('//# allFunctionsCalledOnLoad\n');
const HINTED_FROM_BYTES = 64_000;
const withCompileHint = (path: string, contents: Uint8Array) => (path.endsWith('.js') && contents.length >= HINTED_FROM_BYTES ? Buffer.concat([COMPILE_HINT, contents]) : contents);

/** Works out, from esbuild's metafile, the URL of each entry and the chunks each page kind needs. */
export function assetMap(metafile: Metafile, pageKinds: readonly PageKindFile[], theme?: Theme): Pick<ClientBundle, 'chunks' | 'stylesheets' | 'assetsFor'> {
  const url = (output: string) => `/${output}`;
  // An entry the theme replaces (an ejected theme/pages/home.css) is the replacement in the metafile.
  const entryOf = (path: string) => {
    const built = resolve(PACKAGE_ROOT, path);
    return relative(PACKAGE_ROOT, theme?.overrides.get(built) ?? built).split(sep).join('/');
  };
  const outputOf = (entryPoint: string) => {
    const found = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entryPoint);
    if (!found) throw new Error(`esbuild produced no output for ${entryPoint}`);
    return found[0];
  };
  /**
   * An output and everything it imports statically: what must be fetched before it can run. With `dynamic`,
   * its own dynamic imports too (the entry's: it loads React DOM and the app in steps, straight away), but not
   * theirs, which load on use (the performance reporter).
   */
  const closure = (output: string, seen = new Set<string>(), dynamic = false): Set<string> => {
    if (seen.has(output)) return seen;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      const follows = imported.kind === 'import-statement' || (dynamic && imported.kind === 'dynamic-import');
      if (follows && !imported.external) closure(imported.path, seen);
    }
    return seen;
  };
  const entry = outputOf('src/client/entry.tsx');
  const stylesheetOf = (kind: PageKindFile) => {
    const output = outputOf(entryOf(kind.stylesheet ?? SITE_STYLESHEET));
    return url(output.endsWith('.css') ? output : (metafile.outputs[output]?.cssBundle ?? output));
  };
  const stylesheets = Object.fromEntries(pageKinds.map((kind) => [kind.name, stylesheetOf(kind)]));
  const fonts = Object.keys(metafile.outputs).filter((o) => /inter-latin-wght-normal-[^/]+\.woff2$/.test(o));
  const chunks = Object.fromEntries(pageKinds.map((kind) => [kind.name, outputOf(chunkEntry(kind))]));
  const entryClosure = closure(entry, new Set(), true);

  return {
    chunks: Object.fromEntries(Object.entries(chunks).map(([k, o]) => [k, url(o)])),
    stylesheets,
    assetsFor: (kind) => ({
      styles: [stylesheets[kind] ?? url(outputOf(entryOf(SITE_STYLESHEET)))],
      entry: url(entry),
      modulePreloads: [...new Set([...entryClosure, ...(chunks[kind] ? closure(chunks[kind]) : [])])].filter((o) => o !== entry).map(url),
      fonts: fonts.map(url),
    }),
  };
}

/** The prerenderer's module: the page kinds, their pages and heads, and renderPage (src/client/prerender.tsx). */
export type PrerendererModule = typeof Prerenderer;

/** The prerenderer, with the hash of the code each page kind is rendered by (kindCodeHashes): a page's cache key
 *  holds its kind's. */
export type Renderer = PrerendererModule & { readonly kindHashes: Readonly<Record<string, string>> };

const withHashes = (module: PrerendererModule, kindHashes: Record<string, string>): Renderer => Object.freeze({ ...module, kindHashes });

/**
 * Bundles the templates for Node and imports them. The module is kept in the build cache's folder, named by its
 * content's hash, so builds running at once share one file and none has to be removed while another may still
 * use it; without a cache, in the system's temporary folder (RENDERERS_WITHOUT_CACHE). Nothing is written into
 * the package, which may be installed where the user cannot write.
 */
export const bundleRenderer = ({ pageKinds = findPageKinds([PAGE_KINDS_DIR]), memo, store, theme, prebuilt }: Pick<BundleOptions, 'pageKinds' | 'memo' | 'store' | 'theme' | 'prebuilt'> = {}): Promise<Renderer> =>
  memoised(memo, `renderer-${JSON.stringify(pageKinds)}-${themeKey(theme)}`, async () => {
    const name = `renderer-${keyOf(kindsKey(pageKinds), BUNDLER_VERSION(), themeKey(theme))}`;
    let inputs: Metafile['inputs'] = {};
    const kept = await fromCache<RendererRecord, Renderer>(store, prebuilt, name, async (record, from) => {
      inputs = Object.fromEntries(record.inputs.map(([file]) => [file, { bytes: 0, imports: [] }]));
      // The module is in the folder of the cache whose record names it (the build's, or the package's prebuilt one).
      const outfile = join(from.dir, basename(record.outfile));
      if (!existsSync(outfile)) return undefined;
      const module = (await import(pathToFileURL(outfile).href)) as PrerendererModule;
      if (from === store) store.keepFile(basename(outfile));
      return withHashes(module, record.kindHashes);
    });
    if (kept) return { value: kept, metafile: { inputs } };
    const started = Date.now();
    const made = await makeRenderer(pageKinds, theme, store?.dir);
    const outfile = basename(made.outfile);
    store?.keepFile(outfile);
    toCache(store, name, made.metafile, started, () => ({ outfile, kindHashes: made.value.kindHashes }));
    return made;
  });

/** What the cache keeps of the prerenderer: the module's file name and each page kind's code hash. */
interface RendererRecord {
  inputs: [string, string][];
  outfile: string;
  kindHashes: Record<string, string>;
}

/**
 * The hash of the code a page of this kind is rendered by: every source file the kind's module graph reaches
 * in the prerenderer, with the shared runtime (src/client), and the versions of the packages they import (React,
 * React DOM and the like, which the prerenderer loads from node_modules).
 */
export function codeHashOf(renderer: Renderer, kind: string): string {
  const hash = renderer.kindHashes[kind];
  if (!hash) throw new Error(`Internal error: the prerenderer has no code hash for the page kind "${kind}".`);
  return hash;
}

/** From esbuild's metafile: the files each page kind reaches, with what the entry reaches without the kinds. */
export function kindCodeHashes(metafile: Metafile, pageKinds: readonly PageKindFile[], entry: string): Record<string, string> {
  const reach = (from: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(from) || !metafile.inputs[from]) return seen;
    seen.add(from);
    for (const imported of metafile.inputs[from].imports) if (!imported.external && !imported.path.startsWith('storefront:')) reach(imported.path, seen);
    return seen;
  };
  const shared = reach(entry);
  return Object.fromEntries(
    pageKinds.map((kind) => {
      const reached = [...reach(relative(PACKAGE_ROOT, kind.file).split('\\').join('/'), new Set(shared))];
      const files = reached.filter((f) => !/^[\w-]+:/.test(f));
      const libraries = importedPackages(metafile, reached).map((name) => [name, libraryVersion(name)]);
      return [kind.name, keyOf(toolRelease(), filesHash(files), libraries)];
    }),
  );
}

/** The packages these inputs of the metafile import, left for Node to load: named as written, or where the
 *  renderer lives outside the package, by the path of the file Node finds (packagesByPathPlugin). */
function importedPackages(metafile: Pick<Metafile, 'inputs'>, inputs: readonly string[]): string[] {
  const packages = new Set<string>();
  for (const input of inputs) {
    for (const { path, original, external } of metafile.inputs[input]?.imports ?? []) {
      const specifier = original ?? path;
      if (!external || isBuiltin(specifier)) continue;
      const installed = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(specifier);
      packages.add(installed ? installed[1]! : packageOf(specifier));
    }
  }
  return [...packages].sort();
}

/** Where a build without a cache keeps its prerenderer: a folder that outlives the build, since the worker
 *  threads of this build and dev's next rebuilds import the module by its file; named by content, so builds
 *  share it, and left to the system to clear, as Node's compile cache is; one per user (Windows' is already). */
const RENDERERS_WITHOUT_CACHE = join(tmpdir(), `storefront-renderers-${process.getuid?.() ?? 'user'}`);

async function makeRenderer(pageKinds: readonly PageKindFile[], theme: Theme | undefined, cacheDir: string | undefined): Promise<{ value: Renderer; metafile: Metafile; outfile: string }> {
  const dir = cacheDir ?? RENDERERS_WITHOUT_CACHE;
  const { metafile, outputFiles } = await build({
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: ['src/client/prerender.tsx'],
    outfile: join(dir, 'server.mjs'),
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    packages: 'external',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [...themePlugin(theme), pageKindsPlugin(pageKinds), ...(insidePackage(dir) ? [] : [packagesByPathPlugin])],
    metafile: true,
    logLevel: 'silent',
  }).catch((error: unknown) => {
    throw themeCompileError(error, theme);
  });
  const lacking = await missingThemeExports(theme);
  if (lacking) throw lacking;
  const code = outputFiles[0]!.contents;
  const outfile = join(dir, `server-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(outfile)) await atomicWrite(outfile, code);
  const module = (await import(pathToFileURL(outfile).href)) as PrerendererModule;
  return { value: withHashes(module, kindCodeHashes(metafile, pageKinds, 'src/client/prerender.tsx')), metafile, outfile };
}

const insidePackage = (dir: string) => !relative(PACKAGE_ROOT, dir).startsWith('..');

/**
 * A module outside the package cannot import the packages by name (react, react-dom/server): Node looks for them
 * from the module's own folder. This names each by the file Node finds from the package instead.
 */
const packagesByPathPlugin: Plugin = {
  name: 'packages-by-path',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (isBuiltin(path) || /^[\w-]+:/.test(path)) return undefined;
      return { path: import.meta.resolve(path), external: true };
    });
  },
};
