// A case study's file (cases/{slug}.md): what is read from it, and what is wrong with it, located.
import { describe, expect, it } from 'vitest';
import { readCase } from '../../src/catalogue/caseStudies.ts';
import { nameTakenBy } from '../../src/catalogue/frontMatter.ts';
import { formatAsOf } from '../../templates/format.ts';

const TODAY = '2026-11-28';

const file = (frontMatter: string, body = 'What the campaign did.') => `---\n${frontMatter}\n---\n\n${body}\n`;

const FIELDS = [
  'title: A launch week',
  'summary: One sentence.',
  'client: Example Client (fictional)',
  'services: [listing-1, billboards-4]',
  'period: March 2026',
  'results:',
  '  - figure: "2,016"',
  '    label: screen plays',
  '    source: The operator\'s play log',
  '    asOf: 2026-03',
  'disclosure: The client paid for the campaign.',
];

const codes = (text: string, name = 'cases/launch-week.md') => readCase(name, text, TODAY).problems.map((p) => [p.code, p.line, p.field]);

describe('readCase', () => {
  it('warns of a case study with no story under its front matter, at the line after it', () => {
    const problems = readCase('cases/launch-week.md', file(FIELDS.join('\n'), ''), TODAY).problems;
    expect(problems.map((p) => [p.severity, p.code, p.line])).toEqual([['warning', 'case-without-story', FIELDS.length + 3]]);
    expect(problems[0]!.message).toBe('The case study has no text to show under its front matter (comments are not shown): its page has the figures without how they were reached.');
    expect(readCase('cases/launch-week.md', file(FIELDS.join('\n'), '<!-- to write -->'), TODAY).problems.map((p) => p.code)).toEqual(['case-without-story']);
  });

  it('reads a complete case study, its headings under its title', () => {
    const { problems, parsed } = readCase('cases/launch-week.md', file(FIELDS.join('\n'), '# The brief\n\nWhat it was.'), TODAY);
    expect(problems).toEqual([]);
    expect(parsed.slug).toBe('launch-week');
    expect(parsed.value).toMatchObject({ client: 'Example Client (fictional)', nda: false, featured: false, example: false, services: ['listing-1', 'billboards-4'] });
    expect(parsed.serviceLines!.map((l) => l.field)).toEqual(['services[0]', 'services[1]']);
    expect(JSON.stringify(parsed.tree)).toContain('"h2"');
  });

  it('asks for the disclosure, at its place in the file', () => {
    expect(codes(file(FIELDS.filter((l) => !l.startsWith('disclosure')).join('\n')))).toEqual([['case-without-disclosure', 2, 'disclosure']]);
  });

  it('asks for each result’s source and date, at the result', () => {
    const lines = FIELDS.filter((l) => !/source:|asOf:/.test(l));
    expect(codes(file(lines.join('\n')))).toEqual([
      ['case-result-source', 8, 'results[0].source'],
      ['case-result-source', 8, 'results[0].asOf'],
    ]);
  });

  it('refuses a date that is no month or day, and one in the future', () => {
    const dated = (asOf: string) => codes(file(FIELDS.map((l) => (l.includes('asOf') ? `    asOf: ${asOf}` : l)).join('\n')));
    expect(dated('March 2026')).toEqual([['wrong-format', 11, 'results[0].asOf']]);
    expect(dated('2026-13')).toEqual([['wrong-format', 11, 'results[0].asOf']]);
    // Published as "30 February 2026".
    expect(dated('2026-02-30')).toEqual([['wrong-format', 11, 'results[0].asOf']]);
    expect(dated('2999-01')).toEqual([['case-result-in-future', 11, 'results[0].asOf']]);
    // Tomorrow is today east of UTC.
    expect(dated('2026-11-29')).toEqual([]);
  });

  it('names a file name that is no address, with the one to use', () => {
    const problems = readCase('cases/Launch Week.md', file(FIELDS.join('\n')), TODAY).problems;
    expect(problems.map((p) => p.code)).toEqual(['case-name']);
    expect(problems[0]!.hint).toContain('cases/launch-week.md');
    // Accents folded, as a service's name is into its address: "über" was "ber", "café" "caf".
    expect(readCase('cases/café-über.md', file(FIELDS.join('\n')), TODAY).problems[0]!.hint).toBe('Rename the file to cases/cafe-uber.md.');
    // An underscore separates words in a file name: "launch_week" was told "launchweek".
    expect(readCase('cases/launch_week.md', file(FIELDS.join('\n')), TODAY).problems[0]!.hint).toBe('Rename the file to cases/launch-week.md.');
  });

  it('does not ask for a rename onto a case study that is there already', () => {
    const takenBy = nameTakenBy(['cases/Launch-Week.md', 'cases/launch-week.md'], 'cases/', 'cases/Launch-Week.md');
    const [problem] = readCase('cases/Launch-Week.md', file(FIELDS.join('\n')), TODAY, takenBy).problems;
    expect(problem!.code).toBe('case-name');
    expect(problem!.hint).toBe('cases/launch-week.md is there already: keep one of the two (move what this file says into it and delete this one), or rename this one to another name, e.g. cases/launch-week-2.md.');
    expect(readCase('cases/Launch-Week.md', file(FIELDS.join('\n')), TODAY, () => undefined).problems[0]!.hint).toBe('Rename the file to cases/launch-week.md.');
  });

  // Both were told "Rename the file to cases/launch-week.md": once one was, the other could not be.
  it('tells only the first of two names that become the same address to rename to it', () => {
    const files = ['cases/Launch Week.md', 'cases/launch week.md', 'cases/other.md'];
    const hintOf = (name: string) => readCase(name, file(FIELDS.join('\n')), TODAY, nameTakenBy(files, 'cases/', name)).problems[0]!.hint;
    expect(hintOf('cases/Launch Week.md')).toBe('Rename the file to cases/launch-week.md.');
    expect(hintOf('cases/launch week.md')).toBe('cases/Launch Week.md is to be renamed to cases/launch-week.md too: keep one of the two (move what this file says into that one and delete this one), or rename this one to another name, e.g. cases/launch-week-2.md.');
  });

  it('says what is missing when the file has no front matter', () => {
    expect(codes('Just a story.')).toEqual([['missing-field', 1, 'title']]);
  });

  // It said "The case study has no front matter", which line 2 held.
  it('says a front matter under a blank line is not read, at its line', () => {
    const problems = readCase('cases/launch-week.md', `\n\n${file(FIELDS.join('\n'))}`, TODAY).problems;
    expect(problems.map((p) => [p.code, p.line, p.field])).toEqual([['missing-field', 3, 'title']]);
    expect(problems[0]!.message).toBe('The front matter on line 3 is not read, as blank lines come before it: front matter begins on a file\'s first line, and the page would show it as text.');
    expect(problems[0]!.hint).toBe('Delete the blank lines above the first "---".');
  });

  it('checks the fields that passed when another did not: one mistake hides no other', () => {
    const fields = FIELDS.filter((f) => !f.startsWith('disclosure')).map((f) => f.replace('asOf: 2026-03', 'asOf: 2999-01').replace('[listing-1, billboards-4]', '[listing-99]'));
    const { problems, parsed } = readCase('cases/launch-week.md', file([...fields, 'nda: yes'].join('\n')), TODAY);
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['wrong-type', 'nda'],
      ['case-without-disclosure', 'disclosure'],
      ['case-result-in-future', 'results[0].asOf'],
    ]);
    // Its services are known for the check against the catalogue (checks.ts), the file being invalid.
    expect(parsed.value).toBeUndefined();
    expect(parsed.services).toEqual(['listing-99']);
    // A key given twice is read as the later one, and the file checked as a whole.
    expect(codes(file([...FIELDS.filter((f) => !f.startsWith('disclosure')), 'featured: true', 'featured: false'].join('\n'))).map(([code]) => code)).toEqual(['duplicate-key', 'case-without-disclosure']);
  });

  it('checks each result and service that passed when another item of its list did not', () => {
    const fields = FIELDS.filter((f) => !f.startsWith('services') && !f.startsWith('results') && !/^ {2}/.test(f));
    const items = [
      'services: [listing-99, Listing-1]',
      'results:',
      '  - figure: "12345678901234567890"',
      '    label: a figure too long',
      '    source: The log',
      '    asOf: 2026-03',
      '  - figure: 9 h',
      '    label: no source, and measured later',
      '    asOf: 2030-01',
    ];
    const { problems, parsed } = readCase('cases/launch-week.md', file([...fields, ...items].join('\n')), TODAY);
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['wrong-format', 'services[1]'],
      ['too-long', 'results[0].figure'],
      ['case-result-source', 'results[1].source'],
      ['case-result-in-future', 'results[1].asOf'],
    ]);
    // listing-99 is checked against the catalogue (checks.ts), at its own place.
    expect(parsed.services).toEqual(['listing-99']);
    expect(parsed.serviceLines!.map((l) => l.field)).toEqual(['services[0]']);
    // Seven results: one too many, and each of them checked still.
    const seven = Array.from({ length: 7 }, (_, i) => [`  - figure: "${i}"`, '    label: a figure', '    source: The log', `    asOf: ${i === 6 ? '2030-01' : '2026-03'}`]).flat();
    expect(codes(file([...FIELDS.filter((f) => !f.startsWith('results') && !/^ {2}/.test(f)), 'results:', ...seven].join('\n'))).map(([code, , field]) => `${code} ${field}`)).toEqual(['too-many results', 'case-result-in-future results[6].asOf']);
  });

  it('refuses a control character in the words it shows', () => {
    const fields = FIELDS.map((f) => f.replace('title: A launch week', 'title: "A launch \\x07 week"').replace('label: screen plays', 'label: "screen \\e[31m plays"'));
    expect(codes(file(fields.join('\n')))).toEqual([
      ['wrong-format', 2, 'title'],
      ['wrong-format', 9, 'results[0].label'],
    ]);
  });

  it('asks for no disclosure of a front matter that does not parse, or is no mapping: that is its problem', () => {
    expect(codes(file(['title: x', '\tbad: tab', 'summary: y'].join('\n'))).map(([code]) => code)).toEqual(['yaml-syntax']);
    expect(codes(file('- a list\n- of things')).map(([code]) => code)).not.toContain('case-without-disclosure');
    expect(codes(file('just a sentence')).map(([code]) => code)).not.toContain('case-without-disclosure');
  });

  it('says a front matter is never closed rather than missing, its fields being there', () => {
    const problems = readCase('cases/launch-week.md', `---\n${FIELDS.join('\n')}\n\nThe story.\n`, TODAY).problems;
    expect(problems.map((p) => [p.code, p.line])).toEqual([['yaml-syntax', 1]]);
    expect(problems[0]!.message).toContain('never closed');
  });
});

describe('formatAsOf', () => {
  it('writes a month or a day as people read it', () => {
    expect(formatAsOf('2026-03')).toBe('March 2026');
    expect(formatAsOf('2026-03-14')).toBe('14 March 2026');
  });
});
