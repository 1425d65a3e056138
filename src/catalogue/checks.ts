// Rules that span fields and files. They read the raw YAML data, not only schema-valid values, so a typo in
// one service does not hide a duplicate id in another: every problem is found in one run.
import { categorySectionIds, isHomePageId } from '../core/homePageIds.ts';
import type { TreeNode } from '../core/tree.ts';
import { routes, withTrailingSlash } from '../core/routes.ts';
import { sameItems } from '../core/sameItems.ts';
import { unreadableAddressPart } from '../core/siteAddress.ts';
import { withUnseen } from '../core/words.ts';
import { lookAlikes, serviceSlug } from '../core/slug.ts';
import { isImageType } from './limits.ts';
import { imagePathsOf, type MarkdownLink } from './markdown.ts';
import { kebab } from './schema.ts';
import { error, warning, type Problem, type ProblemCode } from './problems.ts';
import { offerChecks } from './offerChecks.ts';
import type { ParsedCatalogue, ParsedCategory, RawService } from './parsed.ts';
import { teamPhotos } from './organisationChecks.ts';
import { themeFiles } from './themeChecks.ts';
import { closest } from './schemaIssues.ts';
import { locate, type YamlFile } from './yamlFile.ts';

export const META_DESCRIPTION_MAX = 160;
const DESCRIPTION_MIN_WORDS = 30;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const at = (yaml: YamlFile, path: (string | number)[], field: string) => ({ ...locate(yaml, path), field });
const place = (yaml: YamlFile, path: (string | number)[]) => `${yaml.file}:${locate(yaml, path).line}`;

/** `pageRoutes`: the routes of the site's pages that are not made from the catalogue (/, /sitemap/, …); `memo`:
 *  what the last run's checks kept, for the next (dev); `files`: the paths of the other files the site publishes. */
export function crossChecks(catalogue: ParsedCatalogue, pageRoutes: readonly string[], memo: CrossChecksMemo = createCrossChecksMemo(), files: readonly string[] = []): Problem[] {
  const { services, known, before, after } = yamlChecks(catalogue, pageRoutes, files, memo.yaml);
  return [
    ...before,
    ...descriptionChecks(catalogue, services, known, memo.links),
    ...after,
    ...alternativeChecks(catalogue, known),
    ...[...catalogue.pages.values()].flatMap((page) => contentLinkProblems(page.file, page.links, known)),
    ...caseChecks(catalogue, known),
    ...unusedImageChecks(catalogue, services),
  ];
}

/** The rules that read only the YAML files, the image list and the page routes, and what they found. */
interface YamlChecks {
  services: RawService[];
  known: KnownRoutes;
  /** Problems, in the order crossChecks gives them: those before the descriptions' and those after. */
  before: Problem[];
  after: Problem[];
}

/**
 * The last run's YAML checks, by what they read, kept for the next build in the same process: a dev rebuild after
 * a description edit hands validation the very YAML parse of the run before (validate.ts ValidationMemo `parses`) and the
 * same image list (devLoad.ts), and these checks were 85 ms of its 170 ms validation at 10,000 services. Nothing
 * downstream writes to what they return.
 */
export interface YamlChecksMemo {
  last?: { inputs: unknown[]; checks: YamlChecks };
}

/** Each description's last link checks, by its file: reused while its compiled links are the same array (the
 *  same while its text is: validate.ts `memo`) and the known routes the same object (while the YAML is). */
export type LinkChecksMemo = Map<string, { links: readonly MarkdownLink[]; known: KnownRoutes; problems: Problem[] }>;

/** What the cross-file checks keep for the next run in the same process (validate.ts ValidationMemo). */
export interface CrossChecksMemo {
  yaml: YamlChecksMemo;
  links: LinkChecksMemo;
}

export const createCrossChecksMemo = (): CrossChecksMemo => ({ yaml: {}, links: new Map() });

function yamlChecks(catalogue: ParsedCatalogue, pageRoutes: readonly string[], files: readonly string[], memo: YamlChecksMemo): YamlChecks {
  const { site, categories, images } = catalogue;
  const inputs = [site?.yaml, site?.data, site?.value, images, pageRoutes.join('\n'), files.join('\n'), ...categories.flatMap((c) => [c.name, c.yaml, c.data, c.value])];
  const { last } = memo;
  if (last && sameItems(inputs, last.inputs)) return last.checks;
  const services = categories.flatMap((category) => {
    const list = record(category.data).services;
    return Array.isArray(list)
      ? list.map((item, index): RawService => {
          const raw = record(item);
          const name = str(raw.name);
          return { category, index, raw, id: str(raw.id), name, ...(name && { slug: serviceSlug({ name, slug: str(raw.slug) }) }) };
        })
      : [];
  });
  const known = knownRoutes(catalogue, services, pageRoutes, files);
  const checks = {
    services,
    known,
    before: [...categoryListChecks(catalogue), ...categoryChecks(catalogue), ...serviceChecks(catalogue, services), ...offerChecks(services, readable(catalogue))],
    after: siteChecks(catalogue, known),
  };
  memo.last = { inputs, checks };
  return checks;
}

/**
 * Whether every YAML file was read as fields and every category's services as a list. When one was not (a
 * syntax error, an empty file), the ids, pages and images it holds are unknown, and the checks that need
 * them say nothing rather than something false.
 */
const readable = ({ site, categories }: Pick<ParsedCatalogue, 'site' | 'categories'>) =>
  record(site?.data) === site?.data && categories.every((c) => Array.isArray(record(c.data).services));

/** Images nothing refers to still ship with every build; usually a leftover from a rename. */
function unusedImageChecks({ site, categories, descriptions, images }: ParsedCatalogue, services: RawService[]): Problem[] {
  // A file that did not parse may be the one that refers to the image: only judge a complete catalogue.
  if (!readable({ site, categories })) return [];
  const used = new Set<string>();
  for (const s of services) used.add(`img/services/${str(s.raw.image)}`);
  for (const c of categories) used.add(`img/icons/${str(record(c.data).icon)}`);
  const logos = record(record(site?.data).clients).logos;
  if (Array.isArray(logos)) for (const logo of logos) used.add(`img/clients/${str(record(logo).image)}`);
  for (const { path } of themeFiles(site?.data)) used.add(path);
  for (const path of teamPhotos(site?.data)) used.add(path);
  // A description may show a catalogue image by its site address.
  for (const description of descriptions.values()) for (const path of description.images ?? imagePathsOf(description.text)) used.add(path);
  return [...images]
    .filter((image) => !used.has(image) && isImageType(image)) // other files are refused (imageChecks.ts)
    .sort()
    .map((image) => warning('unused-image', image, {}, 'No service, category, client logo or description uses this image, but every build copies it.', 'Delete the file, or refer to it from the catalogue.'));
}

function categoryListChecks({ site, categories }: ParsedCatalogue): Problem[] {
  // From the file as read when another field of it has a problem (the schema's own report): the list is checked
  // in the same run, as long as it is a list of names.
  const raw = record(site?.data).categories;
  const listed = site?.value?.categories ?? (Array.isArray(raw) && raw.every((name) => typeof name === 'string') ? (raw as string[]) : undefined);
  if (!site || !listed) return [];
  const problems: Problem[] = [];
  const files = new Set(categories.map((c) => c.name));
  const seen = new Set<string>();
  listed.forEach((name, i) => {
    const where = () => at(site.yaml, ['categories', i], `categories[${i}]`);
    if (seen.has(name)) problems.push(error('category-listed-twice', 'site.yaml', where(), `The category "${name}" is listed twice.`, 'Keep one of the two entries.'));
    seen.add(name);
    if (!files.has(name)) {
      problems.push(error('category-file-missing', 'site.yaml', where(), `There is no file categories/${name}.yaml for the listed category "${name}".`, `Create categories/${name}.yaml, or fix the name to match an existing file (${[...files].join(', ') || 'there are none yet'}).`));
    }
  });
  for (const category of categories) {
    if (!seen.has(category.name)) {
      // site.yaml lists lowercase names only: a file named otherwise is renamed before it can be listed.
      const named = kebab.test(category.name) ? category.name : category.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      const rename = named === category.name ? '' : `Rename the file ${named ? `categories/${named}.yaml` : 'with lowercase words joined by hyphens'} (site.yaml lists lowercase names only), then add`;
      problems.push(error('category-not-listed', category.yaml.file, { line: 1, column: 1 }, `This category is not listed in site.yaml, so it would never be shown.`, `${rename ? `${rename} "- ${named || 'its name'}"` : `Add "- ${category.name}"`} to the categories list in site.yaml where it belongs in the menu order, or delete this file.`));
    }
  }
  return problems;
}

/** A category's anchor whose section would take an id the home page holds anyway (isHomePageId), or that another
 *  category's section takes ("x-title" beside a category "x"). */
function anchorsTaken(categories: readonly ParsedCategory[]): Problem[] {
  const anchors = new Set(categories.map((category) => str(record(category.data).anchor)).filter((anchor): anchor is string => Boolean(anchor)));
  return categories.flatMap((category) => {
    const anchor = str(record(category.data).anchor);
    if (!anchor) return [];
    const taken = categorySectionIds(anchor).find((id) => isHomePageId(id) || (id !== anchor && anchors.has(id)));
    if (taken === undefined) return [];
    const holder = isHomePageId(taken) ? 'the home page already has' : `the section of the category with the anchor "${taken}" already has`;
    const message =
      taken === anchor
        ? `The home page already has an element with the id "${anchor}", so /#${anchor} would lead there, not to this category's section.`
        : `With the anchor "${anchor}", this category's heading on the home page would take the id "${taken}", which ${holder}: the page would have two elements with one id.`;
    return [
      error('reserved-anchor', category.yaml.file, at(category.yaml, ['anchor'], 'anchor'), message, `Choose another anchor, such as "${anchor}-services".`),
    ];
  });
}

function categoryChecks({ categories }: ParsedCatalogue): Problem[] {
  const problems: Problem[] = [];
  // site.yaml lists a category by name, so listing.yaml and listing.yml would both be "listing", and one of
  // them would be dropped without a word.
  const byName = new Map<string, ParsedCategory[]>();
  for (const category of categories) byName.set(category.name, [...(byName.get(category.name) ?? []), category]);
  for (const [name, files] of byName) {
    if (files.length < 2) continue;
    const names = files.map((c) => c.yaml.file).join(' and ');
    for (const category of files) {
      problems.push(error('category-two-files', category.yaml.file, { line: 1, column: 1 }, `Two files define the category "${name}": ${names}.`, 'Keep one file per category: move what the other holds into it, and delete the other.'));
    }
  }
  for (const key of ['anchor', 'idPrefix'] as const) {
    const first = new Map<string, ParsedCategory>();
    for (const category of categories) {
      const value = str(record(category.data)[key]);
      if (!value) continue;
      const earlier = first.get(value);
      if (earlier) {
        problems.push(error(key === 'anchor' ? 'duplicate-anchor' : 'duplicate-prefix', category.yaml.file, at(category.yaml, [key], key), `Another category already uses the ${key} "${value}" (${place(earlier.yaml, [key])}).`, `Every category needs its own ${key}; change one of the two.`));
      } else first.set(value, category);
    }
  }
  problems.push(...anchorsTaken(categories));
  for (const category of categories) {
    const list = record(category.data).services;
    if (Array.isArray(list) && list.length === 0) {
      problems.push(error('empty-category', category.yaml.file, at(category.yaml, ['services'], 'services'), 'This category has no services, so its section would be empty.', 'Add at least one service, or remove the category from site.yaml and delete this file.'));
    }
  }
  return problems;
}

function serviceChecks(catalogue: ParsedCatalogue, services: RawService[]): Problem[] {
  const problems: Problem[] = [];
  const firstById = new Map<string, RawService>();
  for (const service of services) {
    const { yaml } = service.category;
    const path = ['services', service.index];
    const raw = service.raw;
    const prefix = str(record(service.category.data).idPrefix);
    const field = (name: string) => at(yaml, [...path, name], `services[${service.index}].${name}`);
    if (service.id !== undefined) {
      const earlier = firstById.get(service.id);
      if (earlier) {
        const free = prefix && nextFreeId(prefix, services);
        problems.push(error('duplicate-id', yaml.file, field('id'), `The id "${service.id}" is already used by another service (${place(earlier.category.yaml, ['services', earlier.index, 'id'])}).`, `Ids must be unique: give this service a number no other service has${free ? `, such as ${free}` : ''}. Never reuse an id, since it is part of the page address.`));
      } else firstById.set(service.id, service);
      const form = /^([a-z0-9]+)-(\d+)$/.exec(service.id);
      if (!form) {
        const shown = withUnseen(service.id);
        problems.push(error('id-form', yaml.file, field('id'), `The id "${shown}" is not of the form prefix-number${shown === service.id ? '' : ': it holds characters that do not show'}.`, `Write it as ${prefix ?? 'prefix'}-N with a whole number, e.g. ${prefix ?? 'pressreleases'}-3.`));
      } else if (prefix && form[1] !== prefix) {
        problems.push(error('id-prefix', yaml.file, field('id'), `The id "${service.id}" does not start with this category's prefix "${prefix}".`, `Use ${prefix}-${form[2]}, or move the service to the category whose idPrefix is "${form[1]}".`));
      }
    }
    if (service.name) problems.push(...nameChecks(service.name, str(raw.slug) !== undefined || Boolean(service.slug), yaml.file, () => field('name')));
    const image = str(raw.image);
    if (image && !catalogue.images.has(`img/services/${image}`)) {
      problems.push(error('missing-image', yaml.file, field('image'), `The image file img/services/${image} does not exist.`, 'Add the file under img/services/ in the catalogue, or fix the file name (names are case-sensitive).'));
    }
    const meta = str(raw.metaDescription);
    if (meta && meta.length > META_DESCRIPTION_MAX) {
      problems.push(warning('long-meta-description', yaml.file, field('metaDescription'), `The meta description is ${meta.length} characters long; search engines cut it after about ${META_DESCRIPTION_MAX}.`, `Shorten it to ${META_DESCRIPTION_MAX} characters or fewer.`));
    }
  }
  const iconChecks = catalogue.categories.flatMap((category) => {
    const icon = str(record(category.data).icon);
    return icon && !catalogue.images.has(`img/icons/${icon}`)
      ? [error('missing-image', category.yaml.file, at(category.yaml, ['icon'], 'icon'), `The icon file img/icons/${icon} does not exist.`, 'Add the file under img/icons/ in the catalogue, or fix the file name.')]
      : [];
  });
  return [...problems, ...iconChecks];
}

/** The id after the highest of a prefix: never one a removed service may have had (its address may be linked). */
function nextFreeId(prefix: string, services: readonly RawService[]): string {
  const numbers = services.map((s) => (s.id?.startsWith(`${prefix}-`) ? s.id.slice(prefix.length + 1) : '')).filter((n) => /^\d+$/.test(n));
  return `${prefix}-${Math.max(0, ...numbers.map(Number)) + 1}`;
}

/** A name must give a page address (`addressed`: the service has a slug of its own, or its name gives one), and
 *  hold no letters that pass for Latin ones. */
// `where` is asked only for a problem: locating a field parses its file's syntax tree, which most builds never need.
function nameChecks(name: string, addressed: boolean, file: string, where: () => ReturnType<typeof at>): Problem[] {
  const problems: Problem[] = [];
  if (!addressed) {
    problems.push(error('name-without-slug', file, where(), `The name "${name}" gives no page address: the address is made from its Latin letters and digits, and it has none.`, 'Add a slug field under the name with the address part you want, in lowercase Latin words joined by hyphens, e.g. "slug: chinese-marketing".'));
  }
  for (const { letter, codePoint, latin } of lookAlikes(name)) {
    const script = /\p{Script=Cyrillic}/u.test(letter) ? 'Cyrillic' : 'Greek';
    problems.push(error('look-alike-letter', file, where(), `The name has the ${script} letter "${letter}" (${codePoint}), which looks like the Latin "${latin}" but is not: the page address would leave it out.`, `Type it again as the Latin letter "${latin}".`));
  }
  return problems;
}

/** A description that opens as the case studies and pages do: "---", "name: value" lines, and "---" or the end. */
const FRONT_MATTER = /^(?:[ \t]*\r?\n)*---[ \t]*\r?\n(?:[\w-]+:.*\r?\n)+(?:---[ \t]*(?:\r?\n|$)|$)/;

function descriptionChecks(catalogue: ParsedCatalogue, services: RawService[], known: KnownRoutes, memo: LinkChecksMemo): Problem[] {
  const problems: Problem[] = [];
  const ids = new Set(services.map((s) => s.id).filter((id) => id !== undefined));
  for (const service of services) {
    if (service.id && !catalogue.descriptions.has(service.id)) {
      const { yaml } = service.category;
      problems.push(error('missing-description', yaml.file, at(yaml, ['services', service.index, 'id'], `services[${service.index}].id`), `The service "${withUnseen(service.id)}" has no description.`, `Write its description in descriptions/${service.id}.md (Markdown).`));
    }
  }
  const complete = readable(catalogue);
  for (const [id, description] of catalogue.descriptions) {
    // An unreadable category file hides its ids; do not blame its descriptions for that. Nor while an id of the
    // same prefix is given twice: the description may be waiting for one of the two (duplicate-id says so).
    if (!ids.has(id) && complete && !known.duplicated.prefixes.has(idPrefixOf(id))) {
      problems.push(error('description-without-service', description.file, { line: 1, column: 1 }, `There is no service with the id "${id}" for this description.`, 'Rename the file to <service id>.md to match its service, or delete it if the service was removed.'));
    }
    const { words } = description;
    if (description.unread) {
      // file-unreadable says so; its text, words and front matter are unknown.
    } else if (!description.text.trim() || (words === 0 && !description.refused && !shows(description.tree))) {
      // An empty file published the heading "About this service" with nothing under it; so did one of raw HTML or
      // comments only, which the page does not show.
      const what = description.text.trim() ? 'The description shows no text (raw HTML, images, comments and link definitions are not published), so its' : 'The description is empty: its';
      problems.push(error('empty-file', description.file, {}, `${what} service page would show "About this service" with nothing under it.`, "Write the service's description: what buyers get, how long it takes and what is required (aim for 80 words or more)."));
    } else if (words < DESCRIPTION_MIN_WORDS) {
      problems.push(warning('short-description', description.file, { line: 1, column: 1 }, `The description has only ${words} word${words === 1 ? '' : 's'}.`, `Buyers decide from this text: say what they get, how long it takes and what is required (aim for 80 words or more).`));
    }
    const frontMatter = description.unread ? undefined : FRONT_MATTER.exec(description.text);
    if (frontMatter) {
      const fields = frontMatter[0].split(/\r?\n/).filter((line) => /^[\w-]+:/.test(line)).length;
      const line = frontMatter[0].slice(0, frontMatter[0].indexOf('---')).split('\n').length;
      problems.push(error('description-front-matter', description.file, { line, column: 1 }, `The description starts with front matter (${fields === 1 ? 'a "name: value" line' : `${fields} "name: value" lines`} between "---" lines), which a description does not have: the site would show it as a heading.`, "Delete those lines. A service's name, price and other fields are in its category file; the description is only the text under \"About this service\"."));
    }
    problems.push(...linkChecks(description.file, description.links, known, memo));
  }
  // Only this run's descriptions are kept: a deleted or renamed one's checks would otherwise stay for good.
  const files = new Set([...catalogue.descriptions.values()].map((d) => d.file));
  for (const file of memo.keys()) if (!files.has(file)) memo.delete(file);
  return problems;
}

function linkChecks(file: string, links: readonly MarkdownLink[], known: KnownRoutes, memo: LinkChecksMemo): Problem[] {
  const last = memo.get(file);
  if (last && last.links === links && last.known === known) return last.problems;
  const problems = links.flatMap((link) => {
    const problem = checkLink(link.url, known);
    return problem ? [error(problem.code, file, { line: link.line, column: link.column, field: `link ${link.url}` }, problem.message, problem.hint)] : [];
  });
  memo.set(file, { links, known, problems });
  return problems;
}

function siteChecks({ site, images }: ParsedCatalogue, known: KnownRoutes): Problem[] {
  if (!site) return [];
  const problems: Problem[] = [];
  const data = record(site.data);
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  const seen = new Set<string>();
  list(data.alternatives).forEach((alt, i) => {
    const slug = str(record(alt).slug);
    if (!slug) return;
    if (seen.has(slug)) problems.push(error('duplicate-alternative', 'site.yaml', at(site.yaml, ['alternatives', i, 'slug'], `alternatives[${i}].slug`), `The alternative "${slug}" is listed twice.`, 'Keep one of the two entries.'));
    seen.add(slug);
  });
  list(record(data.clients).logos).forEach((logo, i) => {
    const image = str(record(logo).image);
    if (image && !images.has(`img/clients/${image}`)) {
      problems.push(error('missing-image', 'site.yaml', at(site.yaml, ['clients', 'logos', i, 'image'], `clients.logos[${i}].image`), `The logo file img/clients/${image} does not exist.`, 'Add the file under img/clients/ in the catalogue, or fix the file name.'));
    }
  });
  // A link's problem, at its place in site.yaml (`path`, the link's) and named by its field (`field`).
  const linkAt = (link: unknown, path: (string | number)[], field: string) => {
    const href = str(record(link).href);
    const problem = href ? checkLink(href, known) : undefined;
    if (problem) problems.push(error(problem.code, 'site.yaml', at(site.yaml, [...path, 'href'], `${field}.href`), problem.message, problem.hint));
  };
  linkAt(record(data.contact).messaging, ['contact', 'messaging'], 'contact.messaging');
  list(record(data.footer).links).forEach((link, i) => linkAt(link, ['footer', 'links', i], `footer.links[${i}]`));
  list(record(data.footer).columns).forEach((column, c) => list(record(column).links).forEach((link, i) => linkAt(link, ['footer', 'columns', c, 'links', i], `footer.columns[${c}].links[${i}]`)));
  return problems;
}

/**
 * The alternatives pages' own content: each file names a listed competitor and links only where links may go.
 * Pages without any differ from each other only by the name, which search engines may treat as doorway pages.
 */
/** The problems of the links in a page's or an alternatives page's own Markdown. */
function contentLinkProblems(file: string, links: readonly MarkdownLink[], known: KnownRoutes): Problem[] {
  return links.flatMap((link) => {
    const problem = checkLink(link.url, known);
    return problem ? [error(problem.code, file, { line: link.line, column: link.column, field: `link ${link.url}` }, problem.message, problem.hint)] : [];
  });
}

function alternativeChecks({ site, alternatives }: ParsedCatalogue, known: KnownRoutes): Problem[] {
  const listed = record(site?.data).alternatives;
  // Only slugs that make a page (a malformed one is reported by the schema).
  const slugs = new Set(Array.isArray(listed) ? listed.map((a) => str(record(a).slug)).filter((s): s is string => s !== undefined && kebab.test(s)) : []);
  const problems: Problem[] = [];
  for (const [slug, content] of alternatives) {
    if (site && Array.isArray(listed) && !slugs.has(slug)) {
      const guess = closest(slug, [...slugs]);
      problems.push(error('alternative-not-listed', content.file, { line: 1, column: 1 }, `"${slug}" is not in site.yaml's alternatives list, so this page would never be built.`, guess ? `Rename the file to alternatives/${guess}.md if it is meant for "${guess}", or add "- slug: ${slug}" to the alternatives list in site.yaml.` : `Add "- slug: ${slug}" to the alternatives list in site.yaml, or delete the file.`));
    }
    problems.push(...contentLinkProblems(content.file, content.links, known));
  }
  const without = [...slugs].filter((slug) => !alternatives.has(slug));
  if (site && without.length) {
    const pages = without.length === 1 ? (slugs.size === 1 ? 'The alternatives page has no content of its own' : `1 of the ${slugs.size} alternatives pages has no content of its own`) : `${without.length} of the ${slugs.size} alternatives pages have no content of their own`;
    problems.push(warning('alternatives-without-content', 'site.yaml', at(site.yaml, ['alternatives'], 'alternatives'), `${pages} (${without.slice(0, 3).join(', ')}${without.length > 3 ? ', …' : ''}): pages that differ only by the competitor's name risk being treated as doorway pages by search engines.`, `Write alternatives/{slug}.md for them (the date you last reviewed it, then what a buyer comparing agencies should know, factually), or list only competitors you have written about.`));
  }
  return problems;
}

/** A case study's services exist (once every category file could be read), and its links go where links may. */
function caseChecks({ cases }: ParsedCatalogue, known: KnownRoutes): Problem[] {
  return [...cases.values()].flatMap((study) => [
    ...(known.complete ? (study.services ?? []) : []).flatMap((id, i, ids) => {
      // Listed twice, its card showed twice on the service's page, as a requires entry would be refused.
      if (ids.indexOf(id) < i) return [error('duplicate-reference', study.file, study.serviceLines![i]!, `"${id}" is listed twice in services.`, 'Keep one of the two entries.')];
      if (known.serviceRouteById.has(id)) return [];
      const guess = closest(id, [...known.serviceRouteById.keys()]);
      return [error('unknown-service', study.file, study.serviceLines![i]!, `There is no service with the id "${id}".`, guess ? `Did you mean "${guess}"? Fix the id, or remove the entry.` : 'Use the id of an existing service (its "id" field), or remove the entry.')];
    }),
    ...contentLinkProblems(study.file, study.links, known),
  ]);
}

interface KnownRoutes {
  /** False when a YAML file did not parse: its pages and anchors are unknown, so a link is not judged by them. */
  complete: boolean;
  paths: Set<string>;
  /** The files the site publishes beside its pages, by path (/files/price-list.pdf). */
  files: Set<string>;
  anchors: Set<string>;
  serviceRouteById: Map<string, string>;
  /** The ids given to more than one service, their prefixes, and those services' slugs: the pages whose
   *  addresses are unsure until duplicate-id is fixed, so links to them are not judged. */
  duplicated: { ids: Set<string>; prefixes: Set<string>; slugs: Set<string> };
}

/** "alpha" of "alpha-2". */
const idPrefixOf = (id: string) => id.replace(/-\d+$/, '');

function knownRoutes({ site, categories }: ParsedCatalogue, services: RawService[], pageRoutes: readonly string[], files: readonly string[]): KnownRoutes {
  const serviceRouteById = new Map<string, string>();
  const duplicated = { ids: new Set<string>(), prefixes: new Set<string>(), slugs: new Set<string>() };
  const seen = new Set<string>();
  for (const s of services) {
    if (s.id && seen.has(s.id)) duplicated.ids.add(s.id);
    if (s.id) seen.add(s.id);
    if (s.id && s.slug !== undefined) serviceRouteById.set(s.id, routes.service(s.slug, s.id));
  }
  for (const s of services) {
    if (!s.id || !duplicated.ids.has(s.id)) continue;
    duplicated.prefixes.add(idPrefixOf(s.id));
    if (s.slug !== undefined) duplicated.slugs.add(s.slug);
  }
  const alternatives = record(site?.data).alternatives;
  const altRoutes = Array.isArray(alternatives) ? alternatives.map((a) => str(record(a).slug)).filter((s) => s !== undefined).map(routes.alternative) : [];
  return {
    complete: readable({ site, categories }),
    paths: new Set([routes.home(), ...pageRoutes, ...altRoutes, ...serviceRouteById.values(), ...categoryRoutes(categories)]),
    files: new Set(files),
    anchors: new Set(['clients', ...categories.map((c) => str(record(c.data).anchor)).filter((a) => a !== undefined)]),
    serviceRouteById,
    duplicated,
  };
}

/** The categories' own pages (their first pages: further ones come and go with the number of services). */
const categoryRoutes = (categories: ParsedCategory[]) =>
  categories.map((c) => str(record(c.data).anchor)).filter((a) => a !== undefined).map((anchor) => routes.category(anchor));

/** A web address without a host, or a mail link without an address: a link a visitor follows to nothing. */
function leadsNowhere(url: string, scheme: string): { code: ProblemCode; message: string; hint: string } | undefined {
  if (scheme === 'mailto') {
    // The first address, its @ perhaps %-escaped.
    const address = url.slice('mailto:'.length).split(/[?,]/)[0]!.trim();
    return /^[^@\s]+(@|%40)[^@\s]+$/i.test(address) ? undefined : { code: 'link-malformed', message: `The link "${url}" has no e-mail address to write to.`, hint: 'Write the address after mailto:, e.g. mailto:hello@example.com.' };
  }
  const hint = 'Write the whole address, e.g. https://example.com/page, or a path on this site such as /sitemap/.';
  if (URL.canParse(url) && new URL(url).hostname) return undefined;
  return { code: 'link-malformed', message: `The link "${url}" is not a web address a browser can open: ${URL.canParse(url) ? 'it has no host name' : unreadableAddressPart(url)}.`, hint };
}

/** A link's path as the file it names is called: "%20" is a space. */
function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Checks one link from a description or the footer; undefined when it is fine. */
export function checkLink(url: string, known: KnownRoutes): { code: ProblemCode; message: string; hint: string } | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme) {
    if (!['http', 'https', 'mailto'].includes(scheme)) return { code: 'link-scheme', message: `The link uses the "${scheme}:" scheme, which is not allowed.`, hint: 'Use an https://, http:// or mailto: link, or a path on this site such as /sitemap/.' };
    return leadsNowhere(url, scheme);
  }
  if (url.startsWith('#')) return undefined;
  if (!url.startsWith('/')) {
    return { code: 'relative-link', message: `The link "${url}" is relative, so it would break depending on the page it appears on.`, hint: 'Start links to this site with "/", e.g. /service/{slug}/{id}/, or write a full https:// address.' };
  }
  const [path = '/', anchor] = url.split('#');
  if (known.files.has(decodedPath(path.split('?')[0]!))) return undefined;
  const normalised = withTrailingSlash(path.split('?')[0]!);
  if (known.paths.has(normalised)) {
    return anchor && normalised === '/' && !known.anchors.has(anchor) && known.complete
      ? { code: 'missing-section', message: `There is no section "#${anchor}" on the home page.`, hint: `Use one of: ${[...known.anchors].map((a) => `/#${a}`).join(', ')}.` }
      : undefined;
  }
  if (!known.complete) return undefined;
  const [, slug, id] = /^\/service\/([^/]+)\/([^/]+)\/?$/.exec(normalised) ?? [];
  // The page of a service whose id is given twice: its address is unsure until duplicate-id is fixed.
  if (id && (known.duplicated.ids.has(id) || known.duplicated.slugs.has(slug!))) return undefined;
  const actual = id ? known.serviceRouteById.get(id) : undefined;
  // A name with an extension (price-list.pdf) is meant as a file, which public/ would hold.
  if (!actual && /\.[a-z0-9]+$/i.test(path)) {
    return { code: 'broken-link', message: `The link points to ${path}, which is neither a page of this site nor a file of its public/ folder.`, hint: `Put the file at public${decodedPath(path)} (served at ${path}), or fix the address.` };
  }
  return {
    code: 'broken-link',
    message: `The link points to ${path}, which is not a page of this site.`,
    hint: actual ? `The service ${id} lives at ${actual}; link there instead.` : 'Link to an existing page: copy the address from the built site or the sitemap.',
  };
}

/** Whether a compiled text shows anything but blank space: words, or an image. */
const shows = (nodes: readonly TreeNode[]): boolean => nodes.some((node) => (typeof node === 'string' ? node.trim() !== '' : node[0] === 'img' || shows(node.slice(2) as TreeNode[])));
