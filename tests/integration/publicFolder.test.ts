// The site's public/ folder, beside its catalogue: copied to the site's root as it is, with headers that run no
// script from it; checked like img/ (types, sizes, and no name the build makes itself); a change to it is a
// real build, never "nothing changed".
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, IMAGE_POLICY, parseHeadersFile } from '../../src/build/headers.ts';
import { PUBLIC_MAX_BYTES } from '../../src/catalogue/publicFolder.ts';
import { TEMPLATE_DIR } from '../../src/init/init.ts';
import { runCli, snapshot } from '../support/cliRun.ts';
import { backdate } from '../support/siteFiles.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-public-'));
const site = join(work, 'site');
const put = (path: string, content: string | Buffer) => {
  mkdirSync(join(site, 'public', path, '..'), { recursive: true });
  writeFileSync(join(site, 'public', path), content);
};
const VERIFICATION = 'google-site-verification: google0123456789abcdef.html\n';

beforeAll(() => {
  cpSync(TEMPLATE_DIR, join(site, 'catalogue'), { recursive: true });
  put('google0123456789abcdef.html', VERIFICATION);
  put('favicon.ico', Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]));
  put('.well-known/security.txt', 'Contact: mailto:security@example.com\n');
  put('files/brochure.pdf', '%PDF-1.4\n%%EOF\n');
  put('.DS_Store', 'an editor leaves these');
  backdate(site);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('public/', () => {
  it('is copied to the site root as it is, but for names that start with a dot (.well-known/ is kept)', async () => {
    const result = await runCli(site, 'build', '--quiet');
    expect(result.code, result.err).toBe(0);
    expect(readFileSync(join(site, 'dist/google0123456789abcdef.html'), 'utf8')).toBe(VERIFICATION);
    expect(readFileSync(join(site, 'dist/.well-known/security.txt'), 'utf8')).toContain('Contact:');
    expect(existsSync(join(site, 'dist/favicon.ico'))).toBe(true);
    expect(existsSync(join(site, 'dist/files/brochure.pdf'))).toBe(true);
    expect(existsSync(join(site, 'dist/.DS_Store'))).toBe(false);
  });

  it('gets headers that run no script from it under the site origin, but for a PDF, which Chrome shows only unsandboxed', () => {
    const rules = parseHeadersFile(readFileSync(join(site, 'dist/_headers'), 'utf8'));
    for (const path of ['/google0123456789abcdef.html', '/.well-known/security.txt', '/favicon.ico']) {
      expect(headersFor(path, rules)['Content-Security-Policy'], path).toContain(IMAGE_POLICY);
      expect(headersFor(path, rules)['Cache-Control'], path).toMatch(/no-cache|max-age=0/);
    }
    expect(headersFor('/files/brochure.pdf', rules)['Content-Security-Policy']).not.toContain('sandbox');
    const nginx = readFileSync(join(site, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/location = \/google0123456789abcdef\.html \{\n\s+try_files \$uri =404;\n(.*\n)*?\s+add_header Content-Security-Policy "[^"]*sandbox/);
    expect(nginx).toContain('location ^~ /.well-known/ {');
  });

  it('is part of what "nothing changed" compares: a file added there is built', async () => {
    expect((await runCli(site, 'build')).out).toMatch(/^Nothing changed since the last build/);
    utimesSync(join(site, 'public/favicon.ico'), new Date(), new Date());
    expect((await runCli(site, 'build', '--quiet')).out).toMatch(/^Built /);
    put('price-list.csv', 'service,price\nlaunch,900\n');
    const result = await runCli(site, 'build', '--quiet');
    expect(result.out).toMatch(/^Built /);
    expect(readFileSync(join(site, 'dist/price-list.csv'), 'utf8')).toContain('launch,900');
  });

  it('refuses a file the build would make, a type it does not publish and one too large: every problem, located, nothing written', async () => {
    const before = snapshot(join(site, 'dist'));
    put('404.html', '<h1>Ours</h1>');
    put('service/terms.pdf', '%PDF-1.4\n');
    put('tools/setup.exe', 'MZ');
    put('files/video.pdf', Buffer.alloc(PUBLIC_MAX_BYTES + 1));
    // A space broke nginx.conf's location for the file, and a line break wrote a header of its own into _headers.
    put('price list.pdf', '%PDF-1.4\n');
    put('nl\n  Content-Security-Policy: none.txt', 'text');
    try {
      const json = await runCli(site, 'validate', '--format', 'json');
      expect(json.code).toBe(1);
      const problems = (JSON.parse(json.out) as { problems: { code: string; file: string }[] }).problems.map((p) => `${p.code} ${p.file}`);
      expect(problems.sort()).toEqual([
        'public-file-name public/nl\n  Content-Security-Policy: none.txt',
        'public-file-name public/price list.pdf',
        'public-file-too-large public/files/video.pdf',
        'public-file-type public/tools/setup.exe',
        'public-name-taken public/404.html',
        'public-name-taken public/service/terms.pdf',
      ]);
      const build = await runCli(site, 'build');
      expect(build.code).toBe(1);
      expect(build.err).toMatch(/\/public\/404\.html\n {2}\s+error {3}The build makes 404\.html itself \(the page for an address that is not found\)/m);
      expect(build.err).toMatch(/\/public\/service\/terms\.pdf\n {2}\s+error {3}The build makes service\/ itself \(the service pages\)/m);
      expect(build.err).toMatch(/\/public\/tools\/setup\.exe\n.*\.exe is not a type it publishes/m);
      expect(build.err).toMatch(/Its address, \/price list\.pdf, would hold a space: .*\n.*Rename it public\/price-list\.pdf\./m);
      expect(snapshot(join(site, 'dist'))).toEqual(before);
    } finally {
      for (const path of ['404.html', 'service', 'tools', 'files/video.pdf', 'price list.pdf', 'nl\n  Content-Security-Policy: none.txt']) rmSync(join(site, 'public', path), { recursive: true });
    }
  }, 120_000);

  it('a link to a file is published as that file, and its edit is a real build; links elsewhere are warnings', async () => {
    const other = join(work, 'linked-site');
    const shared = join(work, 'shared');
    mkdirSync(join(shared, 'downloads'), { recursive: true });
    writeFileSync(join(shared, 'prices.txt'), 'Prices of 2026\n');
    cpSync(TEMPLATE_DIR, join(other, 'catalogue'), { recursive: true });
    mkdirSync(join(other, 'public'));
    symlinkSync(join(shared, 'prices.txt'), join(other, 'public', 'prices.txt'));
    symlinkSync(join(shared, 'downloads'), join(other, 'public', 'downloads'));
    symlinkSync(join(shared, 'gone.txt'), join(other, 'public', 'gone.txt'));
    const built = await runCli(other, 'build', '--format', 'json');
    expect(built.code, built.err).toBe(0);
    expect(readFileSync(join(other, 'dist/prices.txt'), 'utf8')).toBe('Prices of 2026\n');
    expect(lstatSync(join(other, 'dist/prices.txt')).isSymbolicLink()).toBe(false);
    const skipped = (JSON.parse(built.out) as { problems: { code: string; file: string; severity: string }[] }).problems.filter((p) => p.code === 'skipped-link');
    expect(skipped.map((p) => `${p.file} ${p.severity}`).sort()).toEqual(['public/downloads warning', 'public/gone.txt warning']);
    writeFileSync(join(shared, 'prices.txt'), 'Prices of 2027\n');
    const again = await runCli(other, 'build', '--quiet');
    expect(again.code, again.err).toBe(0);
    expect(again.out).not.toMatch(/Nothing changed/);
    expect(readFileSync(join(other, 'dist/prices.txt'), 'utf8')).toBe('Prices of 2027\n');
  }, 120_000);

  // Refused as broken-link ("not a page of this site"), and the build with it, though the guide tells to link them.
  it('a description, a page and the footer may link to a public file or the sitemap; a missing file is a broken link that names public/', async () => {
    const other = join(work, 'file-links-site');
    cpSync(TEMPLATE_DIR, join(other, 'catalogue'), { recursive: true });
    mkdirSync(join(other, 'public/files'), { recursive: true });
    writeFileSync(join(other, 'public/files/price-list.pdf'), '%PDF-1.4\n%%EOF\n');
    mkdirSync(join(other, 'pages'));
    writeFileSync(join(other, 'pages/terms.md'), '---\ntitle: Terms\ndescription: How we work with you.\n---\n\nOur prices are in the [price list](/files/price-list.pdf#page=2).\n');
    const description = join(other, 'catalogue/descriptions/launch-1.md');
    writeFileSync(description, `${readFileSync(description, 'utf8')}\nSee the [price list](/files/price-list.pdf) and the [sitemap](/sitemap.xml).\n`);
    const siteFile = join(other, 'catalogue/site.yaml');
    writeFileSync(siteFile, readFileSync(siteFile, 'utf8').replace(/^footer:\n  links:\n/m, 'footer:\n  links:\n    - label: Price list\n      href: /files/price-list.pdf\n'));
    const built = await runCli(other, 'build', '--quiet');
    expect(built.code, built.err).toBe(0);
    expect(readFileSync(join(other, 'dist/terms/index.html'), 'utf8')).toContain('href="/files/price-list.pdf#page=2"');
    writeFileSync(description, `${readFileSync(description, 'utf8')}\nThe [old list](/files/prices-2025.pdf).\n`);
    const refused = await runCli(other, 'validate');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The link points to /files/prices-2025.pdf, which is neither a page of this site nor a file of its public/ folder.');
    expect(refused.err).toContain('Put the file at public/files/prices-2025.pdf (served at /files/prices-2025.pdf), or fix the address.');
    expect(refused.err.match(/^ +\d+:\d+ +error /gm)).toHaveLength(1);
  }, 120_000);

  it('a file named public, or a folder or dead link named as a page in pages/: validate says so, or passes them over with a warning, and never fails inside', async () => {
    const other = join(work, 'odd-site');
    cpSync(TEMPLATE_DIR, join(other, 'catalogue'), { recursive: true });
    writeFileSync(join(other, 'public'), 'not a folder');
    const publicFile = await runCli(other, 'validate');
    expect(publicFile.code).toBe(1);
    expect(publicFile.err).toMatch(/^public\n +error +public is a file, but the build reads public\/ as a folder/m);
    expect(publicFile.err).toContain('Rename or delete the file, and make public/ a folder of those files.');
    expect(publicFile.err).not.toMatch(/Internal error/);
    rmSync(join(other, 'public'));
    mkdirSync(join(other, 'pages', 'extra.md'), { recursive: true });
    symlinkSync(join(other, 'nowhere.md'), join(other, 'pages', 'dangling.md'));
    symlinkSync('self.md', join(other, 'pages', 'self.md'));
    const pages = await runCli(other, 'validate', '--format', 'json');
    expect(pages.err).not.toMatch(/Internal error/);
    expect(pages.code, pages.err).toBe(0);
    const skipped = (JSON.parse(pages.out) as { problems: { code: string; file: string }[] }).problems.filter((p) => p.code === 'skipped-link');
    expect(skipped.map((p) => p.file).sort()).toEqual(['pages/dangling.md', 'pages/self.md']);
    const ignored = (JSON.parse(pages.out) as { problems: { code: string; file: string }[] }).problems.filter((p) => p.code === 'file-ignored');
    expect(ignored.map((p) => p.file)).toEqual(['pages/extra.md']);
  }, 120_000);
});
