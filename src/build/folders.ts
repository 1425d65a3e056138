// The folders a command writes into besides the output folder: the build cache (--cache-dir) and the folder of
// nginx.conf (--deploy-dir). Each follows the rule the output folder follows (outDir.ts's folderClash): never
// the project, a folder around it, the catalogue or a folder inside it, nor the output folder, which every build
// replaces. Beyond that, the cache is pruned, so it must be a folder storefront marked as its cache; and the
// build writes only nginx.conf into the deploy folder, so it never replaces an nginx.conf it did not write.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkOutDir, inside, FolderRefused, folderClash, realPath, siteFolderTodo } from './outDir.ts';
import { defaultCacheDir, markCacheDir } from './cache.ts';
import { NGINX_CONF_FIRST_LINE } from './headers.ts';

interface Places {
  catalogueDir: string;
  /** The current project: the folder storefront runs in. */
  projectDir: string;
  /** The output folder, for `build`. */
  outDir?: string;
}

const realPlaces = ({ catalogueDir, projectDir, outDir }: Places) => ({
  project: realPath(projectDir),
  catalogue: realPath(catalogueDir),
  ...(outDir !== undefined && { out: realPath(outDir) }),
});

/** Takes cacheDir as the build cache, marking it (markCacheDir); throws FolderRefused, saying why and what to
 *  do, when it is no folder storefront may prune. `shown`: the folder as the maintainer named it. */
export async function checkCacheDir(cacheDir: string, places: Places & { shown: string }): Promise<void> {
  const refuse = (why: string, todo: string) => {
    throw new FolderRefused(`Refusing to keep the build cache in ${places.shown}: ${why}, and storefront removes from its cache folder the files it no longer needs. ${todo}`);
  };
  const real = realPlaces(places);
  const cache = realPath(cacheDir);
  // Deleting the cache, which is safe at any time, must not delete the site.
  const clash = folderClash(cache, real) ?? (real.out !== undefined && inside(real.out, cache) ? 'it contains the output folder' : undefined);
  if (clash) refuse(clash, siteFolderTodo(clash, places.catalogueDir) ?? 'Pass --cache-dir with a folder of its own, or leave it out for the default, node_modules/.cache/storefront.');
  const foreign = await markCacheDir(cacheDir, defaultCacheDir(places.projectDir));
  if (foreign) refuse(foreign, 'Pass --cache-dir with a new or empty folder, or one storefront used as its cache before.');
}

/** The folder nginx.conf goes into when --deploy-dir is not given: `deploy` beside the output folder. */
export const defaultDeployDir = (outDir: string) => join(dirname(outDir), 'deploy');

/**
 * Throws FolderRefused, saying why and what to do, when the build may not write nginx.conf into deployDir: the
 * folder breaks the rule, or it holds an nginx.conf that is not the build's own (by its first line), unless
 * `force`. `shown`: the folder as the maintainer named it; `chosen`: named with --deploy-dir, not the default.
 */
export async function checkDeployDir(deployDir: string, places: Places & { shown: string; chosen: boolean; force?: boolean }): Promise<void> {
  const where = places.chosen ? places.shown : `${places.shown} (the default: a deploy folder beside the output folder)`;
  const clash = folderClash(realPath(deployDir), realPlaces(places));
  if (clash) throw new FolderRefused(`Refusing to write nginx.conf into ${where}: ${clash}. ${siteFolderTodo(clash, places.catalogueDir) ?? 'Pass --deploy-dir with a folder of its own for the server configuration, such as deploy beside the output folder (the default).'}`);
  if (places.force) return;
  const file = join(deployDir, 'nginx.conf');
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'EISDIR' ? '' : undefined));
  if (text === undefined || text.startsWith(NGINX_CONF_FIRST_LINE)) return; // absent (or unreadable: writing it says why), or its own
  throw new FolderRefused(
    `Refusing to replace ${join(places.shown, 'nginx.conf')}: storefront build did not write it (its first line is not the one the build writes). Move it away, pass --deploy-dir with another folder, or pass --force to replace it.`,
  );
}

/** The output folder and nginx.conf's (checkOutDir, checkDeployDir), which a build checks before it makes or marks
 *  its cache folder: a refusal of either leaves the project as it was. `shown`: a folder as the maintainer reads it. */
export async function checkSiteFolders(options: { catalogueDir: string; projectDir: string; outDir: string; deployDir?: string; force?: boolean; live?: unknown }, shown: (path: string) => string): Promise<void> {
  const places = { catalogueDir: options.catalogueDir, projectDir: options.projectDir, outDir: options.outDir };
  await checkOutDir({ ...places, force: options.force, shown: shown(options.outDir) });
  // dev's folder is its own, and dev writes no nginx.conf.
  if (options.live) return;
  const deployDir = options.deployDir ?? defaultDeployDir(options.outDir);
  await checkDeployDir(deployDir, { ...places, shown: shown(deployDir), chosen: options.deployDir !== undefined, force: options.force });
}
