// A page of the site's own (pages/{slug}.md, issue 39): axe at phone and desktop widths in both colour modes;
// the header's link to it followed with the keyboard, client-side; and an address no page has is the 404 page.
// This file builds a small site of its own (identity.test.ts tests the example's pages): the starter catalogue of
// `init` with an About page linked from the header, a Terms page linked from the footer, and a footer column.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DIR } from '../../src/init/init.ts';
import { startServer, type RunningServer } from '../../src/serve.ts';
import { hydrated, openPage, useBrowser } from './browser.ts';

const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'storefront-e2e-pages-'));
let server: RunningServer | undefined;
const url = (path: string) => new URL(path, server!.url).href;

beforeAll(async () => {
  const site = join(work, 'site');
  cpSync(TEMPLATE_DIR, join(site, 'catalogue'), { recursive: true });
  // A footer column of site.yaml's own (footer.columns), which axe checks here too.
  const siteYaml = join(site, 'catalogue/site.yaml');
  writeFileSync(siteYaml, readFileSync(siteYaml, 'utf8').replace(/^footer:\n {2}links:\n( {4}.*\n| {6}.*\n)*/m, (block) => `${block}  columns:\n    - title: Company\n      links:\n        - label: About us\n          href: /about/\n`));
  mkdirSync(join(site, 'pages'));
  writeFileSync(
    join(site, 'pages/about.md'),
    '---\ntitle: About us\ndescription: Who we are and how we work with every client.\nlink: header\n---\nWe are a small team of launch specialists.\n\n## How we work\n\n- One plan, agreed before we start\n- A report after every campaign, with [our workshop](/service/launch-strategy-workshop/launch-1/) as the usual start\n',
  );
  writeFileSync(join(site, 'pages/terms.md'), '---\ntitle: Terms\ndescription: The terms under which we work with every client.\n---\nHalf up front, half on delivery.\n');
  execFileSync(process.execPath, [new URL('../../bin/storefront.js', import.meta.url).pathname, 'build', '--quiet'], { cwd: site, stdio: 'pipe' });
  server = await startServer({ dir: join(site, 'dist'), port: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] }[];
}

describe.each([375, 1280].flatMap((width) => (['light', 'dark'] as const).map((mode) => ({ width, mode }))))('a page of the site at $width px in $mode mode', ({ width, mode }) => {
  it('has no axe violations (WCAG 2.2 A and AA, and best practice)', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
    await page.goto(url('/about/'));
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('About us');
    await page.addScriptTag({ content: axeSource });
    const result = (await page.evaluate(() =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      }),
    )) as AxeResult;
    expect(result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 3).map((n) => `  ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the pages of the site in the browser', () => {
  it("are reached from the header's link with the keyboard, client-side, and marked as the current page there", async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(url('/'));
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    const link = page.locator('.main-nav a[href="/about/"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/about/'));
    await page.locator('h1', { hasText: 'About us' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await page.locator('.main-nav a[href="/about/"]').getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.prose li').count()).toBe(2);
    expect(await page.locator('footer a[href="/terms/"]').textContent()).toBe('Terms');
    expect(errors).toEqual([]);
    await close();
  });

  it('answer an address that no page has with the 404 page, on the host and in the client', async () => {
    const response = await fetch(url('/no-such-page/'));
    expect(response.status).toBe(404);
    const { page, close } = await openPage(browser());
    await page.goto(url('/about/'));
    await hydrated(page);
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/no-such-page/', textContent: 'nowhere' });
      document.querySelector('main')!.append(a);
      a.click();
    });
    await page.waitForURL(url('/no-such-page/'));
    await page.locator('h1').filter({ hasNotText: 'About us' }).waitFor();
    expect(await page.locator('h1').textContent()).toMatch(/not found|no page/i);
    await close();
  });
});
