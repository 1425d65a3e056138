// The figures under the hero (site.yaml's stats): each one's source and date, the warnings about a figure
// without them, the date's form, and the notes the page shows under the figures.
import { describe, expect, it } from 'vitest';
import { loadCatalogue, type CatalogueSource } from '../../src/catalogue/load.ts';
import type { Problem } from '../../src/catalogue/problems.ts';
import { buildModel } from '../../src/model/model.ts';
import { siteShell } from '../../src/model/shell.ts';
import { prerenderer, validate } from '../support/site.ts';

const TODAY = '2026-11-25';
const summary = (problems: Problem[]) => problems.map((p) => `${p.severity} ${p.code} ${p.line} ${p.field ?? ''}`.trim());
const FIGURE = '  - value: $52M\n    label: Average market cap at all-time high of clients\n    source: Fixture data, not real results\n    asOf: 2026-03\n';

let fixture: Promise<CatalogueSource> | undefined;
/** The valid fixture with its one figure written as `figure` (the lines under "stats:", from line 14). */
async function withFigure(figure: string) {
  const source = await (fixture ??= loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname));
  const site = source.texts.get('site.yaml')!;
  expect(site).toContain(FIGURE);
  return validate({ ...source, texts: new Map(source.texts).set('site.yaml', site.replace(FIGURE, figure)) }, { today: TODAY });
}
const figure = (fields: string) => `  - value: $52M\n    label: Average market cap at all-time high of clients\n${fields}`;

describe('a figure in site.yaml', () => {
  it('with a source and a month or a day is fine', async () => {
    expect((await withFigure(FIGURE)).problems).toEqual([]);
    expect((await withFigure(figure('    source: Client records\n    sourceUrl: https://www.example.com/records\n    asOf: 2026-03-15\n'))).problems).toEqual([]);
  });

  it('without a source is a warning at the figure, saying what to add; the site still builds', async () => {
    const { problems, catalogue } = await withFigure(figure('    asOf: 2026-03\n'));
    expect(summary(problems)).toEqual(['warning stat-without-source 14 stats[0]']);
    expect(problems[0]!.message).toBe('The figure "$52M" has no source: visitors cannot tell where it comes from.');
    expect(problems[0]!.hint).toMatch(/^Add "source:" with where it comes from, e.g. "Agency client records, 2025 campaigns"\. The page shows/);
    expect(catalogue).toBeDefined();
  });

  it('without a source or a date is one warning that names both', async () => {
    const { problems } = await withFigure(figure(''));
    expect(summary(problems)).toEqual(['warning stat-without-source 14 stats[0]']);
    expect(problems[0]!.message).toBe('The figure "$52M" has no source and no date: visitors cannot tell where it comes from or how current it is.');
    expect(problems[0]!.hint).toMatch(/and "asOf:" with the month it was measured, e.g. 2026-03/);
  });

  it('with a link to its source but no source is a warning that says the link is not shown without one', async () => {
    const { problems } = await withFigure(figure('    sourceUrl: https://www.example.com/records\n    asOf: 2026-03\n'));
    expect(summary(problems)).toEqual(['warning stat-without-source 14 stats[0]']);
    expect(problems[0]!.message).toBe('The figure "$52M" has a "sourceUrl:" but no "source:": the page shows no note for it, so visitors cannot tell where it comes from.');
    expect(problems[0]!.hint).toBe('Add "source:" with the name of what https://www.example.com/records shows, e.g. "Agency client records, 2025 campaigns": the note links that name to the address.');
    const undated = (await withFigure(figure('    sourceUrl: https://www.example.com/records\n'))).problems;
    expect(summary(undated)).toEqual(['warning stat-without-source 14 stats[0]']);
    expect(undated[0]!.message).toBe('The figure "$52M" has a "sourceUrl:" but no "source:" and no date: the page shows no note for it, so visitors cannot tell where it comes from or how current it is.');
    expect(undated[0]!.hint).toContain(', and "asOf:" with the month it was measured, e.g. 2026-03: the note links');
  });

  it('with a source but no date is a warning of its own', async () => {
    const { problems, catalogue } = await withFigure(figure('    source: Client records\n'));
    expect(summary(problems)).toEqual(['warning stat-without-date 14 stats[0]']);
    expect(problems[0]!.message).toBe('The figure "$52M" has no date: visitors cannot tell how current it is.');
    expect(problems[0]!.hint).toMatch(/^Add "asOf:" with the month \(2026-03\) or day \(2026-03-15\) it was measured/);
    expect(catalogue).toBeDefined();
  });

  it('needs its date written YYYY-MM or YYYY-MM-DD, and a day of the calendar', async () => {
    for (const [asOf, message] of [
      ['March 2026', 'Expected a date written YYYY-MM or YYYY-MM-DD, e.g. 2026-03 or 2026-03-15; got the text "March 2026".'],
      ['2026-13', 'Expected a date written YYYY-MM or YYYY-MM-DD, e.g. 2026-03 or 2026-03-15; got the text "2026-13".'],
      ['2026-3', 'Expected a date written YYYY-MM or YYYY-MM-DD, e.g. 2026-03 or 2026-03-15; got the text "2026-3".'],
      ['2026-02-30', 'Expected a real day of the calendar, e.g. 2026-02-28; got the text "2026-02-30".'],
    ]) {
      const { problems, catalogue } = await withFigure(figure(`    source: Client records\n    asOf: ${asOf}\n`));
      expect(summary(problems), asOf).toEqual(['error wrong-format 17 stats[0].asOf']);
      expect(problems[0]!.message, asOf).toBe(message);
      expect(problems[0]!.hint).toMatch(/^When the figure was measured, written YYYY-MM/);
      expect(catalogue).toBeUndefined();
    }
    // Unquoted, YAML reads a year alone as a number.
    expect(summary((await withFigure(figure('    source: Client records\n    asOf: 2026\n'))).problems)).toEqual(['error wrong-type 17 stats[0].asOf']);
    expect((await withFigure(figure('    source: Client records\n    asOf: 2024-02-29\n'))).problems).toEqual([]);
  });

  it('may not be dated in the future: tomorrow in UTC is today east of it, and this month is fine', async () => {
    const dated = async (asOf: string) => (await withFigure(figure(`    source: Client records\n    asOf: ${asOf}\n`))).problems;
    expect(summary(await dated('2026-11-27'))).toEqual(['error stat-date-in-future 17 stats[0].asOf']);
    expect((await dated('2026-11-27'))[0]!.message).toBe('The date 2026-11-27 is in the future (today is 2026-11-25).');
    expect(summary(await dated('2026-12'))).toEqual(['error stat-date-in-future 17 stats[0].asOf']);
    expect(summary(await dated('2027-01-01'))).toEqual(['error stat-date-in-future 17 stats[0].asOf']);
    expect(await dated('2026-11-26')).toEqual([]);
    expect(await dated('2026-11')).toEqual([]);
    // Without a source it was a warning alone, and the date's error came only once the source was added.
    expect(summary((await withFigure(figure('    asOf: 2026-11-27\n'))).problems)).toEqual(['warning stat-without-source 14 stats[0]', 'error stat-date-in-future 16 stats[0].asOf']);
  });

  it('keeps its source short, and a link to it absolute', async () => {
    const long = (await withFigure(figure(`    source: ${'x'.repeat(121)}\n    asOf: 2026-03\n`))).problems;
    expect(summary(long)).toEqual(['error too-long 16 stats[0].source']);
    expect(long[0]!.message).toMatch(/^Expected at most 120 characters: one line of the notes under the figures/);
    expect(summary((await withFigure(figure('    source: Client records\n    sourceUrl: records.html\n    asOf: 2026-03\n'))).problems)).toEqual(['error wrong-format 17 stats[0].sourceUrl']);
  });
});

describe('the figures on the page', () => {
  it('link each figure with a source to its note under the band, which says where it comes from and when', async () => {
    const { catalogue } = await withFigure(
      [
        figure('    source: Client records, 2025 campaigns.\n    sourceUrl: https://www.example.com/records\n    asOf: 2026-03-15\n'),
        '  - value: 2700%\n    label: Average price growth\n',
        '  - value: 32x\n    label: Average community growth\n    source: Example data\n    asOf: 2026-03\n',
      ].join(''),
    );
    const site = buildModel(catalogue!);
    const renderer = await prerenderer();
    const html = await renderer.renderPage(renderer.pagesOf(site).find((p) => p.route === '/')!, siteShell(site), { styles: [], fonts: [], loader: '/assets/loader.js' });
    const band = /<div data-prerendered="stats"><section class="stats" aria-label="Results for our clients">.*?<\/section><\/div>/.exec(html)?.[0];
    expect(band).toBeDefined();
    // Numbered in the order shown, skipping the figure without a source, which has no link and no note.
    expect([...band!.matchAll(/<a id="stat-ref-(\d)" href="#stat-note-(\d)" aria-label="Source (\d)">(\d)<\/a>/g)].map((m) => m.slice(1).join(''))).toEqual(['1111', '2222']);
    expect(band).toMatch(/<dd class="stat-value"><span class="stat-figure">2700%<\/span><\/dd>/);
    const notes = [...band!.matchAll(/<li id="(stat-note-\d)" tabindex="-1">(.*?)<\/li>/g)].map(([, id, note]) => [id, note!.replace(/<!-- -->/g, '')]);
    expect(notes).toEqual([
      ['stat-note-1', 'Source: <a href="https://www.example.com/records">Client records, 2025 campaigns</a>, as of <time dateTime="2026-03-15">15 March 2026</time>. <a href="#stat-ref-1" class="stat-back" aria-label="Back to figure 1"><span aria-hidden="true">↩</span></a>'],
      ['stat-note-2', 'Source: Example data, as of <time dateTime="2026-03">March 2026</time>. <a href="#stat-ref-2" class="stat-back" aria-label="Back to figure 2"><span aria-hidden="true">↩</span></a>'],
    ]);
  });

  it('have no notes at all when no figure has a source', async () => {
    const { catalogue } = await withFigure(figure('    asOf: 2026-03\n'));
    const site = buildModel(catalogue!);
    const renderer = await prerenderer();
    const html = await renderer.renderPage(renderer.pagesOf(site).find((p) => p.route === '/thread/')!, siteShell(site), { styles: [], fonts: [], loader: '/assets/loader.js' });
    expect(html).toContain('<div data-prerendered="stats"><section class="stats"');
    expect(html).not.toMatch(/stat-notes|stat-ref/);
  });

  // Seven figures, one of them wrong: only "at most 6" was said, and the wrong one came up once the list was cut.
  it('beyond six, are too many, and each one\'s problems are still reported in the same run', async () => {
    const others = Array.from({ length: 5 }, (_, n) => `  - value: x${n}\n    label: Extra ${n}\n    source: Fixture\n    asOf: 2026-03\n`).join('');
    const { problems } = await withFigure(`${FIGURE}${others}${figure('    source: Fixture\n    asOf: 2026-02-30\n    colour: red\n')}`);
    expect(problems.map((p) => `${p.code} ${p.field}`).sort()).toEqual(['too-many stats', 'unknown-field stats[6].colour', 'wrong-format stats[6].asOf']);
    expect(problems.find((p) => p.code === 'too-many')!.message).toMatch(/^Expected at most 6 figures/);
  });
});
