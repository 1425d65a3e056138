import { describe, expect, it } from 'vitest';
import { missingSiteFile, siteFileLookAlikes, withoutImplied, wrongKindProblems, wrongKinds } from '../../src/catalogue/entryKinds.ts';
import { error } from '../../src/catalogue/problems.ts';

const file = (name: string) => ({ name, folder: false, file: true });
const folder = (name: string) => ({ name, folder: true, file: false });

describe('wrongKinds', () => {
  it('names a catalogue folder that is a file, and a site.yaml that is a folder', () => {
    expect(wrongKinds([file('descriptions'), folder('categories'), file('cases'), folder('site.yaml'), file('img')])).toEqual(['cases', 'descriptions', 'img', 'site.yaml']);
  });

  it('passes over what is of the right kind, other names, and links (neither file nor folder)', () => {
    expect(wrongKinds([folder('descriptions'), file('site.yaml'), file('notes.txt'), folder('drafts'), { name: 'alternatives', folder: false, file: false }])).toEqual([]);
  });
});

describe('wrongKindProblems', () => {
  it('is one error at the name, saying what the folder holds and what to do', () => {
    const [problem] = wrongKindProblems(['categories']);
    expect(problem).toMatchObject({ code: 'not-a-folder', file: 'categories', severity: 'error' });
    expect(problem!.message).toBe('categories is a file, but the build reads categories/ as a folder: a YAML file a category (categories/<name>.yaml).');
    expect(problem!.hint).toBe('Rename or delete the file, and make categories/ a folder of those files.');
  });

  it('says site.yaml is a folder, under the code of a missing site file', () => {
    const [problem] = wrongKindProblems(['site.yaml']);
    expect(problem).toMatchObject({ code: 'missing-site-file', file: 'site.yaml', message: 'site.yaml is a folder, not the site configuration file.' });
  });
});

describe('siteFileLookAlikes and missingSiteFile', () => {
  it('finds the files and links named almost as site.yaml, likeliest first, not site.yaml itself, a folder or another file', () => {
    const link = { name: 'SITE.YML', folder: false, file: false };
    expect(siteFileLookAlikes([file('site.yaml.bak'), file('Site.yaml'), file('site.yml'), file('site.yaml'), folder('site.yml'), file('sites.yaml'), file('notes.yml'), link])).toEqual(['SITE.YML', 'site.yml', 'Site.yaml', 'site.yaml.bak']);
  });

  it('asks to rename the one that holds the settings when there are several', () => {
    const problem = missingSiteFile(['site.yml', 'site.yaml.bak']);
    expect(problem.message).toBe('The site configuration file is missing: the build reads the file named exactly "site.yaml", and this folder has "site.yml" and "site.yaml.bak" instead.');
    expect(problem.hint).toBe("Rename the one that holds the site's current settings to site.yaml.");
  });

  it('says a missing site file is missing, and names the look-alike to rename when there is one', () => {
    expect(missingSiteFile()).toMatchObject({ code: 'missing-site-file', file: 'site.yaml', message: 'The site configuration file is missing.' });
    const problem = missingSiteFile(['site.yml']);
    expect(problem).toMatchObject({ code: 'missing-site-file', file: 'site.yaml', severity: 'error' });
    expect(problem.message).toBe('The site configuration file is missing: the build reads the file named exactly "site.yaml", and this folder has "site.yml" instead.');
    expect(problem.hint).toBe('Rename "site.yml" to site.yaml.');
  });
});

describe('missingSiteFile with a catalogue folder inside', () => {
  // `storefront build -c .` in a site's folder said only "Create site.yaml in the catalogue folder", beside the
  // catalogue/site.yaml the maintainer had.
  it("says the folder is a site's and names its catalogue folder, with the flag's fix", () => {
    const problem = missingSiteFile([], ['catalogue']);
    expect(problem).toMatchObject({ code: 'missing-site-file', file: 'site.yaml', severity: 'error' });
    expect(problem.message).toBe("The site configuration file is missing: this folder has no site.yaml, but the folder catalogue/ inside it holds one. It looks like a site's folder rather than its catalogue folder.");
    expect(problem.hint).toBe("Give the command that folder: add /catalogue to the folder after -c, or leave -c out when you run it in the site's folder (catalogue/ is the default).");
  });

  it('names each such folder, and asks for the one that holds the catalogue', () => {
    const problem = missingSiteFile([], ['draft', 'live']);
    expect(problem.message).toMatch(/but the folders draft\/ and live\/ inside it each hold one\./);
    expect(problem.hint).toBe("Give the command the one that holds the site's catalogue: add its name to the folder after -c.");
  });

  it('names a look-alike beside site.yaml first: renaming it is the likelier fix', () => {
    expect(missingSiteFile(['site.yml'], ['catalogue']).hint).toBe('Rename "site.yml" to site.yaml.');
  });
});

describe('missingSiteFile with the catalogue folder above', () => {
  // `-c catalogue/descriptions` said "Create site.yaml in the catalogue folder", one folder below the site.yaml there.
  it('says the folder is one inside the catalogue, and to give the one above', () => {
    const problem = missingSiteFile([], [], true);
    expect(problem).toMatchObject({ code: 'missing-site-file', file: 'site.yaml', severity: 'error' });
    expect(problem.message).toBe('The site configuration file is missing: this folder has no site.yaml, but the folder above it holds one. It looks like a folder inside the catalogue rather than the catalogue folder.');
    expect(problem.hint).toMatch(/^Give the command the folder above it, the one that holds site\.yaml: take the last part off the folder after -c/);
  });

  it('names a look-alike or a catalogue inside first, which are nearer', () => {
    expect(missingSiteFile(['site.yml'], [], true).hint).toBe('Rename "site.yml" to site.yaml.');
    expect(missingSiteFile([], ['catalogue'], true).message).toMatch(/the folder catalogue\/ inside it holds one/);
  });
});

describe('withoutImplied', () => {
  const missing = error('missing-description', 'categories/a.yaml', { line: 3, column: 5 }, 'no description', 'write one');
  const toCategory = error('broken-link', 'alternatives/x.md', { line: 4, column: 1, field: 'link /category/alpha/' }, 'broken', 'fix');
  const toPage = error('broken-link', 'alternatives/x.md', { line: 5, column: 1, field: 'link /abuot/' }, 'broken', 'fix');
  const price = error('price-negative', 'categories/a.yaml', { line: 9, column: 5 }, 'negative', 'fix');

  it('leaves out what only repeats a folder that is a file, and keeps the rest', () => {
    expect(withoutImplied([missing, price], ['descriptions'])).toEqual([price]);
  });

  it("leaves out links to categories' and services' pages when categories is a file, not other broken links", () => {
    expect(withoutImplied([toCategory, toPage], ['categories'])).toEqual([toPage]);
  });

  it('keeps everything when every folder is one', () => {
    expect(withoutImplied([missing, toCategory], [])).toEqual([missing, toCategory]);
  });
});
