// `storefront init`: a new site's catalogue that validates and builds with no warnings, with the other commands'
// defaults working from the site's folder; a catalogue folder that holds anything is never overwritten.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliProcess } from '../support/cliRun.ts';
import { IMAGE_USES } from '../../src/core/images.ts';
import { TOOL } from '../../src/build/cache.ts';
import { INSTALL_DIR, nextSteps, TEMPLATE_DIR } from '../../src/init/init.ts';
import { PACKAGE_NAME, packageNameOf, SITE_SCRIPTS, sitePackage } from '../../src/init/site.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = runCli;

describe('storefront init my-site', () => {
  const site = join(work, 'my-site');

  it('writes the catalogue into my-site/catalogue/ and says what to run next', async () => {
    const result = await cli(work, 'init', 'my-site');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('Wrote a starter catalogue into my-site/catalogue/');
    // my-site is outside this installation, where `npx storefront` would fetch another package of that name: the
    // commands run from the installation, naming the site's folders.
    const catalogue = join(realpathSync(site), 'catalogue');
    expect(result.out).toContain(`\n  cd ${INSTALL_DIR}\n  npx storefront validate -c ${catalogue} `);
    expect(result.out).toMatch(new RegExp(`\\n {2}npx storefront dev -c ${catalogue} .*\\n {2}npx storefront build -c ${catalogue} -o ${join(realpathSync(site), 'dist')} `));
    for (const file of ['site.yaml', 'categories/launch.yaml', 'descriptions/launch-1.md', 'descriptions/launch-2.md', 'img/services/launch-1.svg', 'img/icons/launch.svg', '.schema/site.schema.json', '.schema/category.schema.json']) {
      expect(existsSync(join(site, 'catalogue', file)), file).toBe(true);
    }
  });

  it('gives each YAML file the schema line editors read, and comments on its fields', () => {
    expect(readFileSync(join(site, 'catalogue/site.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.schema\/site\.schema\.json\n/);
    const category = readFileSync(join(site, 'catalogue/categories/launch.yaml'), 'utf8');
    expect(category).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.schema\/category\.schema\.json\n/);
    expect(category).toMatch(/price: \d+ # US dollars/);
  });

  it('validates from the site folder with the default -c, with no problem at all', async () => {
    const result = await cli(site, 'validate');
    expect(result).toEqual({ code: 0, out: 'The catalogue is valid. 1 category, 2 services.', err: '' });
  });

  it('builds from the site folder with the defaults, with no warning, into my-site/dist/', async () => {
    const result = await cli(site, 'build', '--quiet');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^Built 9 pages into /);
    for (const page of ['index.html', '404.html', 'sitemap/index.html', 'category/launch/index.html', 'service/launch-strategy-workshop/launch-1/index.html', 'service/press-release-writing-and-distribution/launch-2/index.html']) {
      expect(existsSync(join(site, 'dist', page)), page).toBe(true);
      // The starter's mails ask for the project lines it lists, with no crypto-specific "Chain:" (site.yaml).
      if (page === 'index.html') expect(decodeURIComponent(readFileSync(join(site, 'dist', page), 'utf8'))).toMatch(/Project name:\r\nLaunch date:\r\nBudget:\r\nLinks:/);
    }
    expect(readFileSync(join(site, 'dist/index.html'), 'utf8')).toContain('Launch Campaigns');
    expect(existsSync(join(site, 'deploy/nginx.conf'))).toBe(true);
  }, 60_000);

  it('refuses to write into it again: the catalogue folder is not empty (exit 2, and why)', async () => {
    const before = readFileSync(join(site, 'catalogue/site.yaml'), 'utf8');
    writeFileSync(join(site, 'catalogue/site.yaml'), `${before}# mine\n`);
    const result = await cli(work, 'init', 'my-site');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into my-site\/catalogue: it is not empty \(\.schema, categories, descriptions, …\)/);
    expect(readFileSync(join(site, 'catalogue/site.yaml'), 'utf8')).toBe(`${before}# mine\n`);
  });
});

describe('storefront init (no folder named)', () => {
  it('uses the current folder, which may hold other files, and prints no cd into it', async () => {
    const site = join(work, 'here');
    mkdirSync(site);
    writeFileSync(join(site, 'README.md'), 'My site\n');
    const result = await cli(site, 'init');
    expect(result.code, result.err).toBe(0);
    expect(result.out).not.toMatch(/\bcd (\.|.*here)\n/);
    expect(readdirSync(join(site, 'catalogue')).sort()).toEqual(['.schema', 'categories', 'descriptions', 'img', 'site.yaml']);
  });

  it('writes into an empty catalogue folder, and refuses a file of that name', async () => {
    const empty = join(work, 'empty');
    mkdirSync(join(empty, 'catalogue'), { recursive: true });
    expect((await cli(empty, 'init')).code).toBe(0);
    const file = join(work, 'file');
    mkdirSync(file);
    writeFileSync(join(file, 'catalogue'), '');
    const result = await cli(file, 'init');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into catalogue: .*file\/catalogue is a file, not a folder\./);
  });
});

// A folder init cannot write into: exit 2 and why, nothing written, and never a hang.
describe('storefront init into a folder it cannot use', () => {
  it('refuses a dangling symbolic link, naming where it leads', async () => {
    symlinkSync(join(work, 'gone'), join(work, 'dangling'));
    const result = await cli(work, 'init', 'dangling');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into dangling\/catalogue: .*dangling is a symbolic link to .*gone, which does not exist\. Name a folder/);
    expect(existsSync(join(work, 'gone'))).toBe(false);
  });

  it('refuses a site folder it could not finish (a package.json that does not parse, a file named .github), writing nothing, and works once it is mended', async () => {
    const broken = join(work, 'broken-package');
    mkdirSync(broken);
    writeFileSync(join(broken, 'package.json'), '{ "name": "x", }\n');
    const refused = await cli(work, 'init', 'broken-package');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^Refusing to start a site in broken-package: its package\.json is not valid JSON \(.+\); mend it, or remove it\. Nothing was written\.$/m);
    expect(refused.err).not.toMatch(/Internal error/);
    expect(readdirSync(broken)).toEqual(['package.json']);
    writeFileSync(join(broken, 'package.json'), '{ "name": "x" }\n');
    expect((await cli(work, 'init', 'broken-package')).code).toBe(0);

    const dotted = join(work, 'dotted');
    mkdirSync(dotted);
    writeFileSync(join(dotted, '.github'), 'not a folder\n');
    const file = await cli(work, 'init', 'dotted');
    expect(file.code).toBe(2);
    expect(file.err).toMatch(/there is a file named \.github where init writes the folder \.github\/ \(for \.github\/workflows\/site\.yml\); rename it\. Nothing was written\./);
    expect(readdirSync(dotted)).toEqual(['.github']);
  });

  it('refuses a file', async () => {
    writeFileSync(join(work, 'notes.txt'), 'mine\n');
    const result = await cli(work, 'init', 'notes.txt');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into notes\.txt\/catalogue: .*notes\.txt is a file, not a folder\./);
    expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  // Root may write into a read-only folder: as root, init runs as the user "nobody".
  it('refuses a folder this user may not write into', async () => {
    const locked = join(work, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    chmodSync(work, 0o755);
    try {
      const result = await runCliProcess(locked, ['init'], 60_000, { asNobody: true });
      expect(result.code, result.err).toBe(2);
      expect(result.err).toMatch(/^Refusing to write a catalogue into catalogue: this user may not write into .*locked\./);
      expect(readdirSync(locked)).toEqual([]);
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  // It wrote the catalogue, then stopped at .github/ with "Internal error" (EACCES), and every later run refused the
  // folder for its catalogue: nothing could finish it but removing that by hand.
  it('refuses, writing nothing, a folder of the site it may not write into (a .github/ another user made)', async () => {
    const site = join(work, 'github-locked');
    mkdirSync(join(site, '.github'), { recursive: true });
    chmodSync(site, 0o777);
    chmodSync(join(site, '.github'), 0o555);
    chmodSync(work, 0o755);
    try {
      const result = await runCliProcess(site, ['init'], 60_000, { asNobody: true });
      expect(result.code, result.err).toBe(2);
      expect(result.err).toMatch(/its folder \.github\/ cannot be written, and init writes \.github\/workflows\/site\.yml there; give your user write access to it/);
      expect(readdirSync(site)).toEqual(['.github']);
    } finally {
      chmodSync(join(site, '.github'), 0o755);
    }
  });

  it.runIf(existsSync('/sys/kernel'))('refuses a system folder under /sys', async () => {
    const result = await cli(work, 'init', '/sys/kernel/my-site');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into \/sys\/kernel\/my-site\/catalogue: (the system does not allow writing into \/sys\/kernel|\/sys\/kernel is on a read-only file system)\./);
  });

  // Node's recursive mkdir retries forever there: run as a process of its own, killed if it does not end.
  it.runIf(existsSync('/proc/1'))('refuses a folder under /proc, and ends', async () => {
    const result = await runCliProcess(work, ['init', '/proc/1']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Refusing to write a catalogue into \/proc\/1\/catalogue: the system makes no folders in \/proc\/1 /);
  }, 90_000);
});

describe('the commands init prints', () => {
  it('run as printed, from the folder they say: validate checks the new catalogue', async () => {
    const result = await cli(work, 'init', 'printed');
    expect(result.code, result.err).toBe(0);
    const cd = /^ {2}cd (\S+)$/m.exec(result.out)?.[1];
    const validate = /^ {2}npx storefront (validate\b.*?) {2,}/m.exec(result.out)?.[1];
    expect(cd).toBeDefined();
    expect(validate).toBeDefined();
    const checked = await cli(resolve(work, cd!), ...validate!.split(' '));
    expect(checked).toEqual({ code: 0, out: 'The catalogue is valid. 1 category, 2 services.', err: '' });
  });

  it('inside the installation: cd to the site, where `npx storefront` finds this one', () => {
    const steps = nextSteps('my-site', '/srv/storefront/my-site', { installDir: '/srv/storefront/', checkout: true });
    expect(steps).toMatch(/\n {2}cd my-site\n {2}npx storefront validate {2,}check it.*\n {2}npx storefront dev {2,}.*\n {2}npx storefront build {2,}/);
    expect(nextSteps('.', '/srv/storefront', { installDir: '/srv/storefront/', checkout: true })).toMatch(/\nNext:\n {2}npx storefront validate {2,}/);
  });

  it('outside it: from the installation, with the site named', () => {
    const steps = nextSteps('../my site', '/srv/my site', { installDir: '/srv/storefront/', checkout: true });
    expect(steps).toContain("\n  cd /srv/storefront\n  npx storefront validate -c '/srv/my site/catalogue'  ");
    expect(steps).toContain("\n  npx storefront build -c '/srv/my site/catalogue' -o '/srv/my site/dist'  ");
    expect(steps).not.toMatch(/cd '?\.\.\/my site/);
  });
});

describe('the commands init prints from the installed package', () => {
  it("are the site's own npm scripts, from its folder, with npm install first when storefront is not there yet", () => {
    const steps = nextSteps('my site', '/srv/my site', { checkout: false, installed: false });
    expect(steps).toMatch(/\nNext:\n {2}cd 'my site'\n {2}npm install {2,}install storefront.*\n {2}npm run validate {2,}check it.*\n {2}npm run dev {2,}.*\n {2}npm run build {2,}build the site into dist\/\n/);
    expect(nextSteps('.', '/srv/site', { checkout: false, installed: true })).toMatch(/\nNext:\n {2}npm run validate {2,}/);
  });

  it('say which scripts package.json kept with its own command, run storefront for those, and what .gitignore lacks', () => {
    const files = { written: ['pages/'], kept: ['.gitignore', 'package.json'], ownScripts: ['build'], notIgnored: ['dist/', '.storefront-cache/'] };
    const steps = nextSteps('.', '/srv/site', { checkout: false, installed: true, files });
    expect(steps).toContain("package.json keeps its own `build` script: storefront's is `npx storefront build`.");
    expect(steps).toContain('Add to .gitignore what the build writes: dist/ .storefront-cache/');
    expect(steps).toMatch(/\n {2}npm run validate {2,}.*\n {2}npm run dev {2,}.*\n {2}npx storefront build {2,}build the site into dist\/\n/);
  });
});

describe('the files init writes beside the catalogue', () => {
  const site = join(work, 'files');

  it('are a package.json that depends on storefront with the scripts the README names, pages/, public/, a README, .gitignore and a workflow', async () => {
    const result = await cli(work, 'init', 'files');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('Beside it: .github/workflows/site.yml, .gitignore, README.md, pages/, public/, package.json.');
    const manifest = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8'));
    expect(manifest).toEqual({ name: 'files', private: true, scripts: SITE_SCRIPTS, dependencies: { [PACKAGE_NAME]: `^${TOOL.version}` } });
    const readme = readFileSync(join(site, 'README.md'), 'utf8');
    for (const script of Object.keys(SITE_SCRIPTS)) expect(readme).toContain(script === 'start' ? '`npm start`' : `\`npm run ${script}`);
    expect(readme).toMatch(/^# files\n/);
    expect(readFileSync(join(site, '.gitignore'), 'utf8')).toMatch(/^node_modules\/\ndist\/\n/m);
    const workflow = readFileSync(join(site, '.github/workflows/site.yml'), 'utf8');
    expect(workflow).toContain('npm run validate -- --format github');
    expect(workflow).toContain('npm run deploy -- --target "s3://${{ vars.BUCKET }}"');
    for (const folder of ['pages', 'public']) expect(readdirSync(join(site, folder))).toEqual([]);
  });

  it('never replace a file that is there: package.json gains only the scripts and the dependency it lacks', async () => {
    const own = join(work, 'own');
    mkdirSync(own);
    writeFileSync(join(own, 'package.json'), JSON.stringify({ name: 'ours', version: '1.0.0', scripts: { build: 'make site' }, devDependencies: { [PACKAGE_NAME]: 'file:../storefront.tgz' } }));
    writeFileSync(join(own, 'README.md'), 'Our notes.\n');
    // Ignored as written by hand: without the template's slashes. It was told to add node_modules/ and dist/.
    writeFileSync(join(own, '.gitignore'), 'node_modules\n/dist\n.env\n');
    const result = await cli(own, 'init');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('Kept as they were: .gitignore, README.md.');
    // Its own README says nothing of storefront's folders.
    expect(result.out).toContain('docs/guide.md in the storefront package says where things go.');
    expect(result.out).toMatch(/Add to \.gitignore what the build writes: deploy\/ /);
    expect(result.out).not.toMatch(/Add to \.gitignore what the build writes: .*(node_modules|dist)\//);
    expect(result.out).toContain("package.json keeps its own `build` script: storefront's is `npx storefront build`.");
    expect(readFileSync(join(own, 'README.md'), 'utf8')).toBe('Our notes.\n');
    const manifest = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8'));
    expect(manifest).toEqual({ name: 'ours', version: '1.0.0', scripts: { ...SITE_SCRIPTS, build: 'make site' }, devDependencies: { [PACKAGE_NAME]: 'file:../storefront.tgz' } });
    // The workflow built the site with `npm run build`, which ran "make site": CI published no dist/.
    const workflow = readFileSync(join(own, '.github/workflows/site.yml'), 'utf8');
    expect(workflow).toContain('- run: npx storefront build --format github --cache-dir .storefront-cache');
    expect(workflow).toContain('- run: npm run validate -- --format github --cache-dir .storefront-cache');
    expect(workflow).not.toMatch(/npm run build/);
  });

  it('refuses, writing nothing, what it could not finish: a file named pages or public, a link that leads nowhere where a file goes', async () => {
    for (const [name, make, said] of [
      ['file-pages', (dir: string) => writeFileSync(join(dir, 'pages'), 'notes\n'), /there is a file named pages where the site's pages\/ folder goes; rename it/],
      ['file-public', (dir: string) => writeFileSync(join(dir, 'public'), 'notes\n'), /there is a file named public where the site's public\/ folder goes; rename it/],
      ['dead-readme', (dir: string) => symlinkSync(join(dir, 'nowhere.md'), join(dir, 'README.md')), /README\.md is a symbolic link that leads nowhere, where init writes README\.md; remove it/],
    ] as const) {
      const dir = join(work, name);
      mkdirSync(dir);
      make(dir);
      const before = readdirSync(dir);
      const refused = await cli(work, 'init', name);
      expect(refused.code, refused.err).toBe(2);
      expect(refused.err).toMatch(said);
      expect(refused.err).not.toMatch(/Internal error/);
      expect(readdirSync(dir)).toEqual(before);
    }
  });

  it('name the package after the folder as npm allows', () => {
    expect(packageNameOf('My Agency Site')).toBe('my-agency-site');
    expect(packageNameOf('.hidden')).toBe('hidden');
    expect(packageNameOf('***')).toBe('my-site');
    expect(sitePackage(undefined, 'Acme', '1.2.3')).toEqual({ name: 'acme', private: true, scripts: SITE_SCRIPTS, dependencies: { [PACKAGE_NAME]: '^1.2.3' } });
  });
});

describe('the template', () => {
  it('gives the sizes a service image is shown at, as the site shows it and the guide says', () => {
    const { shown, aspect } = IMAGE_USES.page;
    const size = `${shown} × ${Math.round(shown / aspect!)}`;
    const category = readFileSync(join(TEMPLATE_DIR, 'categories/launch.yaml'), 'utf8');
    expect(category).toContain(`a ${IMAGE_USES.card.shown} px square on cards, up to ${size} pixels (5:3) on its page`);
    const guide = readFileSync(new URL('../../docs/guide.md', import.meta.url), 'utf8');
    expect(guide).toContain(`a ${IMAGE_USES.card.shown} px square on cards (cut from the middle), up to ${size} px (5:3) on its page`);
  });

  it('is data only: no code in it', () => {
    const files = readdirSync(TEMPLATE_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => /\.\w+$/.test(f));
    expect(files.filter((f) => !/\.(ya?ml|md|svg)$/.test(f))).toEqual([]);
  });
});
