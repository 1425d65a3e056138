// Alternatives pages with content of their own (catalogue/alternatives/{slug}.md): the front matter's date,
// the files' slugs, the doorway-page warning, and the page: the content under the hero, with its date.
import { describe, expect, it } from 'vitest';
import { readAlternative } from '../../src/catalogue/alternativeContent.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import type { Problem } from '../../src/catalogue/problems.ts';
import { buildModel } from '../../src/model/model.ts';
import { siteShell } from '../../src/model/shell.ts';
import { prerenderer, validate } from '../support/site.ts';

const TODAY = '2026-11-25';
const read = (text: string) => readAlternative('alternatives/icoda.md', text, TODAY);
const summary = (problems: Problem[]) => problems.map((p) => `${p.code} ${p.line} ${p.field ?? ''}`.trim());
const body = 'What we offer, so you can compare: [every service](/sitemap/).\n';

describe('an alternatives file', () => {
  it('gives its date, title and compiled content, with its links at their lines in the file', () => {
    const { problems, alternative } = read(`---\nreviewed: 2026-11-01\ntitle: How we work\n---\n\n${body}`);
    expect(problems).toEqual([]);
    expect(alternative).toMatchObject({ reviewed: '2026-11-01', title: 'How we work', links: [{ url: '/sitemap/', line: 6 }] });
    expect(alternative.tree[0]).toEqual(['p', null, 'What we offer, so you can compare: ', ['a', { href: '/sitemap/' }, 'every service'], '.']);
  });

  it('needs a real, past "reviewed" date, reported at its line', () => {
    expect(summary(read(`---\nreviewed: 2026-02-30\n---\n${body}`).problems)).toEqual(['reviewed-date 2 reviewed']);
    expect(summary(read(`---\nreviewed: 1 Nov 2026\n---\n${body}`).problems)).toEqual(['reviewed-date 2 reviewed']);
    expect(summary(read(`---\ntitle: x\nreviewed: 2026-11-27\n---\n${body}`).problems)).toEqual(['reviewed-in-future 3 reviewed']);
    // Tomorrow in UTC is today east of it.
    expect(read(`---\nreviewed: 2026-11-26\n---\n${body}`).problems).toEqual([]);
    expect(summary(read(`---\ntitle: x\n---\n${body}`).problems)).toEqual(['missing-field 2 reviewed']);
    expect(summary(read(body).problems)).toEqual(['missing-field 1 reviewed']);
    expect(summary(read(`---\nreviewed: 2026-11-01\nreviewd: 2026-11-01\n---\n${body}`).problems)).toEqual(['unknown-field 3 reviewd']);
  });

  it('checks its date when its title has a problem too', () => {
    const { problems } = read('---\nreviewed: 2999-01-01\ntitle: [oops]\n---\n\nText.\n');
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['wrong-type', 'title'],
      ['reviewed-in-future', 'reviewed'],
    ]);
  });

  it('needs text under its date', () => {
    expect(summary(read('---\nreviewed: 2026-11-01\n---\n\n').problems)).toEqual(['empty-alternative-content 4']);
  });

  it('has the bounds of a description, reported at the line in the file', () => {
    const deep = `${'> '.repeat(3000)}x\n`;
    expect(summary(read(`---\nreviewed: 2026-11-01\n---\n\n${body}\n${deep}`).problems)).toEqual(['description-too-deep 7']);
    expect(summary(read(`${body}\n${deep}`).problems)).toEqual(['missing-field 1 reviewed', 'description-too-deep 3']);
  });
});

describe('alternatives content in a catalogue', () => {
  const valid = () => loadCatalogue(new URL('../fixtures/valid/', import.meta.url).pathname);

  it('warns once, at the alternatives list, about pages without content, naming how many', async () => {
    const source = await valid();
    const texts = new Map(source.texts);
    texts.delete('alternatives/icoda.md');
    const { problems, catalogue } = await validate({ ...source, texts });
    expect(problems).toEqual([expect.objectContaining({ severity: 'warning', code: 'alternatives-without-content', file: 'site.yaml', line: 25, field: 'alternatives' })]);
    expect(problems[0]!.message).toMatch(/^1 of the 2 alternatives pages has no content of its own \(icoda\): .*doorway pages by search engines\.$/);
    expect(catalogue).toBeDefined();
  });

  it('checks the links of the content, and that its slug is listed', async () => {
    const source = await valid();
    const texts = new Map(source.texts).set('alternatives/icoda.md', '---\nreviewed: 2026-01-15\n---\n\nSee [nothing](/service/gone/alpha-7/).\n').set('alternatives/nobody.md', `---\nreviewed: 2026-01-15\n---\n${body}`);
    const { problems } = await validate({ ...source, texts }, { today: TODAY });
    expect(summary(problems)).toEqual(['broken-link 5 link /service/gone/alpha-7/', 'alternative-not-listed 1']);
  });

  it('is shown under the hero of its page with the day it was reviewed; a page without keeps the layout', async () => {
    const source = await valid();
    const texts = new Map(source.texts);
    texts.delete('alternatives/crypto-promoters-global.md');
    const { catalogue } = await validate({ ...source, texts });
    const site = buildModel(catalogue!);
    const shell = siteShell(site);
    expect(shell.alternatives.map((a) => [a.slug, a.ownContent])).toEqual([['icoda', true], ['crypto-promoters-global', undefined]]);
    expect(JSON.stringify(shell)).not.toContain('reviewed');
    const renderer = await prerenderer();
    const page = (slug: string) => renderer.pagesOf(site).find((p) => p.route === `/alternatives/alternative-to-${slug}/`)!;
    const html = (slug: string) => renderer.renderPage(page(slug), shell, { styles: [], fonts: [], loader: '/assets/loader.js' });
    const withContent = await html('icoda');
    expect(withContent).toMatch(/<h1[^>]*>.*Your alternative to ICODA.*<\/h1>[\s\S]*data-prerendered="alternative"[\s\S]*Last reviewed <time dateTime="2026-01-15">15 January 2026<\/time>/);
    expect(withContent).toContain('href="/category/alpha/"');
    const without = await html('crypto-promoters-global');
    expect(without).not.toContain('data-prerendered="alternative"');
    expect(without).toContain('Your alternative to Crypto Promoters Global');
  });
});
