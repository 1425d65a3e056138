// The site's public/ folder in the build: where it is (beside the catalogue folder), what the build makes at the
// site's root that a public file may not replace, and its problems joined to the catalogue's (catalogue/publicFolder.ts).
import type { KindInfo } from '../client/pageKind.ts';
import { besideCatalogue } from '../catalogue/load.ts';
import { loadPublicFolder, publicProblems, type PublicFile } from '../catalogue/publicFolder.ts';
import { errorsIn } from '../catalogue/problems.ts';
import { isPageFile, pageSlugOf } from '../catalogue/sitePages.ts';
import type { Validation } from '../catalogue/validate.ts';
import { SEARCH_FOLDER } from './search.ts';
import { SITE_FOLDERS } from '../core/siteFolders.ts';

/** The public folder of a site whose catalogue is `catalogueDir`: `public/` beside it. */
export const publicDirOf = (catalogueDir: string) => besideCatalogue(catalogueDir, 'public');

/** What the build makes at the site's root, by name (a folder's ends in `/`), with what it is. */
export function builtRootNames(kinds: Readonly<Record<string, KindInfo>>): Map<string, string> {
  const taken = new Map<string, string>([
    [`${SITE_FOLDERS.assets}/`, 'the scripts, styles, fonts and icons'],
    [`${SITE_FOLDERS.images}/`, "the catalogue's images"],
    [`${SEARCH_FOLDER}/`, 'the search index'],
    ['index.html', 'the home page'],
    ['404.html', 'the page for an address that is not found'],
    ['sitemap.xml', 'the sitemap'],
    ['robots.txt', 'the rules for search engines'],
    ['_headers', 'the hosting headers'],
  ]);
  for (const [kind, info] of Object.entries(kinds)) {
    for (const path of info.paths) {
      const first = path.split('/')[1];
      if (first && !first.startsWith(':')) taken.set(`${first}/`, `the ${kind} page${path.split('/').length > 2 ? 's' : ''}`);
    }
  }
  return taken;
}

/** The files the site publishes beside its pages that a link may name: the public files, the sitemap and robots.txt. */
export const publishedFiles = (files: readonly PublicFile[]): string[] => ['/sitemap.xml', '/robots.txt', ...files.map((file) => `/${file.path}`)];

/** The public files, read. */
export const readPublicFolder = (catalogueDir: string): Promise<PublicFile[]> => loadPublicFolder(publicDirOf(catalogueDir));

/** The validation with the public files' problems added: no valid catalogue when one of them is an error. */
export function withPublicProblems(validation: Validation, files: readonly PublicFile[], kinds: Readonly<Record<string, KindInfo>>, texts: Iterable<string> = []): Validation {
  const taken = builtRootNames(kinds);
  // The site's own pages take their addresses too (pages/about.md is about/).
  for (const file of texts) if (isPageFile(file)) taken.set(`${pageSlugOf(file)}/`, `the page pages/${pageSlugOf(file)}.md`);
  const problems = publicProblems(files, taken);
  if (!problems.length) return validation;
  const all = [...validation.problems, ...problems];
  return errorsIn(problems).length ? { problems: all } : { ...validation, problems: all };
}
