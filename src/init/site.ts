// The rest of a new site's folder, beside its catalogue: package.json (storefront as a dependency, and the
// scripts the README names), pages/, public/, .gitignore, a README and a GitHub Actions workflow. A file that
// is there already is kept as it is; package.json gains only the scripts and the dependency it lacks.
import { constants, existsSync } from 'node:fs';
import { access, cp, lstat, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
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
  if (existsSync(packageFile) && !(await access(packageFile, constants.W_OK).then(() => true, () => false))) {
    return 'its package.json cannot be written (init adds the scripts and the dependency it lacks); give your user write access to it';
  }
  for (const { path } of await siteTemplate()) {
    const parts = path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const stats = await stat(join(siteDir, folder)).catch(() => undefined);
      if (stats && !stats.isDirectory()) return `there is a file named ${folder} where init writes the folder ${folder}/ (for ${path}); rename it`;
    }
    if (await leadsNowhere(join(siteDir, path))) return `${path} is a symbolic link that leads nowhere, where init writes ${path}; remove it, or make it lead to a file`;
    // A folder of the site it cannot write into (a .github/ another user made) failed init half-way, the catalogue
    // written. (The site's folder itself is the catalogue's check, which says more.)
    const into = existsSync(join(siteDir, path)) ? undefined : await nearestFolder(resolve(siteDir, path));
    if (into?.startsWith(join(resolve(siteDir), sep)) && !(await access(into, constants.W_OK | constants.X_OK).then(() => true, () => false))) {
      return `its folder ${relative(resolve(siteDir), into).split(sep).join('/')}/ cannot be written, and init writes ${path} there; give your user write access to it`;
    }
  }
  for (const folder of ['pages', 'public']) {
    const stats = await stat(join(siteDir, folder)).catch(() => undefined);
    if (stats && !stats.isDirectory()) return `there is a file named ${folder} where the site's ${folder}/ folder goes; rename it`;
    if (await leadsNowhere(join(siteDir, folder))) return `${folder} is a symbolic link that leads nowhere, where the site's ${folder}/ folder goes; remove it`;
  }
  return undefined;
}

/** The nearest folder above `path` that exists: where writing `path` makes what is missing. */
async function nearestFolder(path: string): Promise<string> {
  let folder = dirname(path);
  while (!(await stat(folder).catch(() => undefined)) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

/** A symbolic link whose target is missing: existsSync says false, and writing there fails. */
const leadsNowhere = async (path: string) => (await lstat(path).then((s) => s.isSymbolicLink(), () => false)) && !existsSync(path);

/** Writes what the site's folder lacks, with storefront `version` as its dependency; returns what it wrote and
 *  what it kept, relative to the folder. */
export async function writeSiteFiles(siteDir: string, version: string): Promise<SiteFiles> {
  const files: SiteFiles = { written: [], kept: [] };
  const packageFile = join(siteDir, 'package.json');
  const existing = existsSync(packageFile) ? (JSON.parse(await readFile(packageFile, 'utf8')) as PackageJson) : undefined;
  files.ownScripts = Object.keys(SITE_SCRIPTS).filter((name) => existing?.scripts?.[name] !== undefined && existing.scripts[name] !== SITE_SCRIPTS[name]);
  for (const { from, path } of await siteTemplate()) {
    const to = join(siteDir, path);
    if (existsSync(to)) {
      files.kept.push(path);
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    if (path === 'README.md' || path.endsWith('.yml')) await writeFile(to, withCommands((await readFile(from, 'utf8')).replace('{{name}}', basename(siteDir)), files.ownScripts), { flag: 'wx' });
    else await cp(from, to, { errorOnExist: true, force: false });
    files.written.push(path);
  }
  for (const folder of ['pages', 'public']) {
    if (existsSync(join(siteDir, folder))) continue;
    await mkdir(join(siteDir, folder));
    files.written.push(`${folder}/`);
  }
  const merged = sitePackage(existing, basename(siteDir), version);
  if (files.kept.includes('.gitignore')) {
    // "node_modules", "/node_modules" and "node_modules/" all keep node_modules/ out: compared without the slashes.
    const plain = (line: string) => line.trim().replace(/^\//, '').replace(/\/$/, '');
    const kept = new Set((await readFile(join(siteDir, '.gitignore'), 'utf8')).split('\n').map(plain));
    files.notIgnored = (await readFile(join(SITE_TEMPLATE_DIR, 'gitignore'), 'utf8')).split('\n').filter((line) => line && !kept.has(plain(line)));
  }
  if (JSON.stringify(merged) !== JSON.stringify(existing)) {
    await writeFile(packageFile, `${JSON.stringify(merged, null, 2)}\n`);
    files.written.push('package.json');
  } else files.kept.push('package.json');
  return files;
}

/** The README's and the workflow's `npm run NAME`, as `npx storefront NAME` for each script package.json keeps
 *  with a command of its own: `npm run build` would run that command, not storefront's build. */
function withCommands(text: string, ownScripts: readonly string[]): string {
  return ownScripts.reduce((done, name) => done.replace(new RegExp(`npm run ${name}(?: --)?(?=[\\s\`])`, 'g'), `npx storefront ${name}`), text);
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
