// Price options, required and related services: validation (each problem located, with its code) and the
// model the pages read (the starting price, "from", the resolved requirement, "Often booked with").
import { describe, expect, it } from 'vitest';
import { loadCatalogue, type CatalogueSource } from '../../src/catalogue/load.ts';
import type { Problem } from '../../src/catalogue/problems.ts';
import { buildModel } from '../../src/model/model.ts';
import { offers } from '../../templates/head.ts';
import { validate } from '../support/site.ts';

const valid = () => loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname);

/** The valid fixture with alpha.yaml's first service's price line replaced by `lines` (and beta.yaml changed). */
async function withAlpha(lines: string, beta?: (text: string) => string) {
  const source = await valid();
  const texts = new Map(source.texts);
  texts.set('categories/alpha.yaml', texts.get('categories/alpha.yaml')!.replace('    price: 3000.5\n', lines));
  if (beta) texts.set('categories/beta.yaml', beta(texts.get('categories/beta.yaml')!));
  return validate({ ...source, texts } satisfies CatalogueSource);
}

const summary = (problems: Problem[]) => problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line} ${p.field}`);

describe('price options', () => {
  it('give the starting price, "from", and the options in their order', async () => {
    const { problems, catalogue } = await withAlpha('    options:\n      - label: 48 hours\n        price: 850\n        delivery: 48 h\n      - label: 24 hours\n        price: 499.5\n');
    expect(problems).toEqual([]);
    const service = buildModel(catalogue!).services.find((s) => s.id === 'alpha-1')!;
    expect(service).toMatchObject({ price: 499.5, priceFrom: true });
    expect(service.options).toEqual([
      { label: '48 hours', price: 850, priceFrom: false, delivery: '48 h' },
      { label: '24 hours', price: 499.5, priceFrom: false },
    ]);
  });

  it('at one price is no "from" price; a price given with them may equal the lowest', async () => {
    const { problems, catalogue } = await withAlpha('    price: 500\n    options:\n      - label: Red\n        price: 500\n      - label: Blue\n        price: 500\n');
    expect(problems).toEqual([]);
    expect(buildModel(catalogue!).services.find((s) => s.id === 'alpha-1')).toMatchObject({ price: 500, priceFrom: false });
  });

  it('report an option without a price, a label twice, an empty list and a price other than the lowest, each at its line', async () => {
    const missing = await withAlpha('    options:\n      - label: 24 hours\n        price: 500\n      - label: 48 hours\n');
    expect(summary(missing.problems)).toEqual(['error option-without-price categories/alpha.yaml:15 services[0].options[1].price']);
    const twice = await withAlpha('    options:\n      - label: Top 1\n        price: 500\n      - label: top 1\n        price: 900\n');
    expect(summary(twice.problems)).toEqual(['error duplicate-option categories/alpha.yaml:15 services[0].options[1].label']);
    // Two labels a buyer reads alike: é as one character and as e with an accent; two spaces and one.
    const alike = await withAlpha('    options:\n      - label: "Caf\\u00e9  pack"\n        price: 500\n      - label: "Cafe\\u0301 pack"\n        price: 900\n');
    expect(summary(alike.problems)).toEqual(['error duplicate-option categories/alpha.yaml:15 services[0].options[1].label']);
    const empty = await withAlpha('    options: []\n');
    expect(summary(empty.problems)).toEqual(['error empty-options categories/alpha.yaml:12 services[0].options']);
    const higher = await withAlpha('    price: 600\n    options:\n      - label: A\n        price: 500\n');
    expect(summary(higher.problems)).toEqual(['error price-not-lowest-option categories/alpha.yaml:12 services[0].price']);
    expect(higher.problems[0]!.hint).toMatch(/Remove the "price" line/);
  });

  it('apply the rules of a price to each option', async () => {
    const { problems } = await withAlpha('    options:\n      - label: A\n        price: -1\n      - label: B\n        price: 0.001\n');
    expect(summary(problems)).toEqual([
      'error price-negative categories/alpha.yaml:14 services[0].options[0].price',
      'error price-cents categories/alpha.yaml:16 services[0].options[1].price',
    ]);
  });

  it('or a price: a service with neither is missing its price', async () => {
    const { problems } = await withAlpha('');
    expect(summary(problems)).toEqual(['error missing-field categories/alpha.yaml:9 services[0].price']);
  });
});

describe('requires and related', () => {
  it('resolve the requirement with its name, page and price, and leave it out of "Often booked with"', async () => {
    const { problems, catalogue } = await withAlpha('    price: 3000.5\n    requires: [beta-1]\n    related: [beta-1, alpha-2]\n');
    expect(summary(problems)).toEqual(['warning related-also-required categories/alpha.yaml:14 services[0].related[0]']);
    const site = buildModel(catalogue!);
    const service = site.services.find((s) => s.id === 'alpha-1')!;
    expect(service.requires).toEqual([{ id: 'beta-1', name: 'Influencer Tier One', route: site.services.find((s) => s.id === 'beta-1')!.route, price: 2000, priceFrom: true }]);
    expect(service.related).toEqual(['alpha-2']);
  });

  it('by default, "Often booked with" is the next services of the category, wrapping round, never the service itself', async () => {
    const { catalogue } = await withAlpha('    price: 3000.5\n');
    const site = buildModel(catalogue!);
    expect(site.services.map((s) => [s.id, s.related])).toEqual([['alpha-1', ['alpha-2']], ['alpha-2', ['alpha-1']], ['beta-1', []]]);
  });

  it('report an unknown id (with the nearest), the service itself, an id twice, and a circle naming it', async () => {
    const unknown = await withAlpha('    price: 3000.5\n    requires: [alpha-9]\n    related: [beta-1, beta-1]\n');
    expect(summary(unknown.problems)).toEqual(['error unknown-service categories/alpha.yaml:13 services[0].requires[0]', 'error duplicate-reference categories/alpha.yaml:14 services[0].related[1]']);
    expect(unknown.problems[0]!.hint).toMatch(/Did you mean "alpha-1"\?/);
    const itself = await withAlpha('    price: 3000.5\n    related: [alpha-1]\n');
    expect(summary(itself.problems)).toEqual(['error self-reference categories/alpha.yaml:13 services[0].related[0]']);
    const circle = await withAlpha('    price: 3000.5\n    requires: [beta-1]\n', (t) => t.replace('    currency: USD\n', '    currency: USD\n    requires: [alpha-1]\n'));
    expect(summary(circle.problems)).toEqual(['error requires-cycle categories/beta.yaml:14 services[0].requires[0]']);
    expect(circle.problems[0]!.message).toContain('alpha-1 → beta-1 → alpha-1');
  });

  it('do not call an id unknown while a category file cannot be read', async () => {
    const { problems } = await withAlpha('    price: 3000.5\n    requires: [beta-1]\n', () => 'name: [broken\n');
    expect(problems.map((p) => p.code)).toEqual(['yaml-syntax']);
  });
});

describe('the structured data of a price', () => {
  it('is one Offer without options, and an AggregateOffer with one Offer per option with them', () => {
    expect(offers({ price: 3000.5, currency: 'USD' })).toEqual({ '@type': 'Offer', price: '3000.50', priceCurrency: 'USD' });
    const options = [{ label: '24 hours', price: 500, priceFrom: false }, { label: 'Free trial', price: 0, priceFrom: false }, { label: '48 hours', price: 850.25, priceFrom: false }];
    expect(offers({ price: 0, currency: 'USD', options })).toEqual({
      '@type': 'AggregateOffer', lowPrice: '0', highPrice: '850.25', offerCount: 3, priceCurrency: 'USD',
      offers: [
        { '@type': 'Offer', name: '24 hours', price: '500', priceCurrency: 'USD' },
        { '@type': 'Offer', name: 'Free trial', price: '0', priceCurrency: 'USD' },
        { '@type': 'Offer', name: '48 hours', price: '850.25', priceCurrency: 'USD' },
      ],
    });
  });
});
