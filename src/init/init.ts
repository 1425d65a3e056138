// `storefront init [DIR]`: a maintainer's own site without code. DIR is the site's folder (default: the current
// one) and the catalogue goes into DIR/catalogue/, so that from DIR the other commands' defaults (-c catalogue,
// -o dist) just work. The starter catalogue is data, kept as files in template/catalogue/: it validates and builds
// with no warnings (tests/integration/init.test.ts), and its comments explain each field to whoever edits it.
import { existsSync } from 'node:fs';
import { cp, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeJsonSchemas } from '../catalogue/jsonSchema.ts';
import { UserError } from '../errors.ts';
import { CannotMakeFolder, makeFolder, whyNotWritable } from '../makeFolder.ts';
import { PACKAGE_NAME, type SiteFiles } from './site.ts';

// From the package's root: the same folder whether this module runs as TypeScript (src/) or compiled (lib/).
export const TEMPLATE_DIR = fileURLToPath(new URL('../../src/init/template/catalogue/', import.meta.url));

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

/** This installation of storefront. */
export const INSTALL_DIR = resolve(fileURLToPath(new URL('../../', import.meta.url)));

/** Whether `installDir` is a clone of storefront's repository (it runs from its sources) rather than the package. */
export const isCheckout = (installDir: string) => existsSync(join(installDir, 'tsconfig.json'));

export interface StepsContext {
  installDir?: string;
  /** storefront runs from a clone of its repository (default: whether installDir is one). */
  checkout?: boolean;
  /** The site's folder has storefront installed already (default: whether its node_modules holds it). */
  installed?: boolean;
  /** What init wrote beside the catalogue, and kept. */
  files?: SiteFiles;
}

const shell = (path: string) => (/^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/** What init prints: what it wrote, and the commands to run next, from a folder where they run this storefront.
 *  `dir` is the folder as typed; `siteDir` its real path. */
export function nextSteps(dir: string, siteDir: string, context: StepsContext = {}): string {
  const { installDir = INSTALL_DIR, files } = context;
  const checkout = context.checkout ?? isCheckout(installDir);
  const installed = context.installed ?? existsSync(join(siteDir, 'node_modules', PACKAGE_NAME));
  const [intro, commands] = checkout ? fromCheckout(dir, siteDir, installDir) : fromPackage(dir, installed, new Set(files?.ownScripts));
  const width = Math.max(...commands.map(([command]) => command.length)) + 4;
  const beside = files?.written.filter((file) => !file.startsWith('catalogue/')) ?? [];
  return [
    `Wrote a starter catalogue into ${join(dir, 'catalogue')}/: site.yaml, one category with two services, their descriptions and images.`,
    ...(beside.length ? [`Beside it: ${beside.join(', ')}.`] : []),
    ...(files?.kept.length ? [`Kept as they were: ${files.kept.join(', ')}.`] : []),
    ...(files?.ownScripts?.length ? [`package.json keeps its own ${files.ownScripts.map((name) => `\`${name}\``).join(', ')} script${files.ownScripts.length > 1 ? 's' : ''}: storefront's ${files.ownScripts.length > 1 ? 'are' : 'is'} \`npx storefront ${files.ownScripts[0]}\`${files.ownScripts.length > 1 ? ' and the like' : ''}.`] : []),
    ...(files?.notIgnored?.length ? [`Add to .gitignore what the build writes: ${files.notIgnored.join(' ')}`] : []),
    '',
    ...intro,
    ...commands.map(([command, what]) => (what ? `  ${command.padEnd(width)}${what}` : `  ${command}`)),
    '',
    'Then replace the example brand, text, images and prices with your own: the comments in each file say what',
    // A README of the site's own, kept, says nothing of where storefront's things go: the guide does.
    files?.kept.includes('README.md') ? 'each field is, and docs/guide.md in the storefront package says where things go.' : 'each field is, and the README the site folder now has says where things go.',
  ].join('\n');
}

type Commands = [intro: string[], commands: [command: string, what?: string][]];

const CHECK = 'check it: every problem, with its file, line and what to do';
const DEV = 'edit it with live reload at http://127.0.0.1:4173/';

/** From the installed package: the site's own scripts, from its folder (`npx storefront` where package.json has a
 *  script of that name that runs something else). */
function fromPackage(dir: string, installed: boolean, ownScripts: ReadonlySet<string>): Commands {
  const run = (name: string) => (ownScripts.has(name) ? `npx storefront ${name}` : `npm run ${name}`);
  return [
    ['Next:'],
    [
      ...(dir === '.' ? [] : [[`cd ${shell(dir)}`] as [string]]),
      ...(installed ? [] : [['npm install', 'install storefront into the site'] as [string, string]]),
      [run('validate'), CHECK],
      [run('dev'), DEV],
      [run('build'), 'build the site into dist/'],
    ],
  ];
}

/** From a clone of storefront's repository: `npx storefront` runs it from the clone's folder and any folder
 *  inside it, and elsewhere would fetch the registry's package, so outside it the commands name the site. */
function fromCheckout(dir: string, siteDir: string, installDir: string): Commands {
  const fromSite = !relative(installDir, siteDir).startsWith('..') && !isAbsolute(relative(installDir, siteDir));
  const site = fromSite ? '' : ` -c ${shell(join(siteDir, 'catalogue'))}`;
  const out = fromSite ? 'dist/' : `${join(siteDir, 'dist')}/`;
  const cd = fromSite ? (dir === '.' ? undefined : dir) : resolve(installDir);
  return [
    [fromSite ? 'Next:' : `Next, from ${resolve(installDir)}, where storefront is installed (\`npx storefront\` runs it only from there):`],
    [
      ...(cd === undefined ? [] : [[`cd ${shell(cd)}`] as [string]]),
      [`npx storefront validate${site}`, CHECK],
      [`npx storefront dev${site}`, DEV],
      [`npx storefront build${site}${fromSite ? '' : ` -o ${shell(join(siteDir, 'dist'))}`}`, `build the site into ${out}`],
    ],
  ];
}
