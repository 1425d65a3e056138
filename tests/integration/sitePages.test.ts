// The site's own pages (pages/{slug}.md beside the catalogue): each at /{slug}/ with the site's header and
// footer, linked where its front matter says, in the sitemap, its links checked both ways, and its problems
// located like the catalogue's. A site without pages ships no page kind for them to its visitors.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DIR } from '../../src/init/init.ts';
import { runCli } from '../support/cliRun.ts';
import { backdate } from '../support/siteFiles.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-pages-'));
const site = join(work, 'site');
const SERVICE = '/service/launch-strategy-workshop/launch-1/';
const page = (slug: string, front: string, body: string) => writeFileSync(join(site, 'pages', `${slug}.md`), `---\n${front}\n---\n${body}\n`);
const loaderOf = (dir: string) => readFileSync(join(dir, 'assets', readdirSync(join(dir, 'assets')).find((f) => /^loader-.*\.js$/.test(f))!), 'utf8');

beforeAll(() => {
  cpSync(TEMPLATE_DIR, join(site, 'catalogue'), { recursive: true });
  mkdirSync(join(site, 'pages'));
  page('about', 'title: About us\ndescription: Who we are and how we work with every client.\nlink: header', `We are a small team. Start with our [workshop](${SERVICE}), and read the [terms](/terms/).`);
  page('terms', 'title: Terms\ndescription: The terms under which we work with every client.', '## Payment\n\nHalf up front, half on delivery.');
  page('privacy', 'title: Privacy\ndescription: What we keep of your data, and for how long.\nlink: none', 'We keep your e-mail address for as long as we work together.');
  // A description links to a page of the site's own.
  const description = join(site, 'catalogue/descriptions/launch-1.md');
  writeFileSync(description, `${readFileSync(description, 'utf8')}\nWho runs it: [about us](/about/).\n`);
  backdate(site);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('pages/', () => {
  it('become pages at /{slug}/ with the header and footer, in the sitemap', async () => {
    const result = await runCli(site, 'build', '--quiet');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^Built 12 pages /);
    const about = readFileSync(join(site, 'dist/about/index.html'), 'utf8');
    expect(about).toMatch(/<title>About us \| Your Agency<\/title>/);
    expect(about).toContain('<meta name="description" content="Who we are and how we work with every client."');
    expect(about).toMatch(/<h1 class="page-title">About us<\/h1>/);
    expect(about).toContain(`<a href="${SERVICE}">workshop</a>`);
    expect(about).toMatch(/<header[\s\S]*<\/header>[\s\S]*<footer/);
    const sitemap = readFileSync(join(site, 'dist/sitemap.xml'), 'utf8');
    for (const slug of ['about', 'terms', 'privacy']) expect(sitemap).toContain(`/${slug}/</loc>`);
  });

  it('are linked on every page where their front matter says: the header, the footer, or nowhere', () => {
    for (const path of ['index.html', `${SERVICE.slice(1)}index.html`, 'terms/index.html']) {
      const html = readFileSync(join(site, 'dist', path), 'utf8');
      const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
      expect(header, path).toMatch(/<a[^>]*href="\/about\/"[^>]*>About us<\/a>/);
      expect(footer, path).toMatch(/<a[^>]*href="\/terms\/"[^>]*>Terms<\/a>/);
      expect(header + footer, path).not.toContain('/privacy/');
    }
    expect(readFileSync(join(site, `dist${SERVICE}index.html`), 'utf8')).toContain('<a href="/about/">about us</a>');
  });

  it('give the client the page kind only when there are any', async () => {
    expect(loaderOf(join(site, 'dist'))).toContain('"page":{"paths":["/:page"]');
    const bare = join(work, 'bare');
    cpSync(join(site, 'catalogue'), join(bare, 'catalogue'), { recursive: true });
    const description = join(bare, 'catalogue/descriptions/launch-1.md');
    writeFileSync(description, readFileSync(description, 'utf8').replace(/\nWho runs it: .*\n/, '\n'));
    expect((await runCli(bare, 'build', '--quiet')).code).toBe(0);
    expect(loaderOf(join(bare, 'dist'))).not.toContain('"page":{');
  });

  it('are part of what "nothing changed" compares', async () => {
    expect((await runCli(site, 'build')).out).toMatch(/^Nothing changed since the last build/);
    page('terms', 'title: Terms of work\ndescription: The terms under which we work with every client.', 'Half up front.');
    expect((await runCli(site, 'build', '--quiet')).out).toMatch(/^Built 12 pages /);
    expect(readFileSync(join(site, 'dist/terms/index.html'), 'utf8')).toContain('<h1 class="page-title">Terms of work</h1>');
  });

  it('are checked with every problem located: the name, the front matter, an empty page, links both ways, public/', async () => {
    page('search', 'title: Search\ndescription: Our own search.\nlink: sidebar', 'See [nowhere](/nowhere/).');
    page('empty', 'title: Empty\ndescription: Nothing yet.', '');
    writeFileSync(join(site, 'pages/Price List.md'), 'No front matter here.\n');
    mkdirSync(join(site, 'public/about'), { recursive: true });
    writeFileSync(join(site, 'public/about/team.pdf'), '%PDF-1.4\n');
    const description = join(site, 'catalogue/descriptions/launch-2.md');
    const before = readFileSync(description, 'utf8');
    writeFileSync(description, `${before}\nSee [the prices](/prices/).\n`);
    try {
      const result = await runCli(site, 'validate', '--format', 'json');
      expect(result.code).toBe(1);
      const problems = (JSON.parse(result.out) as { problems: { code: string; file: string; line?: number }[] }).problems.map((p) => `${p.file}:${p.line ?? ''} ${p.code}`);
      expect(problems.sort()).toEqual(
        [
          'catalogue/descriptions/launch-2.md:' + String(before.split('\n').length + 1) + ' broken-link',
          'pages/Price List.md:1 missing-field',
          'pages/Price List.md:1 page-name',
          'pages/empty.md:5 empty-page',
          'pages/search.md:1 page-name-taken',
          'pages/search.md:4 invalid-value',
          'pages/search.md:6 broken-link',
          'public/about/team.pdf: public-name-taken',
        ].sort(),
      );
    } finally {
      for (const file of ['pages/search.md', 'pages/empty.md', 'pages/Price List.md', 'public']) rmSync(join(site, file), { recursive: true });
      writeFileSync(description, before);
    }
  });

  it('named as another page would be once renamed, are told to keep one of the two, not to rename onto it', async () => {
    page('price-list', 'title: Prices\ndescription: What each service costs, in one list.', 'Our prices.');
    writeFileSync(join(site, 'pages/Price List.md'), '---\ntitle: Prices\ndescription: An older copy of the list.\n---\nOld prices.\n');
    try {
      const result = await runCli(site, 'validate', '--format', 'json');
      const problems = (JSON.parse(result.out) as { problems: { code: string; file: string; hint: string }[] }).problems.filter((p) => p.code === 'page-name');
      expect(problems.map((p) => [p.file, p.hint])).toEqual([['pages/Price List.md', 'pages/price-list.md is there already: keep one of the two (move what this file says into it and delete this one), or rename this one to another name, e.g. pages/price-list-2.md.']]);
    } finally {
      for (const file of ['pages/price-list.md', 'pages/Price List.md']) rmSync(join(site, file));
    }
  });

  it('named so that two become the same address, tell only the first to take it', async () => {
    writeFileSync(join(site, 'pages/Price List.md'), '---\ntitle: Prices\ndescription: What each service costs, in one list.\n---\nOur prices.\n');
    writeFileSync(join(site, 'pages/price list.md'), '---\ntitle: Prices\ndescription: An older copy of the list.\n---\nOld prices.\n');
    try {
      const result = await runCli(site, 'validate', '--format', 'json');
      const problems = (JSON.parse(result.out) as { problems: { code: string; file: string; hint: string }[] }).problems.filter((p) => p.code === 'page-name');
      expect(problems.map((p) => [p.file, p.hint])).toEqual([
        ['pages/price list.md', 'Rename the file to pages/price-list.md.'],
        ['pages/Price List.md', 'pages/price list.md is to be renamed to pages/price-list.md too: keep one of the two (move what this file says into that one and delete this one), or rename this one to another name, e.g. pages/price-list-2.md.'],
      ]);
    } finally {
      for (const file of ['pages/Price List.md', 'pages/price list.md']) rmSync(join(site, file));
    }
  });
});
