// Symbolic links in the catalogue, pages/ and public/ folders: a link to a file is read as the file (fileEntries.ts),
// and passes over one that leads to a folder or nowhere, which would otherwise only show as knock-on problems
// ("there is no file for category x"). Each is a warning at the link.
import type { LinkTarget } from './fileEntries.ts';
import { warning, type Problem } from './problems.ts';

export function skippedLinkProblems(links: ReadonlyMap<string, LinkTarget> = new Map()): Problem[] {
  return [...links].map(([file, target]) =>
    target === 'folder'
      ? warning('skipped-link', file, {}, 'This is a symbolic link to a folder, which storefront does not follow: nothing in that folder is read.', 'Copy the folder here, or link each of its files (a link to a file is followed).')
      : warning('skipped-link', file, {}, 'This is a symbolic link that leads nowhere (its file was moved or deleted, or the link leads to itself): it is not read.', 'Point the link at a file that exists, or delete it.'),
  );
}
