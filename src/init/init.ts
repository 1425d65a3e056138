// `storefront init [DIR]`: a maintainer's own site without code. DIR is the site's folder (default: the current
// one) and the catalogue goes into DIR/catalogue/, so that from DIR the other commands' defaults (-c catalogue,
// -o dist) just work. The starter catalogue is data, kept as files in template/catalogue/: it validates and builds
// with no warnings (tests/integration/init.test.ts), and its comments explain each field to whoever edits it.
import { cp, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeJsonSchemas } from '../catalogue/jsonSchema.ts';
import { UserError } from '../errors.ts';
import { CannotMakeFolder, makeFolder, whyNotWritable } from '../makeFolder.ts';

export const TEMPLATE_DIR = fileURLToPath(new URL('./template/catalogue/', import.meta.url));

/** The catalogue folder holds something, or cannot be made or written: init never overwrites (wrong usage, exit 2). */
export class InitRefused extends UserError {}

/** Writes the starter catalogue into `<siteDir>/catalogue/` (shown as `shownDir`), and the schemas editors use into
 *  its `.schema/`; returns the catalogue folder. */
export async function initCatalogue(siteDir: string, shownDir: string): Promise<string> {
  const catalogueDir = join(siteDir, 'catalogue');
  const refuse = (why: string, todo: string): never => {
    throw new InitRefused(`Refusing to write a catalogue into ${shownDir}: ${why}. ${todo}`);
  };
  const entries = await readdir(catalogueDir).catch(async (error: NodeJS.ErrnoException) => {
    // A file on the way there is told by makeFolder below.
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    return refuse((await whyNotWritable(error, catalogueDir)) ?? `it cannot be read (${error.code})`, 'Name a folder of your own instead.');
  });
  if (entries.length) {
    const some = entries.sort().slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
    refuse(`it is not empty (${some}), and init never overwrites a file`, 'Name a new folder instead, such as `storefront init my-site`.');
  }
  try {
    await makeFolder(catalogueDir);
    // Entry by entry into the (perhaps existing, empty) folder: cp refuses to copy a folder onto one that exists.
    for (const entry of await readdir(TEMPLATE_DIR)) {
      await cp(join(TEMPLATE_DIR, entry), join(catalogueDir, entry), { recursive: true, errorOnExist: true, force: false });
    }
    await writeJsonSchemas(catalogueDir);
  } catch (error) {
    const { code, dest, path } = error as NodeJS.ErrnoException & { dest?: string };
    // ENOENT once the folder is made would be the template's, a bug: only makeFolder's refusals and the system's
    // refusal to write are the maintainer's to fix.
    const why = error instanceof CannotMakeFolder ? error.why : code === 'ENOENT' ? undefined : await whyNotWritable(error, dest ?? path ?? catalogueDir);
    if (why === undefined) throw error;
    refuse(why, 'Name a folder of your own that you can write to, such as `storefront init my-site` in your home folder.');
  }
  return catalogueDir;
}

/** This installation of storefront: `npx storefront` runs it from this folder and any folder inside it. Elsewhere
 *  npx would fetch the registry's package of that name, which is someone else's. */
export const INSTALL_DIR = resolve(fileURLToPath(new URL('../../', import.meta.url)));

/** What init prints: what it wrote, and the commands to run next, from a folder where they run this storefront.
 *  `dir` is the folder as typed; `siteDir` its real path. */
export function nextSteps(dir: string, siteDir: string, installDir = INSTALL_DIR): string {
  const shell = (path: string) => (/^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);
  const fromSite = !relative(installDir, siteDir).startsWith('..') && !isAbsolute(relative(installDir, siteDir));
  // Outside the installation, the commands run from it and name the site's folders.
  const site = fromSite ? '' : ` -c ${shell(join(siteDir, 'catalogue'))}`;
  const out = fromSite ? 'dist/' : `${join(siteDir, 'dist')}/`;
  const commands: [string, string][] = [
    [`npx storefront validate${site}`, 'check it: every problem, with its file, line and what to do'],
    [`npx storefront dev${site}`, 'edit it with live reload at http://127.0.0.1:4173/'],
    [`npx storefront build${site}${fromSite ? '' : ` -o ${shell(join(siteDir, 'dist'))}`}`, `build the site into ${out}`],
  ];
  const width = Math.max(...commands.map(([command]) => command.length)) + 4;
  const cd = fromSite ? (dir === '.' ? undefined : dir) : resolve(installDir);
  return [
    `Wrote a starter catalogue into ${join(dir, 'catalogue')}/: site.yaml, one category with two services, their descriptions and images.`,
    '',
    fromSite ? 'Next:' : `Next, from ${resolve(installDir)}, where storefront is installed (\`npx storefront\` runs it only from there):`,
    ...(cd === undefined ? [] : [`  cd ${shell(cd)}`]),
    ...commands.map(([command, what]) => `  ${command.padEnd(width)}${what}`),
    '',
    'Then replace the example brand, text, images and prices with your own: the comments in each file say what',
    'each field is, and docs/guide.md has the details.',
  ].join('\n');
}
