// `storefront init [DIR]`: a maintainer's own site without code. DIR is the site's folder (default: the current
// one) and the catalogue goes into DIR/catalogue/, so that from DIR the other commands' defaults (-c catalogue,
// -o dist) just work. The starter catalogue is data, kept as files in template/catalogue/: it validates and builds
// with no warnings (tests/integration/init.test.ts), and its comments explain each field to whoever edits it.
import { cp, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeJsonSchemas } from '../catalogue/jsonSchema.ts';
import { UserError } from '../errors.ts';

export const TEMPLATE_DIR = fileURLToPath(new URL('./template/catalogue/', import.meta.url));

/** The catalogue folder is there and holds something: init never overwrites (wrong usage, exit 2). */
export class InitRefused extends UserError {}

/** Writes the starter catalogue into `<siteDir>/catalogue/` (shown as `shownDir`), and the schemas editors use into
 *  its `.schema/`; returns the catalogue folder. */
export async function initCatalogue(siteDir: string, shownDir: string): Promise<string> {
  const catalogueDir = join(siteDir, 'catalogue');
  const entries = await readdir(catalogueDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new InitRefused(`Refusing to write a catalogue into ${shownDir}: it is a file, not a folder.`);
    throw error;
  });
  if (entries.length) {
    const some = entries.sort().slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
    throw new InitRefused(
      `Refusing to write a catalogue into ${shownDir}: it is not empty (${some}), and init never overwrites a file. Name a new folder instead, such as \`storefront init my-site\`.`,
    );
  }
  // Entry by entry into the (perhaps existing, empty) folder: cp refuses to copy a folder onto one that exists.
  await mkdir(catalogueDir, { recursive: true });
  for (const entry of await readdir(TEMPLATE_DIR)) {
    await cp(join(TEMPLATE_DIR, entry), join(catalogueDir, entry), { recursive: true, errorOnExist: true, force: false });
  }
  await writeJsonSchemas(catalogueDir);
  return catalogueDir;
}

/** What init prints: what it wrote, and the commands to run next from the folder it ran in. */
export function nextSteps(dir: string): string {
  const shell = (path: string) => (/^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);
  return [
    `Wrote a starter catalogue into ${join(dir, 'catalogue')}/: site.yaml, one category with two services, their descriptions and images.`,
    '',
    'Next:',
    ...(dir === '.' ? [] : [`  cd ${shell(dir)}`]),
    '  npx storefront validate    check it: every problem, with its file, line and what to do',
    '  npx storefront dev         edit it with live reload at http://127.0.0.1:4173/',
    '  npx storefront build       build the site into dist/',
    '',
    'Then replace the example brand, text, images and prices with your own: the comments in each file say what',
    'each field is, and docs/guide.md has the details.',
  ].join('\n');
}
