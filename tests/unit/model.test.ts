import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { routes } from '../../src/core/routes.ts';
import { buildModel, shorten } from '../../src/model/model.ts';
import { validate } from '../support/site.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}/`, import.meta.url).pathname;

describe('shorten', () => {
  it('keeps a text that fits', () => expect(shorten('A short line.', 100)).toBe('A short line.'));
  it('cuts at a word boundary, without trailing punctuation, and ends with an ellipsis', () => {
    const text = 'Get your token listed in a popular wallet app within 24 hours, so holders see your project, not a bare contract.';
    const short = shorten(text, 60);
    expect(short).toBe('Get your token listed in a popular wallet app within 24…');
    expect(short.length).toBeLessThanOrEqual(60);
  });
});

describe('the model of a category and its services', () => {
  it('gives each category its own page and each card a one-line summary', async () => {
    const source = await loadCatalogue(fixture('valid'));
    const text = source.texts.get('categories/beta.yaml')!.replace('    name: Influencer Tier One\n', '    name: Influencer Tier One\n    summary: One post to a million followers.\n');
    const { catalogue, problems } = await validate({ ...source, texts: new Map(source.texts).set('categories/beta.yaml', text) });
    expect(problems).toEqual([]);
    const site = buildModel(catalogue!);
    expect(site.categories.map((c) => c.pageRoute)).toEqual(['/category/alpha/', '/category/beta/']);
    expect(site.services.find((s) => s.id === 'beta-1')?.summary).toBe('One post to a million followers.');
    // Without a summary, the meta description (here short enough to show whole).
    expect(site.services.find((s) => s.id === 'alpha-1')?.summary).toBe('A fixture service with a short meta description.');
    expect(site.homeServicesPerCategory).toBe(6);
  });
  it('numbers the further pages of a category', () => {
    expect([1, 2, 3].map((n) => routes.category('press-releases', n))).toEqual(['/category/press-releases/', '/category/press-releases/page/2/', '/category/press-releases/page/3/']);
  });
});

describe('site.yaml homeServicesPerCategory', () => {
  it('is a whole number from 1 to 48, reported at its line otherwise', async () => {
    const source = await loadCatalogue(fixture('valid'));
    const text = source.texts.get('site.yaml')! + 'homeServicesPerCategory: 0\n';
    const { problems } = await validate({ ...source, texts: new Map(source.texts).set('site.yaml', text) });
    expect(problems).toEqual([expect.objectContaining({ file: 'site.yaml', field: 'homeServicesPerCategory', message: 'Expected 1 or more; got number 0.' })]);
  });
  it('allows a link to a category page in a description', async () => {
    const source = await loadCatalogue(fixture('valid'));
    const text = source.texts.get('descriptions/alpha-1.md')! + '\nSee [all of beta](/category/beta/).\n';
    const { problems } = await validate({ ...source, texts: new Map(source.texts).set('descriptions/alpha-1.md', text) });
    expect(problems).toEqual([]);
  });
});
