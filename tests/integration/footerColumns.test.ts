// site.yaml's footer columns (footer.columns): up to three more columns of links after "Other", on every page,
// their links checked like the footer's own.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DIR } from '../../src/init/init.ts';
import { runCli } from '../support/cliRun.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-footer-'));
const site = join(work, 'site');
const siteYaml = join(site, 'catalogue/site.yaml');
const COLUMNS = `  columns:
    - title: Company
      links:
        - label: How we work
          href: /sitemap/
        - label: Careers
          href: https://jobs.example.com/
    - title: Legal
      links:
        - label: Terms
          href: /terms-of-work/
`;
const withColumns = (columns: string) => readFileSync(join(TEMPLATE_DIR, 'site.yaml'), 'utf8').replace(/^footer:\n {2}links:\n( {4}.*\n| {6}.*\n)*/m, (block) => block + columns);

beforeAll(() => cpSync(TEMPLATE_DIR, join(site, 'catalogue'), { recursive: true }));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('footer.columns', () => {
  it('checks their links like the footer\'s own, located in site.yaml', async () => {
    writeFileSync(siteYaml, withColumns(COLUMNS));
    const result = await runCli(site, 'validate', '--format', 'json');
    expect(result.code).toBe(1);
    const [problem] = (JSON.parse(result.out) as { problems: { code: string; field: string; line: number }[] }).problems;
    expect(problem).toMatchObject({ code: 'broken-link', field: 'footer.columns[1].links[0].href' });
    expect(readFileSync(siteYaml, 'utf8').split('\n')[problem!.line - 1]).toContain('href: /terms-of-work/');
  });

  it('are on every page, each a navigation landmark named by its heading', async () => {
    writeFileSync(siteYaml, withColumns(COLUMNS.replace('/terms-of-work/', '/sitemap/')));
    const result = await runCli(site, 'build', '--quiet');
    expect(result.code, result.err).toBe(0);
    for (const page of ['index.html', 'sitemap/index.html', 'category/launch/index.html']) {
      const footer = readFileSync(join(site, 'dist', page), 'utf8').split('<footer')[1]!;
      expect(footer, page).toMatch(/<nav aria-label="Company" class="footer-column"><h2 class="footer-heading">Company<\/h2><ul class="footer-links"><li><a href="\/sitemap\/">How we work<\/a><\/li><li><a href="https:\/\/jobs\.example\.com\/">Careers<\/a><\/li><\/ul><\/nav>/);
      expect(footer, page).toContain('<nav aria-label="Legal" class="footer-column">');
    }
  });

  it('are at most three', async () => {
    const four = ['A', 'B', 'C', 'D'].map((t) => `    - title: ${t}\n      links:\n        - label: Sitemap\n          href: /sitemap/\n`).join('');
    writeFileSync(siteYaml, withColumns(`  columns:\n${four}`));
    const result = await runCli(site, 'validate', '--format', 'json');
    expect(result.code).toBe(1);
    expect((JSON.parse(result.out) as { problems: { code: string; field: string }[] }).problems[0]).toMatchObject({ code: 'too-many', field: 'footer.columns' });
  });
});
