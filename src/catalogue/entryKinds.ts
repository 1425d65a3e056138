// The catalogue's folders and site.yaml, each of the kind the build reads. A file named `descriptions` (a folder
// copied badly, an editor's "Save as" slip) showed only as what the folder should have held: one
// missing-description error a service, 10,000 of them at 10,000 services. A file named `cases` or `alternatives`
// showed nothing, and the site went out without those pages. Now each is one error, and the errors that only say
// what the folder's absence implies are left out until it is a folder.
import { listed } from '../core/words.ts';
import { error, type Problem, type ProblemCode } from './problems.ts';

/** The catalogue's folders, what each holds, and the errors its absence alone causes (for broken-link, those whose
 *  link leads under one of `routes`). */
const FOLDERS: Readonly<Record<string, { holds: string; implied: readonly ProblemCode[]; routes?: readonly string[] }>> = {
  categories: { holds: 'a YAML file a category (categories/<name>.yaml)', implied: ['category-file-missing', 'description-without-service', 'unknown-service', 'unused-image', 'broken-link'], routes: ['/category/', '/service/'] },
  descriptions: { holds: "a Markdown file a service (descriptions/<service id>.md)", implied: ['missing-description'] },
  alternatives: { holds: 'a Markdown file an alternatives page (alternatives/<competitor>.md)', implied: [] },
  cases: { holds: 'a Markdown file a case study (cases/<slug>.md)', implied: [] },
  img: { holds: 'the images the catalogue names (img/services/, img/icons/, …)', implied: ['missing-image'] },
  // Beside the catalogue folder (load.ts names them so).
  '../pages': { holds: "a Markdown file a page of the site's own (pages/<slug>.md)", implied: [] },
  '../public': { holds: "the files published at the site's root as they are (public/files/price-list.pdf is /files/price-list.pdf)", implied: [] },
};

/** What the catalogue folder's top level holds, by name, as far as this check needs. */
export interface TopEntry {
  name: string;
  folder: boolean;
  file: boolean;
}

/** The names at the catalogue folder's top level that are of the wrong kind: a folder of the catalogue that is a
 *  file, or a site.yaml that is a folder. A symbolic link is neither (fileEntries.ts reports one that leads to no
 *  file). */
export const wrongKinds = (entries: readonly TopEntry[]): string[] =>
  entries.filter((e) => (Object.hasOwn(FOLDERS, e.name) && e.file) || (e.name === 'site.yaml' && e.folder)).map((e) => e.name).sort();

/** Files (or links) at the top that look like the site file but are not read as it (site.yml, Site.yaml, site.yaml.txt):
 *  named when site.yaml is missing, since the maintainer would otherwise look at "missing" beside the file. */
export const siteFileLookAlikes = (entries: readonly TopEntry[]): string[] =>
  entries
    .filter((e) => !e.folder && e.name !== 'site.yaml' && /^site\.ya?ml(\..+)?$/i.test(e.name))
    .map((e) => e.name)
    // The likeliest first: site.yml before a copy such as site.yaml.bak.
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));

const CREATE_SITE_FILE = 'docs/guide.md (section 5) has every setting, and `storefront init` writes a complete one.';

/** site.yaml is not there: the error, naming a file that looks like it, or else the folders inside that hold a
 *  site.yaml of their own (a site's folder given for its catalogue/: `-c .` in the site's folder), or else the folder
 *  above when it holds one (a folder inside the catalogue given for it: `-c catalogue/descriptions`). */
export function missingSiteFile(lookAlikes: readonly string[] = [], cataloguesInside: readonly string[] = [], catalogueAbove = false): Problem {
  if (!lookAlikes.length && cataloguesInside.length) return catalogueInside(cataloguesInside);
  if (!lookAlikes.length && catalogueAbove) {
    return error(
      'missing-site-file',
      'site.yaml',
      {},
      'The site configuration file is missing: this folder has no site.yaml, but the folder above it holds one. It looks like a folder inside the catalogue rather than the catalogue folder.',
      "Give the command the folder above it, the one that holds site.yaml: take the last part off the folder after -c, or leave -c out when you run it in the site's folder (catalogue/ is the default).",
    );
  }
  if (!lookAlikes.length) return error('missing-site-file', 'site.yaml', {}, 'The site configuration file is missing.', `Create site.yaml in the catalogue folder: ${CREATE_SITE_FILE}`);
  const names = lookAlikes.map((name) => `"${name}"`);
  const hint = names.length === 1 ? `Rename ${names[0]} to site.yaml.` : "Rename the one that holds the site's current settings to site.yaml.";
  return error('missing-site-file', 'site.yaml', {}, `The site configuration file is missing: the build reads the file named exactly "site.yaml", and this folder has ${listed(names)} instead.`, hint);
}

function catalogueInside(folders: readonly string[]): Problem {
  const names = folders.map((name) => `${name}/`);
  const which = names.length === 1 ? `the folder ${names[0]} inside it holds one` : `the folders ${listed(names)} inside it each hold one`;
  const hint =
    names.length === 1
      ? `Give the command that folder: add /${folders[0]} to the folder after -c${folders[0] === 'catalogue' ? ", or leave -c out when you run it in the site's folder (catalogue/ is the default)" : ''}.`
      : "Give the command the one that holds the site's catalogue: add its name to the folder after -c.";
  return error('missing-site-file', 'site.yaml', {}, `The site configuration file is missing: this folder has no site.yaml, but ${which}. It looks like a site's folder rather than its catalogue folder.`, hint);
}

/** One error for each entry of the wrong kind. */
export function wrongKindProblems(names: readonly string[] = []): Problem[] {
  return names.map((name) =>
    name === 'site.yaml'
      ? error('missing-site-file', 'site.yaml', {}, 'site.yaml is a folder, not the site configuration file.', `Move what is in the folder elsewhere, delete it, and create the file site.yaml: ${CREATE_SITE_FILE}`)
      : notAFolder(name),
  );
}

/** A folder the build reads that is a file; pages/ and public/, beside the catalogue, named as the maintainer does. */
function notAFolder(name: string): Problem {
  const shown = name.replace(/^\.\.\//, '');
  return error('not-a-folder', name, {}, `${shown} is a file, but the build reads ${shown}/ as a folder: ${FOLDERS[name]!.holds}.`, `Rename or delete the file, and make ${shown}/ a folder of those files.`);
}

/** The problems left once those that only repeat an entry of the wrong kind are taken out. */
export function withoutImplied(problems: readonly Problem[], names: readonly string[] = []): Problem[] {
  const folders = names.filter((name) => Object.hasOwn(FOLDERS, name)).map((name) => FOLDERS[name]!);
  if (!folders.length) return [...problems];
  const implied = (p: Problem) =>
    folders.some(({ implied: codes, routes }) => codes.includes(p.code) && (p.code !== 'broken-link' || !routes || routes.some((route) => p.field?.startsWith(`link ${route}`))));
  return problems.filter((p) => !implied(p));
}
