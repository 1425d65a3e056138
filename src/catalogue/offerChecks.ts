// The rules of a service's price options and of the services it names: `requires` (what a buyer needs
// first) and `related` ("Often booked with"). Like checks.ts, they read the raw YAML data, so one mistake does
// not hide another, and every problem is located at the entry it is about.
import { error, warning, type Problem } from './problems.ts';
import type { RawService } from './parsed.ts';
import { serviceSchema } from './schema.ts';
import { closest } from './schemaIssues.ts';
import { locate } from './yamlFile.ts';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Where a field of a service is, with its path as maintainers read it. */
function field(service: RawService, ...path: (string | number)[]) {
  const full = ['services', service.index, ...path];
  const name = path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : `${out}.${part}`), `services[${service.index}]`);
  return { ...locate(service.category.yaml, full), field: name };
}

/**
 * `idsKnown`: every category file was read, so an id that is not among `services` does not exist. When one
 * was not, its ids are unknown and an unknown id is not judged.
 */
export function offerChecks(services: RawService[], idsKnown: boolean): Problem[] {
  const byId = new Map<string, RawService>();
  for (const s of services) if (s.id && !byId.has(s.id)) byId.set(s.id, s);
  return [...services.flatMap(priceChecks), ...services.flatMap((s) => referenceChecks(s, byId, idsKnown)), ...cycleChecks(services, byId)];
}

function priceChecks(service: RawService): Problem[] {
  const { raw } = service;
  const file = service.category.yaml.file;
  // A misspelt "prise" is reported as an unknown field, with "did you mean": not as a missing price too.
  const fields = Object.keys(serviceSchema.shape);
  const misspelt = Object.keys(raw).some((key) => !fields.includes(key) && ['price', 'options'].includes(closest(key, fields) ?? ''));
  if (raw.price === undefined && raw.options === undefined && !misspelt) {
    return [error('missing-field', file, field(service, 'price'), 'The required field "price" is missing.', 'Add it: the price in US dollars (0 shows as "Free"), or list the price options under "options".')];
  }
  const options = list(raw.options).map(record);
  const problems: Problem[] = [];
  const labels = new Map<string, number>();
  options.forEach((option, i) => {
    const label = str(option.label)?.trim();
    if (!label) return;
    // As a buyer reads it: "Café" typed or pasted two ways (é, or e and an accent), and spaces, look the same.
    const read = label.normalize('NFC').replace(/\s+/g, ' ').toLowerCase();
    const earlier = labels.get(read);
    if (earlier === undefined) return void labels.set(read, i);
    const where = field(service, 'options', i, 'label');
    problems.push(error('duplicate-option', file, where, `Another option of this service is already labelled "${label}" (line ${field(service, 'options', earlier, 'label').line}).`, 'Give every option a label of its own, or remove one of the two.'));
  });
  const prices = options.map((o) => o.price);
  if (typeof raw.price === 'number' && prices.length && prices.every((p) => typeof p === 'number')) {
    const lowest = Math.min(...(prices as number[]));
    if (Math.abs(raw.price - lowest) > 1e-9) {
      const at = prices.indexOf(lowest);
      problems.push(error('price-not-lowest-option', file, field(service, 'price'), `The price ${raw.price} is not the lowest option's price, ${lowest} (options[${at}]): cards would show one starting price and the page another.`, `Remove the "price" line: with options, the starting price is the lowest option's. Or make it ${lowest}.`));
    }
  }
  return problems;
}

function referenceChecks(service: RawService, byId: ReadonlyMap<string, RawService>, idsKnown: boolean): Problem[] {
  const problems: Problem[] = [];
  const file = service.category.yaml.file;
  const required = new Set(list(service.raw.requires).map(str));
  for (const key of ['requires', 'related'] as const) {
    const seen = new Set<string>();
    list(service.raw[key]).forEach((entry, i) => {
      const id = str(entry);
      if (!id) return;
      const where = () => field(service, key, i);
      if (id === service.id) {
        problems.push(error('self-reference', file, where(), `A service cannot be ${key === 'requires' ? 'required by' : 'related to'} itself.`, `Remove "${id}" from ${key}.`));
      } else if (seen.has(id)) {
        problems.push(error('duplicate-reference', file, where(), `"${id}" is listed twice in ${key}.`, 'Keep one of the two entries.'));
      } else if (idsKnown && !byId.has(id)) {
        const guess = closest(id, [...byId.keys()]);
        problems.push(error('unknown-service', file, where(), `There is no service with the id "${id}".`, guess ? `Did you mean "${guess}"? Fix the id, or remove the entry.` : 'Use the id of an existing service (its "id" field), or remove the entry.'));
      } else if (key === 'related' && required.has(id)) {
        problems.push(warning('related-also-required', file, where(), `"${id}" is also in requires, where the page already names it.`, `Remove "${id}" from related: the page shows it once, as a requirement.`));
      }
      seen.add(id);
    });
  }
  return problems;
}

/** A chain of requirements that comes back to where it started can never be ordered: report each cycle once. */
function cycleChecks(services: RawService[], byId: ReadonlyMap<string, RawService>): Problem[] {
  const requires = (s: RawService) => list(s.raw.requires).map(str).filter((id): id is string => id !== undefined && id !== s.id && byId.has(id));
  const state = new Map<string, 'open' | 'done'>();
  const path: RawService[] = [];
  const problems: Problem[] = [];
  const visit = (s: RawService) => {
    state.set(s.id!, 'open');
    path.push(s);
    for (const id of new Set(requires(s))) {
      if (state.get(id) === 'open') {
        const cycle = [...path.slice(path.findIndex((p) => p.id === id)).map((p) => p.id!), id];
        const where = field(s, 'requires', list(s.raw.requires).indexOf(id));
        problems.push(error('requires-cycle', s.category.yaml.file, where, `The requirements go round in a circle: ${cycle.join(' → ')}. None of these services could be ordered first.`, `Remove one requirement of the circle; usually "${id}" from this service's requires.`));
      } else if (!state.has(id)) visit(byId.get(id)!);
    }
    path.pop();
    state.set(s.id!, 'done');
  };
  for (const s of services) if (s.id && byId.get(s.id) === s && !state.has(s.id)) visit(s);
  return problems;
}
