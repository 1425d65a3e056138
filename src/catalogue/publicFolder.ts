// The site's public/ folder, beside its catalogue: files copied to the site's root as they are (a search engine's
// verification file, favicon.ico, a PDF, .well-known/). They are published under the site's origin, so they are
// checked as img/ is: only types a static site serves as documents or downloads, none too large to download, and
// none that would take the place of a file the build makes. The hosting headers give them the images' policy,
// which runs no script (build/headers.ts).
import { readdir, realpath, stat } from 'node:fs/promises';
import { readsAsFile } from './fileEntries.ts';
import { join, posix } from 'node:path';
import { error, type Problem } from './problems.ts';
import { sizeOverLimit } from './limits.ts';

export interface PublicFile {
  /** Path inside the site (and inside public/), with forward slashes. */
  path: string;
  /** The file on disk. */
  source: string;
  size: number;
}

/** At most this many bytes a file: a brochure or a price list as a PDF fits, a video does not. */
export const PUBLIC_MAX_BYTES = 20 * 1024 * 1024;

/** What public/ may hold, by extension: documents, images, fonts, downloads and the well-known text formats. */
export const PUBLIC_TYPES = ['html', 'htm', 'txt', 'xml', 'json', 'webmanifest', 'pdf', 'csv', 'ico', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'woff2', 'zip', 'asc', 'pem'] as const;

/** Whether a file of public/ (its path inside it, with /) is published: names starting with a dot are left out (an
 *  editor's or the system's), but for `.well-known/`, which is what it is for. */
export const isPublished = (path: string) => !path.split('/').some((part, i) => part.startsWith('.') && !(i === 0 && part === '.well-known'));

/** The published files under `dir` (isPublished), or none when there is no such folder (a file of that name is
 *  the catalogue's not-a-folder error: load.ts). */
export async function loadPublicFolder(dir: string): Promise<PublicFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === 'ENOENT' || cause.code === 'ENOTDIR') return [];
    throw cause;
  });
  const files: PublicFile[] = [];
  for (const entry of entries) {
    const at = join(entry.parentPath, entry.name);
    const path = at.slice(dir.length + 1).split(/[\\/]/).join('/');
    // A link to a file is published as that file, copied from where it leads (a hard link to the link would be
    // a link in the site); links that lead elsewhere are reported by load.ts.
    if (!isPublished(path) || !(await readsAsFile(entry, path, new Map()))) continue;
    const source = entry.isSymbolicLink() ? await realpath(at) : at;
    files.push({ path, source, size: (await stat(source)).size });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Where the problems of a public file are reported: its path from the catalogue folder, ../public/… */
const fileOf = (path: string) => posix.join('..', 'public', path);

/**
 * The problems of the public files. `taken` names what the build makes at the site's root: a file name, or a
 * folder name ending in `/`, each with what it is.
 */
export function publicProblems(files: readonly PublicFile[], taken: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const { path, size } of files) {
    const file = fileOf(path);
    const extension = posix.extname(path).slice(1).toLowerCase();
    if (!(PUBLIC_TYPES as readonly string[]).includes(extension)) {
      problems.push(error('public-file-type', file, {}, `public/ publishes its files as they are, and ${extension ? `.${extension} is not a type it publishes` : 'a file without an extension has no type it publishes'} (${PUBLIC_TYPES.join(', ')}).`, 'Remove it from public/, or save it as one of those types (a document as PDF, an archive as ZIP).'));
    }
    if (size > PUBLIC_MAX_BYTES) {
      problems.push(error('public-file-too-large', file, {}, `The file is ${sizeOverLimit(size, PUBLIC_MAX_BYTES).join('; at most ')} is allowed in public/, since visitors download it as it is.`, 'Make it smaller (a PDF exported for the screen, not for print), or link to it where it is hosted.'));
    }
    const unsafe = unsafeCharacters(path);
    if (unsafe.length) {
      const renamed = safeName(path);
      const address = path.replace(/\p{C}/gu, (c) => JSON.stringify(c).slice(1, -1));
      problems.push(error('public-file-name', file, {}, `Its address, /${address}, would hold ${listOf(unsafe)}: an address from public/ holds only letters a-z and A-Z, digits, "_", "-" and ".", which the hosting headers (_headers, nginx.conf) name as written.`, renamed ? `Rename it public/${renamed}.` : 'Rename it with letters a-z, digits and "-".'));
    }
    const top = path.includes('/') ? `${path.slice(0, path.indexOf('/'))}/` : path;
    const builtAs = taken.get(top) ?? (top.endsWith('/') ? taken.get(top.slice(0, -1)) : taken.get(`${top}/`));
    if (builtAs) {
      const elsewhere = top === 'files/' ? 'downloads' : 'files';
      problems.push(error('public-name-taken', file, {}, `The build makes ${top} itself (${builtAs}), so public/${top} would replace it or be replaced.`, `Rename public/${top}, or move it into a folder of its own such as public/${elsewhere}/.`));
    }
  }
  return problems;
}

/** What a public file's path may hold, besides the / between its folders: the characters of img/'s names. A
 *  space, a semicolon or a brace broke nginx.conf's location for the file, and a line break wrote a header of its
 *  own into _headers. */
const SAFE = /[\w.\-/]/;

/** The characters of `path` an address from public/ may not hold, each once, in order. */
const unsafeCharacters = (path: string) => [...new Set([...path].filter((character) => !SAFE.test(character)))];

const listOf = (characters: readonly string[]) => {
  const named = characters.map((c) => (c === ' ' ? 'a space' : /[\r\n]/.test(c) ? 'a line break' : /\p{C}/u.test(c) ? `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : `"${c}"`));
  return [...new Set(named)].join(', ');
};

/** The path with its letters' accents dropped and every run of other unsafe characters as one "-"; empty when a
 *  part of it would be left without a letter or digit to start with. */
function safeName(path: string): string {
  const parts = path.split('/').map((part) =>
    part
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+(?=\.[^.]*$)|-+$/g, ''),
  );
  return parts.every((part, i) => /^\w/.test(part) || (part.startsWith('.') && path.split('/')[i]!.startsWith('.'))) ? parts.join('/') : '';
}
