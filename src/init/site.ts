// The rest of a new site's folder, beside its catalogue: package.json (storefront as a dependency, and the
// scripts the README names), pages/, public/, .gitignore, a README and a GitHub Actions workflow. A file that
// is there already is kept as it is; package.json gains only the scripts and the dependency it lacks.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
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
}

/** Writes what the site's folder lacks, with storefront `version` as its dependency; returns what it wrote and
 *  what it kept, relative to the folder. */
export async function writeSiteFiles(siteDir: string, version: string): Promise<SiteFiles> {
  const files: SiteFiles = { written: [], kept: [] };
  const template = (await readdir(SITE_TEMPLATE_DIR, { recursive: true, withFileTypes: true }))
    .filter((file) => file.isFile())
    .map((file) => join(file.parentPath, file.name))
    .map((from) => ({ from, path: from.slice(SITE_TEMPLATE_DIR.length).split('/').map((part, i) => (i === 0 ? (DOTTED[part] ?? part) : part)).join('/') }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const { from, path } of template) {
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
