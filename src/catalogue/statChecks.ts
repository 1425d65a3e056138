// The checks of site.yaml's figures (stats): a figure says where it comes from and when it was measured, and
// that date has passed. A figure without either is a warning, not an error: the site still builds, and the
// page shows the figure without a note.
import { nextDay } from './dates.ts';
import type { ParsedCatalogue } from './parsed.ts';
import { error, warning, type Problem } from './problems.ts';
import { AS_OF, isCalendarDate } from './schema.ts';
import { locate } from './yamlFile.ts';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** `today`: the UTC day (YYYY-MM-DD) a figure's date may not be after; one day later is allowed, for a
 *  maintainer east of UTC whose today is already tomorrow there. */
export function statChecks({ site }: Pick<ParsedCatalogue, 'site'>, today: string): Problem[] {
  const stats = record(site?.data).stats;
  if (!site || !Array.isArray(stats)) return [];
  const latest = nextDay(today);
  return stats.flatMap((item, i): Problem[] => {
    if (record(item) !== item) return []; // not a block of fields: the schema says so
    const stat = record(item);
    const figure = text(stat.value) ? `The figure "${text(stat.value)}"` : 'This figure';
    const source = text(stat.source);
    const asOf = typeof stat.asOf === 'string' ? stat.asOf : undefined;
    const at = (path: (string | number)[], field: string) => ({ ...locate(site.yaml, path), field });
    const problems: Problem[] = [];
    const sourceUrl = text(stat.sourceUrl);
    if (!source) {
      const also = stat.asOf === undefined ? ' and no date' : '';
      const dateHint = also && ', and "asOf:" with the month it was measured, e.g. 2026-03';
      // The note is the source's text, linked: an address alone gives it nothing to show.
      const [lacks, hint] = sourceUrl
        ? [`has a "sourceUrl:" but no "source:"${also}: the page shows no note for it, so visitors`, `Add "source:" with the name of what ${sourceUrl} shows, e.g. "Agency client records, 2025 campaigns"${dateHint}: the note links that name to the address.`]
        : [`has no source${also}: visitors`, `Add "source:" with where it comes from, e.g. "Agency client records, 2025 campaigns"${dateHint}. The page shows them in a note under the figures.`];
      problems.push(warning('stat-without-source', 'site.yaml', at(['stats', i], `stats[${i}]`), `${figure} ${lacks} cannot tell where it comes from${also && ' or how current it is'}.`, hint));
    } else if (stat.asOf === undefined) {
      problems.push(warning('stat-without-date', 'site.yaml', at(['stats', i], `stats[${i}]`), `${figure} has no date: visitors cannot tell how current it is.`, 'Add "asOf:" with the month (2026-03) or day (2026-03-15) it was measured; the note under the figures says "as of March 2026".'));
    }
    // A date in the future is an error whatever else the figure lacks: it was found only once the source was added.
    if (asOf && AS_OF.test(asOf) && isCalendarDate(asOf) && asOf > latest.slice(0, asOf.length)) {
      problems.push(error('stat-date-in-future', 'site.yaml', at(['stats', i, 'asOf'], `stats[${i}].asOf`), `The date ${asOf} is in the future (today is ${today}).`, `Write when the figure was measured: ${asOf.length === 7 ? 'this month' : 'today'} or earlier.`));
    }
    return problems;
  });
}
