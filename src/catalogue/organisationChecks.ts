// The checks of site.yaml's organisation block (the agency's legal identity) that its schema cannot make: a
// founding year not after this one, team photos that exist, and a page that shows the block only where there is
// one. They read the raw data, like checks.ts, so a typo elsewhere in site.yaml hides none of them.
import type { ParsedCatalogue } from './parsed.ts';
import { error, type Problem } from './problems.ts';
import { locate } from './yamlFile.ts';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown) => (Array.isArray(value) ? value : []);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The img/team/ files the team's photos name: what the unused-image check counts as used. */
export const teamPhotos = (siteData: unknown): string[] =>
  list(record(record(siteData).organisation).team).flatMap((member) => {
    const photo = str(record(member).photo);
    return photo ? [`img/team/${photo}`] : [];
  });

/** `today`: the UTC day of the run, YYYY-MM-DD (validate.ts), so a test can fix it. */
export function organisationChecks({ site, images, pages }: Pick<ParsedCatalogue, 'site' | 'images' | 'pages'>, today: string): Problem[] {
  const problems: Problem[] = [];
  const data = record(site?.data);
  const organisation = site && 'organisation' in data ? record(data.organisation) : undefined;
  if (site && organisation) {
    const at = (path: (string | number)[], field: string) => ({ ...locate(site.yaml, ['organisation', ...path]), field: `organisation.${field}` });
    const year = Number(today.slice(0, 4));
    const { founded } = organisation;
    if (typeof founded === 'number' && Number.isInteger(founded) && founded > year) {
      problems.push(error('founded-in-future', 'site.yaml', at(['founded'], 'founded'), `The founding year ${founded} is in the future (this year is ${year}).`, 'Write the year the company was registered, e.g. the one on its certificate of incorporation.'));
    }
    list(organisation.team).forEach((member, i) => {
      const photo = str(record(member).photo);
      if (photo && !images.has(`img/team/${photo}`)) {
        problems.push(error('missing-image', 'site.yaml', at(['team', i, 'photo'], `team[${i}].photo`), `The photo file img/team/${photo} does not exist.`, 'Add the file under img/team/ in the catalogue, or fix the file name (names are case-sensitive).'));
      }
    });
  }
  // Without site.yaml, or with one that did not parse, whether it has the block is unknown: say nothing.
  const known = site && record(site.data) === site.data;
  for (const page of pages.values()) {
    if (page.show !== 'organisation' || !known || organisation) continue;
    problems.push(error('organisation-missing', page.file, { ...page.showAt, field: 'show' }, 'The page shows the organisation block, but site.yaml has no "organisation".', 'Add the agency\'s legal name, company number, address and founding year under "organisation:" in site.yaml (see the guide), or remove "show: organisation" from the page.'));
  }
  return problems;
}
