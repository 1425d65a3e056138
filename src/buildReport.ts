// What a build prints besides the problems' own report: the stage lines, --verbose's account of the folders, the
// options and the cache, and the paths and numbers as they are shown.
import { join, relative } from 'node:path';
import { defaultDeployDir } from './build/folders.ts';
import type { BuildCacheDir } from './build/cache.ts';
import type { DescriptionMemo } from './build/cachedStages.ts';
import type { ImageResult } from './build/images.ts';
import { formatProblems, plural, summarise, type Problem } from './catalogue/problems.ts';
import type { Site } from './model/model.ts';
import type { BuildOptions, Reporter } from './buildOptions.ts';
import type { StageReport } from './stages.ts';

/** A line a stage: its time, when it started (stages overlap), what it did. None when quiet. */
export const reportTo =
  (io: Reporter): StageReport =>
  (name, ms, at, summary) => {
    if (io.detail !== 'quiet') io.out(`  ${name.padEnd(10)}${`${Math.round(ms)} ms`.padStart(8)}  ${`(at ${Math.round(at)} ms)`.padEnd(13)} ${summary}`);
  };

/** The problems as text, to stderr when there are errors; or to the reporter's own `problems`, with the summary. */
export function printProblems(problems: readonly Problem[], catalogueDir: string, shownDir: string, io: Reporter, errors: boolean) {
  const print = errors ? io.err : io.out;
  if (!io.problems) return print(formatProblems(problems, shownDir));
  io.problems(problems, catalogueDir);
  print(summarise(problems));
}

/** For --verbose: where the build reads and writes, resolved, and the options it runs with. */
export function describeOptions(options: BuildOptions): string[] {
  const flags = [options.development ? 'development React' : 'production React', options.baseUrl ? `base URL ${options.baseUrl}` : 'base URL from site.yaml'];
  if (options.precompress === false) flags.push('no .br and .gz files');
  if (options.force) flags.push('--force');
  return [
    `  folders    relative to ${options.projectDir ?? process.cwd()}`,
    `  catalogue  ${options.catalogueDir}`,
    `  output     ${options.outDir}, replaced whole once the build succeeds`,
    `  nginx      ${join(options.deployDir ?? defaultDeployDir(options.outDir), 'nginx.conf')}`,
    `  options    ${flags.join(', ')}`,
  ];
}

/** For --verbose: what came from the cache folder. */
export function describeCache(store: BuildCacheDir | undefined, descriptions: DescriptionMemo): string {
  if (!store) return '  cache      none (--no-cache): nothing read or kept';
  const kinds = Object.entries(store.stats).map(([kind, s]) => `${kind} ${s.hits}/${s.hits + s.misses}`);
  return `  cache      ${shown(store.dir)}: from the cache ${[...kinds, `descriptions ${descriptions.hits}/${descriptions.hits + descriptions.misses}`].join(', ')}`;
}

/** The images stage's line: what was linked, and the raster images' variants, made or from the cache. */
export const imagesLine = (i: ImageResult & { linked: number }, imageCache: string, verbose: boolean) =>
  `${plural(i.linked, 'image')} linked into the new site${i.rasters ? `; ${plural(i.rasters, 'raster image')} as ${plural(i.files.size, 'variant')} instead: ${i.converted} made now, ${i.fromCache} from the cache${verbose ? ` in ${shown(imageCache)}` : ''}` : ''}`;

/** The markdown stage's line: how many descriptions, and how many of them were compiled now. */
export const descriptionsLine = (d: { hits: number; misses: number }, verbose: boolean) =>
  `${plural(d.hits + d.misses, 'description')}, ${count(d.misses)} compiled now${verbose ? ' (the rest from the cache)' : ''}`;

/** The model stage's line. */
export const templatesLine = (renderer: { kindInfo: object }) => `${Object.keys(renderer.kindInfo).length} page kinds, prerenderer bundled`;
export const brandLine = (brand: { icons: readonly unknown[] }) => `theme stylesheet and ${plural(brand.icons.length, 'icon')}`;
export const socialLine = (social: { files: ReadonlyMap<string, unknown>; drawn: number }) => `${plural(social.files.size, 'link-preview image')}, ${social.drawn} drawn now`;
export const modelLine = ({ site, pages }: { site: Site; pages: readonly unknown[] }) => `${categoryCount(site)}, ${plural(site.services.length, 'service')}, ${plural(pages.length, 'page')}`;

/** The search stage's line. */
export const searchLine = (files: ReadonlyMap<string, Uint8Array>) => (files.size ? `${files.size} index files, ${kilobytes(sizeOf(files))}` : 'no page kind offers search');

/** The emit stage's line: a build's files and where its headers went, or what dev wrote into its folder. */
export const emitLine = (r: { files: number; nginxConf?: string; written?: number }, staging: { recycled: boolean; kept: ReadonlyMap<string, unknown> } | undefined) =>
  r.nginxConf ? `${r.files} files in all${staging?.recycled ? ` (${count(staging.kept.size)} kept as they were)` : ''}, headers in _headers and ${shown(r.nginxConf)}` : `${r.files} files in all, ${count(r.written ?? 0)} written now`;

/** Paths as the maintainer typed them: relative to the current folder when inside it. */
export const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

export const sizeOf = (files: ReadonlyMap<string, Uint8Array>) => [...files.values()].reduce((n, f) => n + f.byteLength, 0);
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
export const count = (n: number) => n.toLocaleString('en-US');
export const categoryCount = (site: Site) => (site.categories.length === 1 ? '1 category' : `${site.categories.length} categories`);
