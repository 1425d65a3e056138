// validate and build for CI: --format github prints one workflow command a problem (GitHub shows each on its line
// of a pull request), --format json one document that matches docs/problems.schema.json; the summary for people
// still goes to stderr, and stdout holds nothing else.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.ts';
import { escapeData, escapeProperty, githubCommands, jsonReport } from '../../src/catalogue/problemReports.ts';
import { error } from '../../src/catalogue/problems.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-ci-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The CLI run from the project folder, as a CI job runs it. */
const cli = (...args: string[]) => runCli(root, ...args);

const schema = JSON.parse(readFileSync(join(root, 'docs/problems.schema.json'), 'utf8')) as object;
const matchesSchema = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

function parsed(stdout: string) {
  const document = JSON.parse(stdout) as { ok: boolean; problems: { file: string; line: number | null; code: string }[]; summary: { errors: number; pages?: number }; error?: string };
  expect(matchesSchema(document), JSON.stringify(matchesSchema.errors)).toBe(true);
  return document;
}

const BROKEN = 'tests/fixtures/several-problems';
// Its six problems, as file:line and code (tests/integration/fixtures.test.ts has their messages).
const SIX = [
  `${BROKEN}/categories/alpha.yaml:12 price-negative`,
  `${BROKEN}/categories/alpha.yaml:13 wrong-currency`,
  `${BROKEN}/categories/beta.yaml:9 duplicate-id`,
  `${BROKEN}/categories/beta.yaml:9 id-prefix`,
  `${BROKEN}/descriptions/alpha-1.md:6 broken-link`,
  `${BROKEN}/site.yaml:3 base-url`,
];

describe('validate --format github', () => {
  it('prints one ::error command a problem, at its file (from the current folder), line and column', async () => {
    const result = await cli('validate', '-c', BROKEN, '--format', 'github');
    expect(result.code).toBe(1);
    const lines = result.out.split('\n');
    expect(lines).toHaveLength(6);
    const found = lines.map((line) => {
      // The title: the code, and the field where there is one.
      const m = /^::error file=([^,]+),line=(\d+),col=(\d+),title=([a-z-]+)(?: [^:,]+)?::(.+ — .+)$/.exec(line);
      expect(m, line).not.toBeNull();
      return `${m![1]}:${m![2]} ${m![4]}`;
    });
    expect(found).toEqual(SIX);
    expect(result.out).toContain('::error file=tests/fixtures/several-problems/site.yaml,line=3,col=10,title=base-url baseUrl::Expected an absolute URL');
    expect(result.out).toContain(',title=price-negative services[0].price::');
    // The summary for people, on stderr, and not the whole text report a second time.
    expect(result.err).toBe('6 errors in 4 files.\nThe catalogue has errors; fix them and run again.');
  });

  it('prints warnings as ::warning, and nothing on stdout for a clean catalogue', async () => {
    const warned = await cli('validate', '-c', 'tests/fixtures/long-meta-description', '--format', 'github');
    expect(warned.code).toBe(0);
    expect(warned.out).toMatch(/^::warning file=tests\/fixtures\/long-meta-description\/categories\/beta\.yaml,line=15,col=\d+,title=long-meta-description services\[0\]\.metaDescription::The meta description is 166 characters long/);
    const clean = await cli('validate', '-c', 'tests/fixtures/valid', '--format', 'github');
    expect(clean).toMatchObject({ code: 0, out: '' });
    expect(clean.err).toMatch(/^The catalogue is valid\. 2 categories, 3 services\.$/);
  });

  it('leaves out line and column for a problem with a whole file', async () => {
    const result = await cli('validate', '-c', 'tests/fixtures/not-an-image', '--format', 'github');
    expect(result.out.split('\n')[0]).toMatch(/^::error file=tests\/fixtures\/not-an-image\/img\/services\/evil\.js,title=not-an-image::/);
  });
});

describe('workflow command escapes', () => {
  it('escape %, CR and LF in the message, and also : and , in properties', () => {
    expect(escapeData('50% off\r\nnext: a, b')).toBe('50%25 off%0D%0Anext: a, b');
    expect(escapeProperty('C:\\a,b%\n')).toBe('C%3A\\a%2Cb%25%0A');
    const [command] = githubCommands([error('broken-link', 'descriptions/a,b.md', { line: 2, column: 3 }, 'Line one\nline two: 100%.', 'Fix it.')], (f) => `cat:${f}`);
    expect(command).toBe('::error file=cat%3Adescriptions/a%2Cb.md,line=2,col=3,title=broken-link::Line one%0Aline two: 100%25. — Fix it.');
  });
});

describe('both formats', () => {
  // Sorted by the path from the catalogue folder, ../pages/ came before categories/, and the report looked unsorted.
  it('list the problems in the order of the files as they show them, then by line', () => {
    const problems = [error('broken-link', 'site.yaml', { line: 9 }, 'a', 'b'), error('broken-link', '../pages/about.md', { line: 2 }, 'a', 'b'), error('broken-link', 'categories/x.yaml', { line: 4 }, 'a', 'b')];
    const shown = (file: string) => join('catalogue', file).split('\\').join('/');
    expect(jsonReport(problems, shown, { ok: false }).problems.map((p) => `${p.file}:${p.line}`)).toEqual(['catalogue/categories/x.yaml:4', 'catalogue/site.yaml:9', 'pages/about.md:2']);
    expect(githubCommands(problems, shown).map((c) => /file=([^,]*)/.exec(c)![1])).toEqual(['catalogue/categories/x.yaml', 'catalogue/site.yaml', 'pages/about.md']);
  });
});

describe('--format json', () => {
  it('validate: one document matching docs/problems.schema.json, with every problem and its code', async () => {
    const result = await cli('validate', '-c', BROKEN, '--format', 'json');
    expect(result.code).toBe(1);
    const document = parsed(result.out);
    expect(document.ok).toBe(false);
    expect(document.problems.map((p) => `${p.file}:${p.line} ${p.code}`)).toEqual(SIX);
    expect(document.summary).toEqual({ errors: 6, warnings: 0, files: 4 });
    expect(result.err).toContain('6 errors in 4 files.');
  });

  it('validate: ok, with the warnings, on a catalogue with warnings only', async () => {
    const result = await cli('validate', '-c', 'tests/fixtures/unused-image', '--format', 'json');
    expect(result.code).toBe(0);
    const document = parsed(result.out);
    expect(document).toMatchObject({ ok: true, summary: { errors: 0, warnings: 1, files: 1 } });
    expect(document.problems[0]).toMatchObject({ line: null, code: 'unused-image' });
  });

  it('build: the same document for a broken catalogue, with the stage lines on stderr', async () => {
    const result = await cli('build', '-c', BROKEN, '-o', join(work, 'dist'), '--deploy-dir', join(work, 'deploy'), '--format', 'json');
    expect(result.code).toBe(1);
    const document = parsed(result.out);
    expect(document.problems.map((p) => `${p.file}:${p.line} ${p.code}`)).toEqual(SIX);
    expect(result.err).toMatch(/^Building /);
    expect(result.err).toContain('Nothing was written: the previous site is unchanged.');
  });

  it('build: ok with the pages built', async () => {
    const result = await cli('build', '-c', 'tests/fixtures/valid', '-o', join(work, 'dist'), '--deploy-dir', join(work, 'deploy'), '--format', 'json');
    expect(result.code).toBe(0);
    expect(parsed(result.out)).toEqual({ version: 1, ok: true, problems: [], summary: { errors: 0, warnings: 0, files: 0, pages: 13 } });
    expect(result.err).toMatch(/Built 13 pages into /);
  }, 60_000);

  it('names a failure that has no code in `error`: here, no catalogue folder', async () => {
    const result = await cli('validate', '-c', 'no-such-folder', '--format', 'json');
    expect(result.code).toBe(1);
    expect(parsed(result.out)).toMatchObject({ ok: false, problems: [], error: expect.stringMatching(/There is no catalogue folder at .*no-such-folder/) });
  });

  it('is refused for a format it does not know (exit 2)', async () => {
    expect((await cli('validate', '--format', 'xml')).code).toBe(2);
  });
});
