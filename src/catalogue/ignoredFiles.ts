// Files in the catalogue's text folders that the build does not read: a description saved as `.MD` or `.txt`, a
// category as `.YAML`, a file in a subfolder. Each would otherwise show only as what it was meant to be missing
// ("there is no file categories/beta.yaml" beside categories/beta.YAML). Each is a warning at the file.
import { warning, type Problem } from './problems.ts';

/** The folders of text files, with the extensions read there. */
const TEXT_FOLDERS: Readonly<Record<string, { kind: string; one: string; extensions: readonly string[] }>> = {
  categories: { kind: 'YAML files', one: 'a category', extensions: ['.yaml', '.yml'] },
  descriptions: { kind: 'Markdown files', one: "a service's description", extensions: ['.md'] },
  alternatives: { kind: 'Markdown files', one: 'an alternatives page', extensions: ['.md'] },
  cases: { kind: 'Markdown files', one: 'a case study', extensions: ['.md'] },
  // Beside the catalogue folder: paths from it start with ../ (load.ts listPages).
  '../pages': { kind: 'Markdown files', one: 'a page of the site', extensions: ['.md'] },
};

/** The text folder a path is in: its first folder, or ../pages. */
const folderOf = (file: string) => (file.startsWith('../pages/') ? '../pages' : file.split('/')[0]!);

/** Whether a file of the catalogue (path from its folder, with `/`) is in a text folder; isCatalogueText says
 *  whether it is read. */
export const inTextFolder = (file: string) => Object.hasOwn(TEXT_FOLDERS, folderOf(file)) && file.includes('/');

export function ignoredFileProblems(files: readonly string[] = []): Problem[] {
  return files.map((file) => {
    const folder = folderOf(file);
    const { kind, one, extensions } = TEXT_FOLDERS[folder]!;
    const shown = folder.replace(/^\.\.\//, ''); // pages, as the maintainer names it
    const name = file.slice(folder.length + 1);
    const rest = name.split('/');
    // A folder (load.ts writes it with a "/" after). Named as the file would be: "There is no file categories/x.yaml"
    // beside it, or nothing at all.
    if (file.endsWith('/')) {
      const folderName = name.slice(0, -1);
      if (extensions.some((extension) => folderName.endsWith(extension))) {
        return warning('file-ignored', file.slice(0, -1), {}, `The build does not read ${shown}/${folderName}: it is a folder, and ${shown}/ holds ${kind}, ${one} each.`, `Make it a file: move what the folder holds elsewhere, delete the folder and save ${one} as ${shown}/${folderName}.`);
      }
      return warning('file-ignored', file.slice(0, -1), {}, `The build does not read ${shown}/${folderName}: only the files directly in ${shown}/ are read, not those in its subfolders.`, `Move what it holds into ${shown}/, or out of ${shown}/.`);
    }
    if (rest.length > 1) return ignored(file, `only the files directly in ${shown}/ are read, not those in its subfolders`, `Move it into ${shown}/, or out of the catalogue folder.`);
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? name.slice(dot) : '';
    const readAs = extensions.join(' or ');
    if (extensions.includes(extension.toLowerCase())) return ignored(file, `${shown}/ holds ${kind} whose names end in ${readAs}, in lower case`, `Rename it to ${name.slice(0, dot)}${extension.toLowerCase()}.`);
    const stem = dot > 0 ? name.slice(0, dot) : name;
    return ignored(file, `${shown}/ holds ${kind} (${readAs})`, `Rename it to ${stem}${extensions[0]} if it is ${one}, or move it out of ${folder === '../pages' ? 'pages/' : 'the catalogue folder'}.`);
  });
}

const ignored = (file: string, why: string, hint: string) => warning('file-ignored', file, {}, `The build does not read this file: ${why}.`, hint);
