// The agency's identity (site.yaml's organisation): its schema's messages, the checks its schema cannot make,
// how the site shell carries it (the server's copy only), and the JSON-LD Organization made of it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { organisationSchema } from '../../src/catalogue/schema.ts';
import { checkSchema } from '../../src/catalogue/schemaIssues.ts';
import { parseYaml } from '../../src/catalogue/yamlFile.ts';
import { buildModel } from '../../src/model/model.ts';
import { browserShell, siteShell } from '../../src/model/shell.ts';
import { organization } from '../../templates/head.ts';
import { validate } from '../support/site.ts';

const ORGANISATION = `organisation:
  legalName: Fixture Agency Ltd
  companyNumber: 00000000 (example)
  registry: Example Companies Registry
  address:
    street: 1 Example Street
    city: Exampleton
    postalCode: EX1 0AA
    country: GB
  founded: 2019
  team:
    - name: Mara Quill
      role: Founder
      photo: mara-quill.svg
    - name: Theo Vance
      role: Head of listings
`;

/** The organisation block's problems as "line field code: message", from YAML text in site.yaml's shape. */
function schemaProblems(text: string) {
  const { yaml, data } = parseYaml('site.yaml', text);
  const { problems } = checkSchema(yaml, data, z.strictObject({ organisation: organisationSchema }));
  return problems.map((p) => `${p.line} ${p.field!.replace(/^organisation\./, '')} ${p.code}: ${p.message}`);
}

describe('the organisation schema', () => {
  it('takes a full block', () => {
    expect(schemaProblems(ORGANISATION)).toEqual([]);
  });

  it('says what is wrong with a country, a year and a photo name, at their lines', () => {
    const text = ORGANISATION.replace('country: GB', 'country: United Kingdom').replace('founded: 2019', 'founded: "2019"').replace('photo: mara-quill.svg', 'photo: team/mara.gif');
    const problems = schemaProblems(text);
    expect(problems).toEqual([
      expect.stringMatching(/^9 address\.country wrong-format: .*two-letter country code in capitals, such as "GB" or "US"/),
      expect.stringMatching(/^10 founded wrong-type: Expected a number, got the text "2019"/),
      expect.stringMatching(/^14 team\[0\]\.photo wrong-format: .*image file name in img\/team\/ such as "ada-lovelace\.jpg"/),
    ]);
  });

  it('refuses a two-letter code that names no country, and a year before 1800', () => {
    expect(schemaProblems(ORGANISATION.replace('country: GB', 'country: XX').replace('founded: 2019', 'founded: 209'))).toEqual([
      expect.stringMatching(/^9 address\.country invalid-value: .*ISO 3166-1/),
      expect.stringMatching(/^10 founded out-of-range: .*a year from 1800 on/),
    ]);
  });

  // Intl names UK, SU and EU too: "UK" went into the address search engines read, where GB is the code.
  it('refuses a code Intl takes for another, a grouping and a private-use code, naming the current code where there is one', () => {
    const problem = (code: string) => schemaProblems(ORGANISATION.replace('country: GB', `country: ${code}`));
    expect(problem('UK')).toEqual([expect.stringMatching(/^9 address\.country invalid-value: .*ISO 3166-1, such as "GB", "US" or "SG" \("GB" is United Kingdom's\)/)]);
    expect(problem('SU')).toEqual([expect.stringMatching(/\("RU" is Russia's\)/)]);
    for (const code of ['EU', 'UN', 'XA', 'QO', 'ZZ']) expect(problem(code)).toEqual([expect.stringMatching(/^9 address\.country invalid-value: .*"SG"; got the text/)]);
    for (const code of ['GB', 'US', 'SG', 'XK', 'AQ']) expect(problem(code)).toEqual([]);
  });

  it('names a missing required field', () => {
    expect(schemaProblems(ORGANISATION.replace('  companyNumber: 00000000 (example)\n', ''))).toEqual([expect.stringMatching(/^2 companyNumber missing-field: .*"companyNumber"/)]);
  });
});

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;

/** The valid fixture with an organisation in its site.yaml, the photo in img/team/, and pages beside it. */
async function withOrganisation(organisation: string | undefined, pages: Record<string, string> = {}, photo = true) {
  const source = await loadCatalogue(fixture('valid'));
  const texts = new Map(source.texts);
  if (organisation !== undefined) texts.set('site.yaml', source.texts.get('site.yaml')!.replace('categories:\n', `${organisation}categories:\n`));
  for (const [slug, text] of Object.entries(pages)) texts.set(`../pages/${slug}.md`, text);
  const images = new Set(source.images);
  const svgs = new Map(source.svgs);
  if (photo) {
    images.add('img/team/mara-quill.svg');
    svgs.set('img/team/mara-quill.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>');
  }
  const sizes = new Map(source.sizes).set('img/team/mara-quill.svg', 100);
  return validate({ ...source, texts, images, svgs, sizes }, { today: '2026-11-28' });
}

const page = (front: string) => `---\ntitle: About us\ndescription: Who we are.\n${front}---\nWe are a small team.\n`;

describe('the organisation checks', () => {
  it('pass a valid block, with the photo counted as used', async () => {
    const { problems, catalogue } = await withOrganisation(ORGANISATION, { about: page('show: organisation\n') });
    expect(problems).toEqual([]);
    expect(catalogue?.pages[0]).toMatchObject({ slug: 'about', show: 'organisation' });
  });

  it('refuse a founding year after this one, at its line', async () => {
    const { problems } = await withOrganisation(ORGANISATION.replace('founded: 2019', 'founded: 2031'));
    expect(problems).toEqual([
      expect.objectContaining({ code: 'founded-in-future', file: 'site.yaml', line: 41, field: 'organisation.founded', message: 'The founding year 2031 is in the future (this year is 2026).' }),
    ]);
  });

  it('refuse a team photo that is not in img/team/', async () => {
    const { problems } = await withOrganisation(ORGANISATION, {}, false);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'missing-image', file: 'site.yaml', line: 45, field: 'organisation.team[0].photo', message: 'The photo file img/team/mara-quill.svg does not exist.' }),
    ]);
  });

  it('refuse a page that shows the organisation when site.yaml has none, at its field', async () => {
    const { problems } = await withOrganisation(undefined, { about: page('show: organisation\n') }, false);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'organisation-missing', file: '../pages/about.md', line: 4, field: 'show', message: 'The page shows the organisation block, but site.yaml has no "organisation".' }),
    ]);
    expect(problems[0]!.hint).toMatch(/Add the agency's legal name, company number, address and founding year under "organisation:"/);
  });

  it('refuse anything else to show', async () => {
    const { problems } = await withOrganisation(undefined, { about: page('show: team\n') }, false);
    expect(problems.map((p) => `${p.line} ${p.field} ${p.code}`)).toEqual(['4 show invalid-value']);
  });
});

describe('the organisation in the site', () => {
  const legal = (slug: string, title: string, link = '') => `---\ntitle: ${title}\ndescription: The ${title}.\n${link}---\nText of the ${title}.\n`;

  it('is in the server\'s shell with the legal pages in order, and out of the browser\'s', async () => {
    const { catalogue } = await withOrganisation(ORGANISATION, {
      about: page('show: organisation\n'),
      privacy: legal('privacy', 'Privacy'),
      terms: legal('terms', 'Terms'),
      refund: legal('refund', 'Refunds', 'link: none\n'),
    });
    const shell = siteShell(buildModel(catalogue!));
    expect(shell.organisation).toMatchObject({ legalName: 'Fixture Agency Ltd', founded: 2019, address: { country: 'GB', countryName: 'United Kingdom' } });
    expect(shell.organisation!.team).toEqual([
      { name: 'Mara Quill', role: 'Founder', photo: '/img/team/mara-quill.svg' },
      { name: 'Theo Vance', role: 'Head of listings' },
    ]);
    // The legal pages are linked under "Legal", terms first; one with link: none is not linked at all.
    expect(shell.legalLinks).toEqual([
      { label: 'Terms', href: '/terms/' },
      { label: 'Privacy', href: '/privacy/' },
    ]);
    expect(shell.footerLinks.map((l) => l.href)).toEqual(['/sitemap/', '/about/']);
    const browser = browserShell(shell);
    expect(browser).not.toHaveProperty('organisation');
    expect(browser).not.toHaveProperty('legalLinks');
    expect(browser.pages?.map((p) => p.route)).toEqual(['/about/', '/privacy/', '/refund/', '/terms/']);
  });

  it('makes the full JSON-LD Organization: legal name, founding date, postal address, number and team', async () => {
    const { catalogue } = await withOrganisation(ORGANISATION);
    expect(organization(siteShell(buildModel(catalogue!)))).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://www.example.com/#organization',
      name: 'Fixture Agency',
      legalName: 'Fixture Agency Ltd',
      foundingDate: '2019',
      address: { '@type': 'PostalAddress', streetAddress: '1 Example Street', addressLocality: 'Exampleton', postalCode: 'EX1 0AA', addressCountry: 'GB' },
      identifier: { '@type': 'PropertyValue', propertyID: 'Example Companies Registry', value: '00000000 (example)' },
      member: [
        { '@type': 'Person', name: 'Mara Quill', jobTitle: 'Founder', image: 'https://www.example.com/img/team/mara-quill.svg' },
        { '@type': 'Person', name: 'Theo Vance', jobTitle: 'Head of listings' },
      ],
    });
  });

  it('leaves the Organization as it was without one', async () => {
    const { catalogue } = await withOrganisation(undefined, {}, false);
    const ld = organization(siteShell(buildModel(catalogue!)));
    expect(Object.keys(ld)).toEqual(['@type', '@id', 'name', 'url', 'email', 'contactPoint']);
  });
});
