// The rest of a new site's folder, beside its catalogue: package.json (storefront as a dependency, and the
// scripts the README names), pages/, public/, .gitignore, a README and a GitHub Actions workflow. A file that
// is there already is kept as it is; package.json gains only the scripts and the dependency it lacks.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's name on the registry (the command is `storefront`). */
export const PACKAGE_NAME = 'storefront-ssg';

export const SITE_TEMPLATE_DIR = fileURLToPath(new URL('../../src/init/template/site/', import.meta.url));

/** The scripts a site's package.json runs storefront with. */
export const SITE_SCRIPTS: Readonly<Record<string, string>> = {
  dev: 'storefront dev',
  build: 'storefront build',
  validate: 'storefront validate',
  start: 'storefront start',
  deploy: 'storefront deploy',
};

// npm leaves files named .gitignore out of a package, and a dot folder is easy to lose: the template names
// them without the dot.
const DOTTED: Readonly<Record<string, string>> = { gitignore: '.gitignore', github: '.github' };

export interface SiteFiles {
  written: string[];
  kept: string[];
  /** The scripts of storefront's (SITE_SCRIPTS) that package.json has with a command of its own, kept: 'build'. */
  ownScripts?: string[];
  /** What a .gitignore that was kept lacks of the template's lines. */
  notIgnored?: string[];
}

/** The template's files, each with its path in a site's folder. */
async function siteTemplate(): Promise<{ from: string; path: string }[]> {
  return (await readdir(SITE_TEMPLATE_DIR, { recursive: true, withFileTypes: true }))
    .filter((file) => file.isFile())
    .map((file) => join(file.parentPath, file.name))
    .map((from) => ({ from, path: from.slice(SITE_TEMPLATE_DIR.length).split('/').map((part, i) => (i === 0 ? (DOTTED[part] ?? part) : part)).join('/') }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * Why init could not finish the site's folder once it had written the catalogue, or undefined: checked before it
 * writes anything, so that a refusal leaves the folder as it was and the same command works once it is mended.
 */
export async function siteFolderProblem(siteDir: string): Promise<string | undefined> {
  const packageFile = join(siteDir, 'package.json');
  if (existsSync(packageFile)) {
    try {
      const value: unknown = JSON.parse(await readFile(packageFile, 'utf8'));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'its package.json holds no object ({ … })';
    } catch (error) {
      return `its package.json is not valid JSON (${error instanceof Error ? error.message : String(error)}); mend it, or remove it`;
    }
  }
  for (const { path } of await siteTemplate()) {
    const parts = path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const stats = await stat(join(siteDir, folder)).catch(() => undefined);
      if (stats && !stats.isDirectory()) return `there is a file named ${folder} where init writes the folder ${folder}/ (for ${path}); rename it`;
    }
  }
  return undefined;
}

/** Writes what the site's folder lacks, with storefront `version` as its dependency; returns what it wrote and
 *  what it kept, relative to the folder. */
export async function writeSiteFiles(siteDir: string, version: string): Promise<SiteFiles> {
  const files: SiteFiles = { written: [], kept: [] };
  for (const { from, path } of await siteTemplate()) {
    const to = join(siteDir, path);
    if (existsSync(to)) {
      files.kept.push(path);
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    if (path === 'README.md') await writeFile(to, (await readFile(from, 'utf8')).replace('{{name}}', basename(siteDir)), { flag: 'wx' });
    else await cp(from, to, { errorOnExist: true, force: false });
    files.written.push(path);
  }
  for (const folder of ['pages', 'public']) {
    if (existsSync(join(siteDir, folder))) continue;
    await mkdir(join(siteDir, folder));
    files.written.push(`${folder}/`);
  }
  const packageFile = join(siteDir, 'package.json');
  const existing = existsSync(packageFile) ? (JSON.parse(await readFile(packageFile, 'utf8')) as PackageJson) : undefined;
  const merged = sitePackage(existing, basename(siteDir), version);
  files.ownScripts = Object.keys(SITE_SCRIPTS).filter((name) => existing?.scripts?.[name] !== undefined && existing.scripts[name] !== SITE_SCRIPTS[name]);
  if (files.kept.includes('.gitignore')) {
    const kept = new Set((await readFile(join(siteDir, '.gitignore'), 'utf8')).split('\n').map((line) => line.trim()));
    files.notIgnored = (await readFile(join(SITE_TEMPLATE_DIR, 'gitignore'), 'utf8')).split('\n').filter((line) => line && !kept.has(line));
  }
  if (JSON.stringify(merged) !== JSON.stringify(existing)) {
    await writeFile(packageFile, `${JSON.stringify(merged, null, 2)}\n`);
    files.written.push('package.json');
  } else files.kept.push('package.json');
  return files;
}

interface PackageJson {
  name?: string;
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** A site's package.json: `existing` with the scripts and the dependency it lacks, or a new one. */
export function sitePackage(existing: PackageJson | undefined, folderName: string, version: string): PackageJson {
  const base: PackageJson = existing ?? { name: packageNameOf(folderName), private: true };
  const scripts = { ...SITE_SCRIPTS, ...base.scripts };
  const depends = base.dependencies?.[PACKAGE_NAME] ?? base.devDependencies?.[PACKAGE_NAME];
  return { ...base, scripts, ...(!depends && { dependencies: { ...base.dependencies, [PACKAGE_NAME]: `^${version}` } }) };
}

/** A folder's name as npm takes a package name: lowercase, no spaces or other signs. */
export const packageNameOf = (folderName: string) =>
  folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '') || 'my-site';
