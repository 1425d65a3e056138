// A site's theme/ folder, beside its catalogue: each file replaces the built-in one at the same path under the
// package's templates/ (theme/components/Footer.tsx replaces templates/components/Footer.tsx), the lookup Hugo
// uses for layouts and Docusaurus for swizzled components. esbuild reads the theme's file in place of the
// built-in one, and resolves its imports as from the built-in one's folder, so a copy made by `storefront eject`
// builds as it is. A file made by eject starts with a line naming the version and the original's hash: the
// build warns when the original has changed since (after an upgrade), as the copy then misses the change.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { besideCatalogue } from '../catalogue/load.ts';
import { warning, type Problem } from '../catalogue/problems.ts';
import { PageRenderError, UserError } from '../errors.ts';
import { PACKAGE_ROOT } from './cache.ts';

const TEMPLATES = join(PACKAGE_ROOT, 'templates');

export interface Theme {
  dir: string;
  /** Each built-in file replaced, by its absolute path: the theme's file. */
  overrides: ReadonlyMap<string, string>;
  /** The theme's files, relative to theme/ (with /). */
  files: readonly string[];
  /** The ejected files whose built-in original has changed since they were copied. */
  outdated: readonly { file: string; version: string }[];
}

export const themeDirOf = (catalogueDir: string) => besideCatalogue(catalogueDir, 'theme');

/** The site's theme; none (no overrides) when it has no theme/ folder. Throws for a file that replaces nothing. */
export async function readTheme(catalogueDir: string): Promise<Theme> {
  const dir = themeDirOf(catalogueDir);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((cause: NodeJS.ErrnoException) => (cause.code === 'ENOENT' ? [] : Promise.reject(cause)));
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const strays = files.filter((file) => !existsSync(join(TEMPLATES, file)));
  if (strays.length) {
    throw new UserError(
      `${strays.map((file) => `theme/${file}`).join(', ')} ${strays.length === 1 ? 'replaces' : 'replace'} nothing: a file in theme/ replaces the built-in one at the same path under storefront's templates/, and there is no templates/${strays[0]}. Run \`storefront eject --list\` for the names, and \`storefront eject NAME\` to start from a copy.`,
    );
  }
  const overrides = new Map(files.map((file) => [join(TEMPLATES, file), join(dir, file)]));
  const outdated = [];
  for (const file of files) {
    const ejected = ejectedFrom(await readFile(join(dir, file), 'utf8'));
    if (ejected && ejected.hash !== originalHash(file)) outdated.push({ file, version: ejected.version });
  }
  return { dir, overrides, files, outdated };
}

/** What the build prints about the theme: the overrides in use, and each ejected copy whose original changed. */
export function themeReport(theme: Theme): string | undefined {
  return theme.files.length ? `${theme.files.length} built-in ${theme.files.length === 1 ? 'file' : 'files'} replaced: ${theme.files.join(', ')}` : undefined;
}

/** A warning for each ejected copy whose original changed since (`ejected-copy-outdated`), at its first line, with the
 *  first line the copy takes once it has the change. */
export function themeProblems(theme: Theme, version: string): Problem[] {
  return theme.outdated.map(({ file, version: from }) =>
    warning(
      'ejected-copy-outdated',
      `../theme/${file}`,
      { line: 1, column: 1 },
      `This copy was ejected from storefront ${from}, and the built-in ${file} has changed since (this is ${version}): the copy misses that change.`,
      `Compare it with templates/${file} in the installed package and bring the change over, then make this its first line: \`${ejectedLine(file, version)}\` (or delete the copy to use the built-in one).`,
    ),
  );
}

/** The first line eject writes: the version and the original it was copied from. */
const ejectedLine = (file: string, version: string) => {
  const line = `Ejected from storefront ${version} (templates/${file}, ${originalHash(file)}). The build warns when a new version changes the original.`;
  return file.endsWith('.css') ? `/* ${line} */` : `// ${line}`;
};

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const originalHash = (file: string) => hashOf(readFileSync(join(TEMPLATES, file), 'utf8'));

// The first line of an ejected file: `// Ejected from storefront 0.2.0 (templates/components/Footer.tsx, 0123456789abcdef).`
const EJECTED = /^(?:\/\/|\/\*) Ejected from storefront (\S+) \(templates\/\S+, ([0-9a-f]{16})\)/;

export function ejectedFrom(text: string): { version: string; hash: string } | undefined {
  const match = EJECTED.exec(text);
  return match ? { version: match[1]!, hash: match[2]! } : undefined;
}

/** The built-in files a theme may replace, relative to templates/. */
export async function ejectable(): Promise<string[]> {
  const entries = await readdir(TEMPLATES, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(tsx|ts|css)$/.test(entry.name))
    .map((entry) => relative(TEMPLATES, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Copies the built-in `name` into the theme, its first line naming the version and the original. */
export async function eject(catalogueDir: string, name: string, version: string): Promise<string> {
  const file = name.replace(/^templates\//, '').replace(/\/+$/, '');
  const names = await ejectable();
  const outside = isAbsolute(file) || file.split('/').includes('..');
  if (!outside && !names.includes(file) && existsSync(join(TEMPLATES, file))) {
    throw new UserError(`templates/${file || '.'} is a folder: eject copies one file. Name one, e.g. ${names.find((n) => n.startsWith(`${file}/`)) ?? 'components/Footer.tsx'}; \`storefront eject --list\` lists them all.`);
  }
  if (outside || !existsSync(join(TEMPLATES, file))) {
    const close = names.filter((candidate) => candidate.endsWith(`/${file.split('/').pop()}`) || candidate.includes(file));
    throw new UserError(`storefront has no templates/${file} to eject.${close.length ? ` Did you mean ${close.slice(0, 3).join(', ')}?` : ''} Run \`storefront eject --list\` for every name.`);
  }
  const target = join(themeDirOf(catalogueDir), file);
  if (existsSync(target)) throw new UserError(`theme/${file} exists already: eject never overwrites. Delete or rename it first to start again from the built-in one.`);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${ejectedLine(file, version)}\n${readFileSync(join(TEMPLATES, file), 'utf8')}`, { flag: 'wx' });
  return target;
}

/**
 * An esbuild failure in a file of the theme is the maintainer's, not the tool's: a UserError naming each place
 * (theme/…:line:column) and what esbuild said. Any other failure is returned as it is.
 */
export function themeCompileError(error: unknown, theme: Theme | undefined): unknown {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number; lineText: string } | null }[] } | undefined)?.errors;
  if (!theme || !Array.isArray(errors)) return error;
  const inTheme = errors.flatMap(({ text, location }) => {
    const file = location && relative(theme.dir, join(PACKAGE_ROOT, location.file));
    return location && file && !file.startsWith('..') && !isAbsolute(file) ? [`  theme/${file.split(sep).join('/')}:${location.line}:${location.column + 1}: ${text}\n      ${location.lineText.trim()}`] : [];
  });
  if (!inTheme.length) return error;
  return new UserError(`A file of theme/ does not compile:\n${inTheme.join('\n')}\nFix it, or delete it to use the built-in file again.`);
}

/**
 * The theme's files that lack a name the built-in file they replace exports (an emptied copy, a renamed function):
 * esbuild passes a missing name a template imports or re-exports as undefined, for it may be a type, and every page
 * showing it then failed with "Internal error". A UserError naming each file and name, or undefined.
 */
export async function missingThemeExports(theme: Theme | undefined): Promise<UserError | undefined> {
  const modules = (theme?.files ?? []).filter((file) => /\.[jt]sx?$/.test(file));
  const lines = (
    await Promise.all(
      modules.map(async (file) => {
        const [own, original] = await Promise.all([exportsOf(join(theme!.dir, file)), exportsOf(join(TEMPLATES, file))]);
        const lacking = original.filter((name) => !own.includes(name));
        return lacking.length ? [`  theme/${file} does not export ${lacking.join(', ')}, which templates/${file} exports for the other templates.`] : [];
      }),
    )
  ).flat();
  if (!lines.length) return undefined;
  return new UserError(`A file of theme/ lacks what the built-in file it replaces exports:\n${lines.join('\n')}\nExport ${lines.length === 1 ? 'it' : 'them'} again under the same name, or delete the file to use the built-in one.`);
}

/** The names a module exports, as esbuild reads the file alone. */
async function exportsOf(file: string): Promise<string[]> {
  const { metafile } = await build({ entryPoints: [file], bundle: false, write: false, metafile: true, format: 'esm', jsx: 'automatic', outdir: tmpdir(), logLevel: 'silent' });
  return Object.values(metafile.outputs).flatMap((output) => output.exports);
}

/** Pages that failed in a component a file of theme/ replaces (by its name): the maintainer's to fix, said so. */
export function themeRenderError(error: unknown, theme: Theme | undefined): unknown {
  if (!theme?.files.length || !(error instanceof PageRenderError)) return error;
  const file = theme.files.find((f) => error.components.includes(basename(f).replace(/\.[jt]sx?$/, '')));
  if (!file) return error;
  return new UserError(`A file of theme/ fails while a page is rendered: theme/${file}\n${error.summary}\nFix it, or delete it to use the built-in file again.`);
}

const SKIP = Symbol('theme');

/** esbuild: a built-in file the theme replaces is read from the theme; a theme file's imports resolve as from the
 *  folder of the built-in file it replaces. */
export function themePlugin(theme: Theme | undefined): Plugin[] {
  if (!theme?.overrides.size) return [];
  const fromTheme = (importer: string) => importer.startsWith(theme.dir + sep);
  return [
    {
      name: 'theme',
      setup(build) {
        build.onResolve({ filter: /.*/ }, async (args) => {
          if (args.pluginData === SKIP) return undefined;
          const own = fromTheme(args.importer);
          if (!own && !args.path.startsWith('.') && !isAbsolute(args.path)) return undefined;
          const resolveDir = own ? join(TEMPLATES, relative(theme.dir, args.resolveDir)) : args.resolveDir;
          const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir, importer: args.importer, pluginData: SKIP });
          if (resolved.errors.length) return own ? { errors: resolved.errors } : undefined;
          const replacement = theme.overrides.get(resolved.path);
          if (replacement) return { path: replacement };
          return own ? { path: resolved.path, external: resolved.external, namespace: resolved.namespace, sideEffects: resolved.sideEffects } : undefined;
        });
      },
    },
  ];
}

/** The theme's files in a cache key: which built-in files are replaced (their content is among esbuild's inputs). */
export const themeKey = (theme: Theme | undefined) => (theme?.files.length ? theme.files.join(',') : '');
