// One fixture catalogue per failure mode (tests/fixtures/<mode>/): each test asserts that the problem names
// the file, the line and the field, and says what is wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../src/catalogue/limits.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { siteInputs, snapshotInputs } from '../../src/build/upToDate.ts';
import type { Problem } from '../../src/catalogue/problems.ts';
import { buildModel } from '../../src/model/model.ts';
import { validate as validateWithPageRoutes } from '../support/site.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;
const validate = async (name: string) => validateWithPageRoutes(await loadCatalogue(fixture(name)));

interface Expected {
  file: string;
  /** Absent for a problem with a whole file, such as an image of the wrong type. */
  line?: number;
  field?: string | RegExp;
  message: RegExp;
  severity?: Problem['severity'];
}

const modes: [mode: string, expected: Expected][] = [
  ['yaml-syntax', { file: 'categories/beta.yaml', line: 12, message: /YAML syntax error/ }],
  ['yaml-alias-without-anchor', { file: 'categories/beta.yaml', line: 13, message: /YAML error: Unresolved alias .*: currency/ }],
  ['missing-field', { file: 'categories/alpha.yaml', line: 9, field: 'services[0].price', message: /required field "price" is missing/ }],
  ['mistyped-field', { file: 'categories/beta.yaml', line: 10, field: 'services[0].name', message: /Expected a string, got number 42/ }],
  ['unknown-field', { file: 'categories/alpha.yaml', line: 12, field: 'services[0].prise', message: /Unknown field "prise"/ }],
  ['duplicate-id', { file: 'categories/alpha.yaml', line: 17, field: 'services[1].id', message: /"alpha-1" is already used by another service \(categories\/alpha\.yaml:9\)/ }],
  ['id-wrong-prefix', { file: 'categories/beta.yaml', line: 9, field: 'services[0].id', message: /does not start with this category's prefix "beta"/ }],
  ['id-bad-form', { file: 'categories/beta.yaml', line: 9, field: 'services[0].id', message: /not of the form prefix-number/ }],
  ['negative-price', { file: 'categories/alpha.yaml', line: 12, field: 'services[0].price', message: /price of 0 or more; got number -5/ }],
  ['non-numeric-price', { file: 'categories/alpha.yaml', line: 12, field: 'services[0].price', message: /Expected a number, got the text "\$3,000"/ }],
  ['price-below-a-cent', { file: 'categories/alpha.yaml', line: 12, field: 'services[0].price', message: /at most two decimals \(cents\).*got number 0\.0001/ }],
  ['price-too-high', { file: 'categories/alpha.yaml', line: 12, field: 'services[0].price', message: /at most 10,000,000 dollars; got number 1e\+23/ }],
  ['name-without-latin-letters', { file: 'categories/beta.yaml', line: 10, field: 'services[0].name', message: /"中文营销推广" gives no page address/ }],
  ['name-of-emoji-only', { file: 'categories/beta.yaml', line: 10, field: 'services[0].name', message: /gives no page address/ }],
  ['look-alike-letter', { file: 'categories/beta.yaml', line: 10, field: 'services[0].name', message: /Cyrillic letter "О" \(U\+041E\), which looks like the Latin "O"/ }],
  ['empty-site-file', { file: 'site.yaml', line: 1, message: /^The file is empty\.$/ }],
  ['empty-category-file', { file: 'categories/alpha.yaml', line: 1, message: /^The file is empty\.$/ }],
  ['not-an-image', { file: 'img/services/page.html', message: /not an image the site publishes \(svg, png, jpg, jpeg, webp, avif\)/ }],
  ['svg-with-script', { file: 'img/services/alpha-1.svg', line: 3, message: /<svg:script> element/ }],
  ['svg-with-event-handler', { file: 'img/services/alpha-1.svg', line: 3, message: /event handler attribute "onload"/ }],
  ['svg-with-foreign-object', { file: 'img/services/alpha-1.svg', line: 2, message: /<foreignObject> element/ }],
  ['svg-with-external-reference', { file: 'img/services/alpha-1.svg', line: 2, message: /refers to "https:\/\/tracker\.example\/pixel\.png" in its "xlink:href" attribute/ }],
  ['description-too-deep', { file: 'descriptions/alpha-1.md', line: 6, message: /nested more than 32 deep/ }],
  ['description-too-complex', { file: 'descriptions/alpha-1.md', line: 6, message: /more than 1,000 marks/ }],
  ['svg-with-external-fill', { file: 'img/services/alpha-1.svg', line: 2, message: /refers to "https:\/\/example\.com\/x" in its "fill" attribute/ }],
  ['svg-with-external-filter-and-mask', { file: 'img/services/alpha-1.svg', line: 3, message: /refers to "https:\/\/example\.com\/effects\.svg#blur" in its "filter" attribute/ }],
  // Made from a valid 560 × 336 JPEG (sharp): cut to half its bytes; two bytes of its entropy-coded data made
  // 0xFF 0x00 pairs (a run of 1 bits no Huffman table has); and a PNG given a .jpg name. Each header reads fine.
  ['jpeg-cut-short', { file: 'img/services/alpha-1.jpg', message: /cannot be read as an image: its image data is damaged or cut short \(VipsJpeg: premature end of JPEG image\)/ }],
  ['jpeg-bad-huffman-code', { file: 'img/services/alpha-1.jpg', message: /cannot be read as an image: its image data is damaged or cut short \(VipsJpeg: Corrupt JPEG data: bad Huffman code\)/ }],
  ['png-named-jpg', { file: 'img/services/alpha-1.jpg', message: /^The file is named \.jpg but holds a PNG image/ }],
  // Latin-1 bytes in a description (the site showed "Caf� cr�me"), and an escape that puts a control character in a name.
  ['not-utf8', { file: 'descriptions/alpha-2.md', line: 3, message: /^The file is not UTF-8 text/ }],
  ['control-character', { file: 'categories/alpha.yaml', line: 10, field: 'services[0].name', message: /without control characters.*got the text "Fast-Track Listing\\x1b\[31m/ }],
  // An escape pasted from a terminal into a description: published as it was, a stray mark on the page.
  ['description-control-character', { file: 'descriptions/alpha-1.md', line: 6, message: /^The file holds a control character here \(U\+001B\)/ }],
  // An empty file: sharp throws at once on it, which was an internal error.
  ['empty-image', { file: 'img/services/alpha-1.jpg', message: /cannot be read as an image: the file is empty/ }],
  ['oversized-description', { file: 'descriptions/alpha-1.md', line: 1, message: /The description is 108 KB; at most 100 KB is allowed/ }],
  ['wrong-currency', { file: 'categories/beta.yaml', line: 13, field: 'services[0].currency', message: /Expected "USD".*"EUR"/ }],
  // The currency has one allowed value: missing, it is a missing field all the same (it said "got undefined undefined").
  ['missing-currency', { file: 'categories/beta.yaml', line: 9, field: 'services[0].currency', message: /^The required field "currency" is missing\.$/ }],
  // Half of "\uD83D\uDE80" (🚀): validation passed it, and Pagefind stopped the build with an internal error.
  ['half-escaped-character', { file: 'categories/beta.yaml', line: 10, field: 'services[0].name', message: /half of an escaped character/ }],
  ['missing-image', { file: 'categories/alpha.yaml', line: 22, field: 'services[1].image', message: /img\/services\/alpha-two\.svg does not exist/ }],
  ['service-without-description', { file: 'categories/beta.yaml', line: 9, field: 'services[0].id', message: /"beta-1" has no description/ }],
  ['description-without-service', { file: 'descriptions/alpha-9.md', line: 1, message: /no service with the id "alpha-9"/ }],
  ['broken-service-link', { file: 'descriptions/alpha-1.md', line: 6, field: /free-slot/, message: /not a page of this site/ }],
  ['bad-link-scheme', { file: 'descriptions/beta-1.md', line: 3, field: /ftp:/, message: /"ftp:" scheme, which is not allowed/ }],
  ['link-without-host', { file: 'descriptions/beta-1.md', line: 3, field: /https:\/\//, message: /^The link "https:\/\/" is not a web address a browser can open: it has no host name\.$/ }],
  ['duplicate-anchor', { file: 'categories/beta.yaml', line: 3, field: 'anchor', message: /already uses the anchor "alpha" \(categories\/alpha\.yaml:3\)/ }],
  // The hero's heading is "hero-title": the page had two elements with that id.
  ['reserved-anchor', { file: 'categories/alpha.yaml', line: 3, field: 'anchor', message: /^With the anchor "hero", this category's heading on the home page would take the id "hero-title", which the home page already has/ }],
  ['duplicate-prefix', { file: 'categories/beta.yaml', line: 4, field: 'idPrefix', message: /already uses the idPrefix "alpha" \(categories\/alpha\.yaml:4\)/ }],
  ['empty-category', { file: 'categories/beta.yaml', line: 8, field: 'services', message: /no services/ }],
  ['bad-alternative-slug', { file: 'site.yaml', line: 27, field: 'alternatives[1].slug', message: /lowercase words joined by hyphens/ }],
  ['relative-base-url', { file: 'site.yaml', line: 3, field: 'baseUrl', message: /absolute URL/ }],
  // Joined into every canonical link, sitemap.xml and robots.txt as it was: https://www.example.com/shop/?utm=1#top/about/.
  ['base-url-not-a-root', { file: 'site.yaml', line: 3, field: 'baseUrl', message: /the site's root, such as https:\/\/www\.example\.com, but it has a path \(\/shop\/\), a query \(\?…\) and a fragment \(#…\)/ }],
  // new URL() refused it at the cards' stage: an internal error after validate had passed it.
  ['base-url-bad-port', { file: 'site.yaml', line: 3, field: 'baseUrl', message: /^Expected an address a browser can open, but its port 99999 is over 65535/ }],
  // Not checked at all: a dead link on every page.
  ['messaging-link-bad-port', { file: 'site.yaml', line: 9, field: 'contact.messaging.href', message: /^The link "https:\/\/chat\.example\.com:70000\/fixture" is not a web address a browser can open: its port 70000 is over 65535\.$/ }],
  ['unlisted-category', { file: 'site.yaml', line: 35, field: 'categories[2]', message: /no file categories\/gamma\.yaml/ }],
  ['two-files-one-category', { file: 'categories/alpha.yml', line: 1, message: /Two files define the category "alpha": categories\/alpha\.yaml and categories\/alpha\.yml\./ }],
  ['long-meta-description', { file: 'categories/beta.yaml', line: 15, field: 'services[0].metaDescription', message: /166 characters/, severity: 'warning' }],
  ['short-description', { file: 'descriptions/beta-1.md', line: 1, message: /The description has only 5 words\./, severity: 'warning' }],
  // Spaces and a blank line: published as "About this service" over nothing.
  ['empty-description', { file: 'descriptions/alpha-2.md', message: /^The description is empty: its service page would show "About this service" with nothing under it\.$/ }],
  // Words only inside raw HTML and a comment, which the page does not publish: counted as 23 words, it passed.
  ['description-without-text', { file: 'descriptions/alpha-2.md', message: /^The description shows no text \(raw HTML, images, comments and link definitions are not published\)/ }],
  ['descriptions-as-file', { file: 'descriptions', message: /^descriptions is a file, but the build reads descriptions\/ as a folder: a Markdown file a service/ }],
  ['upper-case-extension', { file: 'descriptions/notes.MD', message: /^The build does not read this file: descriptions\/ holds Markdown files whose names end in \.md, in lower case\.$/, severity: 'warning' }],
  // Front matter as the case studies have it, copied into a description: published as a line and a heading.
  ['description-front-matter', { file: 'descriptions/alpha-2.md', line: 1, message: /starts with front matter \(2 "name: value" lines between "---" lines\)/ }],
  // Under a blank line it passed, and the page showed a rule and the fields as a heading.
  ['description-front-matter-after-blank-line', { file: 'descriptions/alpha-2.md', line: 2, message: /starts with front matter \(2 "name: value" lines between "---" lines\)/ }],
  ['option-without-price', { file: 'categories/alpha.yaml', line: 16, field: 'services[0].options[1].price', message: /^This option has no price\.$/ }],
  ['empty-options', { file: 'categories/alpha.yaml', line: 13, field: 'services[0].options', message: /at least one option/ }],
  ['duplicate-option-label', { file: 'categories/alpha.yaml', line: 16, field: 'services[0].options[1].label', message: /already labelled "24 Hours" \(line 14\)/ }],
  ['price-not-lowest-option', { file: 'categories/alpha.yaml', line: 12, field: 'services[0].price', message: /price 600 is not the lowest option's price, 500/ }],
  ['unknown-required-service', { file: 'categories/alpha.yaml', line: 14, field: 'services[0].requires[0]', message: /no service with the id "alpha-9"/ }],
  ['unknown-related-service', { file: 'categories/alpha.yaml', line: 14, field: 'services[0].related[1]', message: /no service with the id "alpha-3"/ }],
  ['requires-itself', { file: 'categories/alpha.yaml', line: 14, field: 'services[0].requires[0]', message: /cannot be required by itself/ }],
  ['requires-cycle', { file: 'categories/beta.yaml', line: 14, field: 'services[0].requires[0]', message: /alpha-1 → alpha-2 → beta-1 → alpha-1/ }],
  ['alternative-without-date', { file: 'alternatives/icoda.md', line: 1, field: 'reviewed', message: /"reviewed" is missing/ }],
  ['alternative-bad-reviewed-date', { file: 'alternatives/icoda.md', line: 2, field: 'reviewed', message: /"2026-02-30" is not a date/ }],
  ['alternative-reviewed-in-future', { file: 'alternatives/icoda.md', line: 2, field: 'reviewed', message: /2999-01-01 is in the future/ }],
  ['alternative-not-listed', { file: 'alternatives/icodaa.md', line: 1, message: /"icodaa" is not in site\.yaml's alternatives list/ }],
  ['alternatives-without-content', { file: 'site.yaml', line: 25, field: 'alternatives', message: /1 of the 2 alternatives pages has no content of its own \(icoda\).*doorway pages/, severity: 'warning' }],
  ['stat-without-source', { file: 'site.yaml', line: 18, field: 'stats[1]', message: /^The figure "2700%" has no source: visitors cannot tell where it comes from\.$/, severity: 'warning' }],
  ['long-response-time', { file: 'site.yaml', line: 10, field: 'contact.responseTime', message: /at most 80 characters/ }],
  ['case-unknown-service', { file: 'cases/launch-week.md', line: 5, field: 'services[1]', message: /no service with the id "alpha-9"/ }],
  // Accepted, and the service's page showed the case's card twice.
  ['case-service-twice', { file: 'cases/launch-week.md', line: 5, field: 'services[1]', message: /^"alpha-1" is listed twice in services\.$/ }],
  ['case-without-disclosure', { file: 'cases/launch-week.md', line: 2, field: 'disclosure', message: /does not disclose the relationship/ }],
  ['case-result-without-source', { file: 'cases/launch-week.md', line: 12, field: 'results[1].source', message: /The result "9 h" has no source/ }],
  ['organisation-founded-in-future', { file: 'site.yaml', line: 40, field: 'organisation.founded', message: /^The founding year 2999 is in the future \(this year is \d{4}\)\.$/ }],
  ['team-photo-missing', { file: 'site.yaml', line: 44, field: 'organisation.team[0].photo', message: /^The photo file img\/team\/mara-quill\.svg does not exist\.$/ }],
  // A wordmark as the favicon was fitted into the square as a thin strip, a 16 px home-screen icon enlarged to 180.
  ['icon-not-square', { file: 'site.yaml', line: 4, field: 'theme.favicon', message: /^img\/brand\/wordmark\.png is 96 × 24 px, but a browser tab shows it at 32 × 32 px: it is fitted into the square/, severity: 'warning' }],
  ['touch-icon-too-small', { file: 'site.yaml', line: 4, field: 'theme.touchIcon', message: /^img\/brand\/touch\.png is 16 × 16 px, but a phone's home screen shows it at 180 × 180 px: it looks blurred there\.$/, severity: 'warning' }],
  ['social-image-wrong-size', { file: 'site.yaml', line: 4, field: 'theme.socialImage', message: /^img\/brand\/social\.png is 600 × 315 px; a link-preview image must be 1200 × 630\.$/ }],
  ['social-image-too-large', { file: 'site.yaml', line: 4, field: 'theme.socialImage', message: /^img\/brand\/social\.png is 1\d\d KB; a link-preview image may be at most 100 KB\.$/ }],
  ['social-image-unreadable', { file: 'img/brand/social.png', message: /cannot be read as an image/ }],
  ['low-contrast-accent', { file: 'site.yaml', line: 6, field: 'theme.accent', message: /^Accent #a78bfa as text on the light background #ffffff: contrast 2\.7:1, needs 4\.5:1/ }],
];

describe('the valid fixture', () => {
  it('has no problems and yields a catalogue', async () => {
    const { problems, catalogue } = await validate('valid');
    expect(problems).toEqual([]);
    expect(catalogue?.categories.map((c) => c.name)).toEqual(['alpha', 'beta']);
  });

  it("has none with an editor's backups and autosaves beside its files, which are not read", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-backups-'));
    try {
      await cp(fixture('valid'), dir, { recursive: true });
      for (const file of ['img/services/alpha-1.svg~', 'descriptions/alpha-1.md~', 'descriptions/#alpha-2.md#', 'categories/alpha.yaml~']) await writeFile(join(dir, file), 'an older copy\n');
      const source = await loadCatalogue(dir);
      expect([...source.images, ...source.texts.keys()].filter((f) => /~$|#$/.test(f))).toEqual([]);
      expect((await validateWithPageRoutes(source)).problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(modes)('fixture %s', (mode, expected) => {
  it('reports the problem at its file, line and field, with what to do', async () => {
    const { problems, catalogue } = await validate(mode);
    const match = problems.find((p) => p.file === expected.file && expected.message.test(p.message));
    expect(match, `problems were:\n${problems.map((p) => `${p.file}:${p.line} ${p.field} ${p.message}`).join('\n')}`).toBeDefined();
    expect(match!.line).toBe(expected.line);
    if (expected.line) expect(match!.column).toBeGreaterThan(0);
    if (expected.field) expect(match!.field).toMatch(expected.field);
    expect(match!.hint.length).toBeGreaterThan(10);
    expect(match!.severity).toBe(expected.severity ?? 'error');
    // Errors stop the build; a warning alone does not.
    expect(catalogue === undefined).toBe((expected.severity ?? 'error') === 'error');
  });
});

describe('fixture duplicate-key', () => {
  // A key given twice was reported as the file's only problem, with no field, and hid every other one.
  it('names the field and the line of its first use, and checks the rest of the catalogue', async () => {
    const { problems } = await validate('duplicate-key');
    expect(problems.map((p) => `${p.code} ${p.file}:${p.line} ${p.field}`)).toEqual(['duplicate-key categories/alpha.yaml:13 services[0].price', 'price-negative categories/beta.yaml:11 services[0].price']);
    expect(problems[0]!.message).toBe('This key appears twice in the same block (first on line 12).');
  });
});

describe('site.yaml with a field refused', () => {
  // Its list of categories went unchecked until the field was fixed: one more run to find a second problem.
  it('has its list of categories checked in the same run, and an empty text called that', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-site-field-'));
    try {
      await cp(fixture('valid'), dir, { recursive: true });
      const siteYaml = join(dir, 'site.yaml');
      const text = readFileSync(siteYaml, 'utf8');
      await writeFile(siteYaml, text.replace(/^brand: .*$/m, 'brand: ""').replace('  - beta\n', '  - gamma\n  - alpha\n'));
      const { problems } = await validateWithPageRoutes(await loadCatalogue(dir));
      expect(problems.map((p) => `${p.code} ${p.file} ${p.field ?? ''}`).sort()).toEqual([
        'category-file-missing site.yaml categories[1]',
        'category-listed-twice site.yaml categories[2]',
        'category-not-listed categories/beta.yaml ',
        'empty-text site.yaml brand',
      ]);
      expect(problems.find((p) => p.code === 'empty-text')!.message).toBe('Expected some text, not an empty one; got the text "".');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a category file named in capitals', () => {
  // Its hint said to list "- Beta" in site.yaml, which site.yaml then refused (lowercase names only).
  it('is told to be renamed in lowercase, then listed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-capitals-'));
    try {
      await cp(fixture('valid'), dir, { recursive: true });
      await rename(join(dir, 'categories/beta.yaml'), join(dir, 'categories/Beta.yaml'));
      const { problems } = await validateWithPageRoutes(await loadCatalogue(dir));
      const unlisted = problems.find((p) => p.code === 'category-not-listed')!;
      expect(unlisted.file).toBe('categories/Beta.yaml');
      expect(unlisted.hint).toBe('Rename the file categories/beta.yaml (site.yaml lists lowercase names only), then add "- beta" to the categories list in site.yaml where it belongs in the menu order, or delete this file.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a folder named as a text file', () => {
  /** The problems of a copy of fixture `name` as a site's catalogue/, once `edit` changed the site's folder. */
  async function problemsOfSite(name: string, edit: (site: string) => Promise<unknown>): Promise<Problem[]> {
    const site = await mkdtemp(join(tmpdir(), 'storefront-text-folders-'));
    try {
      await cp(fixture(name), join(site, 'catalogue'), { recursive: true });
      await edit(site);
      return (await validateWithPageRoutes(await loadCatalogue(join(site, 'catalogue')))).problems;
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  }

  // A folder cases/press-week.md was passed over without a word, and categories/gamma.yaml as one was only "There is
  // no file categories/gamma.yaml".
  it('is a warning at the folder, beside what its absence as a file means', async () => {
    const problems = await problemsOfSite('valid', async (site) => {
      await rm(join(site, 'catalogue/categories/beta.yaml'));
      await mkdir(join(site, 'catalogue/categories/beta.yaml'));
      await mkdir(join(site, 'catalogue/cases/press-week.md'), { recursive: true });
    });
    const shown = problems.filter((p) => p.code === 'file-ignored').map((p) => `${p.file}: ${p.message}`);
    expect(shown.sort()).toEqual([
      'cases/press-week.md: The build does not read cases/press-week.md: it is a folder, and cases/ holds Markdown files, a case study each.',
      'categories/beta.yaml: The build does not read categories/beta.yaml: it is a folder, and categories/ holds YAML files, a category each.',
    ]);
    expect(problems.some((p) => p.code === 'category-file-missing')).toBe(true);
  });

  it('in pages/, beside the catalogue, as in its text folders: the build says what it passes over', async () => {
    const problems = await problemsOfSite('valid', async (site) => {
      await mkdir(join(site, 'pages/about.md'), { recursive: true });
      await mkdir(join(site, 'pages/drafts'));
      await writeFile(join(site, 'pages/Terms.MD'), '---\ntitle: Terms\ndescription: The terms.\n---\nText.\n');
      await writeFile(join(site, 'pages/notes.txt'), 'Ideas for pages.');
    });
    expect(problems.filter((p) => p.code === 'file-ignored').map((p) => `${p.file}: ${p.message}`).sort()).toEqual([
      '../pages/Terms.MD: The build does not read this file: pages/ holds Markdown files whose names end in .md, in lower case.',
      '../pages/about.md: The build does not read pages/about.md: it is a folder, and pages/ holds Markdown files, a page of the site each.',
      '../pages/drafts: The build does not read pages/drafts: only the files directly in pages/ are read, not those in its subfolders.',
      '../pages/notes.txt: The build does not read this file: pages/ holds Markdown files (.md).',
    ]);
  });

  it('pages and public as files are errors, beside the catalogue\'s other problems: the site would lose its pages or files', async () => {
    const problems = await problemsOfSite('negative-price', async (site) => {
      await writeFile(join(site, 'pages'), 'not a folder');
      await writeFile(join(site, 'public'), 'not a folder');
    });
    expect(problems.map((p) => `${p.code} ${p.file}`).sort()).toEqual(['not-a-folder ../pages', 'not-a-folder ../public', 'price-negative categories/alpha.yaml']);
    expect(problems.find((p) => p.file === '../public')!.message).toMatch(/^public is a file, but the build reads public\/ as a folder: /);
  });

  it('site.yaml as a folder is the one missing site file it is, not a failure of the check', async () => {
    const problems = await problemsOfSite('valid', async (site) => {
      await rm(join(site, 'catalogue/site.yaml'));
      await mkdir(join(site, 'catalogue/site.yaml'));
    });
    expect(problems.map((p) => `${p.code} ${p.file}: ${p.message}`)).toEqual(['missing-site-file site.yaml: site.yaml is a folder, not the site configuration file.']);
  });

  it('site.yaml as a link that leads nowhere, beside a site.yml, is not to be replaced by renaming that onto it', async () => {
    const problems = await problemsOfSite('valid', async (site) => {
      await rename(join(site, 'catalogue/site.yaml'), join(site, 'catalogue/site.yml'));
      await symlink('nowhere.yaml', join(site, 'catalogue/site.yaml'));
    });
    expect(problems.filter((p) => p.code === 'missing-site-file').map((p) => p.message)).toEqual(['The site configuration file is missing.']);
    expect(problems.map((p) => `${p.code} ${p.file}`)).toContain('skipped-link site.yaml');
  });

  it("a site's folder given for its catalogue names the catalogue folder inside it, and nothing else", async () => {
    const site = await mkdtemp(join(tmpdir(), 'storefront-site-folder-'));
    try {
      await cp(fixture('valid'), join(site, 'catalogue'), { recursive: true });
      await mkdir(join(site, 'dist/assets'), { recursive: true });
      await writeFile(join(site, 'package.json'), '{}');
      // What a site's folder also holds is not read as the catalogue's: its node_modules/ was listed (seconds on a
      // real site) and a link there that leads nowhere was a warning.
      await mkdir(join(site, 'node_modules/pkg'), { recursive: true });
      await symlink(join(site, 'nowhere.md'), join(site, 'node_modules/pkg/README.md'));
      await writeFile(join(site, 'node_modules/pkg/site.yaml'), 'brand: [\n');
      const problems = (await validateWithPageRoutes(await loadCatalogue(site))).problems;
      expect(problems.map((p) => `${p.code} ${p.file}: ${p.message}`)).toEqual([
        "missing-site-file site.yaml: The site configuration file is missing: this folder has no site.yaml, but the folder catalogue/ inside it holds one. It looks like a site's folder rather than its catalogue folder.",
      ]);
      // Nor does the up-to-date check's snapshot of what the build reads walk it.
      const listed = (catalogueDir: string) => Object.keys(snapshotInputs(siteInputs({ catalogueDir, outDir: join(site, 'dist') })).catalogue).filter((f) => !f.startsWith('../'));
      expect(listed(site)).toEqual([]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('a folder inside the catalogue given for it names the folder above, which holds site.yaml', async () => {
    const site = await mkdtemp(join(tmpdir(), 'storefront-inside-catalogue-'));
    try {
      await cp(fixture('valid'), join(site, 'catalogue'), { recursive: true });
      const problems = (await validateWithPageRoutes(await loadCatalogue(join(site, 'catalogue/descriptions')))).problems;
      expect(problems.filter((p) => p.code === 'missing-site-file').map((p) => p.message)).toEqual([
        'The site configuration file is missing: this folder has no site.yaml, but the folder above it holds one. It looks like a folder inside the catalogue rather than the catalogue folder.',
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('site.yaml saved as site.yml is missing, said beside the file to rename', async () => {
    const problems = await problemsOfSite('valid', (site) => rename(join(site, 'catalogue/site.yaml'), join(site, 'catalogue/site.yml')));
    expect(problems.map((p) => `${p.code} ${p.file}: ${p.message} ${p.hint}`)).toEqual(['missing-site-file site.yaml: The site configuration file is missing: the build reads the file named exactly "site.yaml", and this folder has "site.yml" instead. Rename "site.yml" to site.yaml.']);
  });
});

describe('fixture descriptions-as-file', () => {
  // It was one missing-description error a service: 10,000 of them at 10,000 services, and the file unnamed.
  it('is one error, without one a service for the descriptions the folder would hold', async () => {
    const { problems } = await validate('descriptions-as-file');
    expect(problems.map((p) => `${p.code} ${p.file}`)).toEqual(['not-a-folder descriptions']);
  });
});

describe('fixture unused-image', () => {
  it('warns about an image nothing refers to, naming the file, without failing', async () => {
    const { problems, catalogue } = await validate('unused-image');
    expect(problems.map((p) => [p.severity, p.file])).toEqual([['warning', 'img/services/leftover.svg']]);
    expect(problems[0]!.message).toMatch(/No service, category, client logo or description uses this image/);
    expect(catalogue).toBeDefined();
  });
});

describe('a catalogue with several problems in several files', () => {
  it('reports all of them in one run', async () => {
    const { problems } = await validate('several-problems');
    const found = problems.map((p) => `${p.file}:${p.line} ${p.field}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'site.yaml:3 baseUrl',
        'categories/alpha.yaml:12 services[0].price',
        'categories/alpha.yaml:13 services[0].currency',
        'categories/beta.yaml:9 services[0].id',
        'descriptions/alpha-1.md:6 link /service/nope/alpha-7/',
      ]),
    );
    expect(new Set(problems.map((p) => p.file)).size).toBe(4);
  });
});

describe('a short description', () => {
  it('is counted in words, one word in the singular', async () => {
    const source = await loadCatalogue(fixture('valid'));
    const texts = new Map(source.texts).set('descriptions/alpha-1.md', 'Soon.\n');
    const { problems } = await validateWithPageRoutes({ ...source, texts });
    expect(problems).toContainEqual(expect.objectContaining({ file: 'descriptions/alpha-1.md', severity: 'warning', message: 'The description has only 1 word.' }));
  });
});

describe('a file in img/ that is no image', () => {
  it('is refused, and not also reported as unused', async () => {
    const { problems } = await validate('not-an-image');
    expect(problems.map((p) => `${p.severity} ${p.file}`)).toEqual(['error img/services/evil.js', 'error img/services/page.html']);
  });
});

describe('an SVG that loads from elsewhere through presentation attributes', () => {
  it('is refused for each attribute, at its line', async () => {
    const { problems } = await validate('svg-with-external-filter-and-mask');
    expect(problems.map((p) => `${p.code} ${p.file}:${p.line} ${p.message}`)).toEqual([
      'svg-external-reference img/services/alpha-1.svg:3 The SVG refers to "https://example.com/effects.svg#blur" in its "filter" attribute: an image must not load anything from elsewhere.',
      'svg-external-reference img/services/alpha-1.svg:4 The SVG refers to "//example.com/masks.svg#m" in its "mask" attribute: an image must not load anything from elsewhere.',
    ]);
  });
});

describe('a damaged raster image, or one named for another format', () => {
  it.each(['jpeg-cut-short', 'jpeg-bad-huffman-code', 'png-named-jpg', 'empty-image'])('%s: is the one problem, with what to do', async (mode) => {
    const { problems } = await validate(mode);
    expect(problems.map((p) => `${p.severity} ${p.code} ${p.file}`)).toEqual([
      `error ${mode === 'png-named-jpg' ? 'image-wrong-extension' : 'image-unreadable'} img/services/alpha-1.jpg`,
    ]);
    expect(problems[0]!.hint).toMatch(mode === 'png-named-jpg' ? /^Rename it to img\/services\/alpha-1\.png/ : /export it again/);
  });
});

describe('image sizes', () => {
  it('warn above a few hundred KB and refuse above the hard limit, naming the file and its size', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'storefront-sizes-'));
    await cp(fixture('valid'), copy, { recursive: true });
    await writeFile(join(copy, 'img/services/alpha-1.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(400 * 1024)}--></svg>`);
    // An SVG is published as it is (a raster image is converted, with limits of its own: images.test.ts).
    await writeFile(join(copy, 'img/services/huge.svg'), Buffer.alloc(IMAGE_MAX_BYTES + 1));
    const { problems } = await validateWithPageRoutes(await loadCatalogue(copy));
    await rm(copy, { recursive: true });
    expect(problems).toContainEqual(expect.objectContaining({ file: 'img/services/alpha-1.svg', severity: 'warning', message: expect.stringMatching(/^The image is 400 KB/) }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'img/services/huge.svg', severity: 'error', message: expect.stringMatching(/^The image is 5,242,881 bytes; at most 5,242,880 bytes is allowed/) }));
  });

  it("of the link-preview image are its own check's alone, which asks for a PNG or a JPEG, never a WebP or an SVG", async () => {
    const copy = await mkdtemp(join(tmpdir(), 'storefront-sizes-'));
    await cp(fixture('social-image-too-large'), copy, { recursive: true });
    const png = join(copy, 'img/brand/social.png');
    // Bytes after the PNG's end are passed over by every reader: a 400 KB file of the same image.
    await writeFile(png, Buffer.concat([readFileSync(png), Buffer.alloc(400 * 1024)]));
    const { problems } = await validateWithPageRoutes(await loadCatalogue(copy));
    await rm(copy, { recursive: true });
    const social = problems.filter((p) => p.file === 'img/brand/social.png' || p.field === 'theme.socialImage');
    expect(social).toEqual([expect.objectContaining({ code: 'social-image-size', severity: 'error', message: expect.stringMatching(/is 5\d\d KB; a link-preview image may be at most 100 KB/) })]);
    expect(social[0]!.hint).toMatch(/PNG\) or as a JPEG/);
  });
});

describe('a service slug', () => {
  it('gives a name without Latin letters its page address', async () => {
    const source = await loadCatalogue(fixture('name-without-latin-letters'));
    const text = source.texts.get('categories/beta.yaml')!.replace('    name: 中文营销推广\n', '    name: 中文营销推广\n    slug: chinese-marketing\n');
    const { problems, catalogue } = await validateWithPageRoutes({ ...source, texts: new Map(source.texts).set('categories/beta.yaml', text) });
    expect(problems).toEqual([]);
    expect(buildModel(catalogue!).services.find((s) => s.id === 'beta-1')?.route).toBe('/service/chinese-marketing/beta-1/');
  });
  it('is refused when it is not lowercase words joined by hyphens', async () => {
    const source = await loadCatalogue(fixture('valid'));
    const text = source.texts.get('categories/beta.yaml')!.replace('    name: Influencer Tier One\n', '    name: Influencer Tier One\n    slug: Tier One!\n');
    const { problems } = await validateWithPageRoutes({ ...source, texts: new Map(source.texts).set('categories/beta.yaml', text) });
    expect(problems).toContainEqual(expect.objectContaining({ line: 11, field: 'services[0].slug', message: expect.stringMatching(/lowercase words joined by hyphens/) }));
  });
  it('asks for the Latin letter in its hint, never the look-alike again', async () => {
    const { problems } = await validate('look-alike-letter');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.hint).toBe('Type it again as the Latin letter "O".');
    expect(problems[0]!.hint).not.toMatch(/\p{Script=Cyrillic}/u);
  });
});

describe('follow-on problems are not reported', () => {
  it('a misspelt field is not also reported as missing', async () => {
    const { problems } = await validate('unknown-field');
    expect(problems.map((p) => p.field)).toEqual(['services[0].prise']);
    expect(problems[0]!.hint).toMatch(/Did you mean "price"/);
  });
  it('links to the pages of a file that did not parse are not called broken', async () => {
    const { problems } = await validate('yaml-syntax-hides-links');
    expect(problems.map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([expect.stringMatching(/^categories\/beta\.yaml:12 YAML syntax error/)]);
  });
  it('an empty file is reported once, with the fields it needs, and its services are not missed elsewhere', async () => {
    for (const [mode, field] of [['empty-site-file', 'baseUrl'], ['empty-category-file', 'idPrefix']] as const) {
      const { problems } = await validate(mode);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.hint).toContain(field);
    }
  });
  it('two services with one id are reported once, naming both places; links to their pages are not called broken', async () => {
    // alpha-1 twice: the second was meant to be alpha-2 (descriptions/alpha-2.md and a link to its page wait for
    // it), and beta-1.md links to the first one's page, which is right.
    const { problems } = await validate('duplicate-id');
    expect(problems.map((p) => `${p.file}:${p.line} ${p.field} ${p.code}`)).toEqual(['categories/alpha.yaml:17 services[1].id duplicate-id']);
    expect(problems[0]!.message).toBe('The id "alpha-1" is already used by another service (categories/alpha.yaml:9).');
    expect(problems[0]!.hint).toMatch(/such as alpha-2\b/);
  });
  it('every list left empty is reported as one, in one run (each is checked for its most items too: that check threw)', async () => {
    const { problems } = await validate('empty-list-fields');
    expect(problems.every((p) => p.message === 'Expected an array, got nothing (an empty value).' && p.hint.length > 10)).toBe(true);
    expect(problems.map((p) => `${p.file}:${p.line} ${p.field} ${p.code}`).sort()).toEqual([
      'categories/alpha.yaml:14 services[0].related wrong-type',
      'categories/alpha.yaml:15 services[0].requires wrong-type',
      'site.yaml:13 stats wrong-type',
      'site.yaml:25 footer.columns wrong-type',
    ]);
  });
  it('a YAML syntax error is reported once, not echoed for every later line', async () => {
    const { problems } = await validate('yaml-syntax');
    expect(problems).toHaveLength(1);
  });
});

