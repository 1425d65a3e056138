// The plan of a deploy from two manifests (what the site is, what the bucket holds), and the small pure parts
// around it: kinds, exclusions, references, targets, durations, CloudFront paths, the report. No network.
import { describe, expect, it } from 'vitest';
import { CACHE, headerRules } from '../../src/build/headers.ts';
import { addressesOf, cloudFrontClient, describeCdnError, invalidate, invalidationCommand, invalidationPaths, MAX_PATHS } from '../../src/deploy/cdn.ts';
import type { DeployResult } from '../../src/deploy/deploy.ts';
import { addressesIn, cacheControlOf, isExcluded, kindOf, type Kind, type LocalFile } from '../../src/deploy/manifest.ts';
import { intentManifest, makePlan, needsHead, nextManifest, parseDuration, parseManifest, type Listed, type PlanInput, type RemoteManifest } from '../../src/deploy/plan.ts';
import { formatResult } from '../../src/deploy/report.ts';
import { parseTarget } from '../../src/deploy/target.ts';
import { describeStoreError, outerPrefixes } from '../../src/deploy/s3.ts';
import { S3ServiceException } from '@aws-sdk/client-s3';

const DAY = 86_400_000;
const NOW = new Date('2030-06-01T12:00:00.000Z');

/** A file of the site; its hashes derive from `content`, so two files with the same content are equal. */
function file(path: string, content = path, refs: string[] = []): LocalFile {
  const kind = kindOf(path);
  return {
    path,
    size: content.length,
    sha256: `sha-${content}`,
    md5: `md5-${content}`,
    contentType: path.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream',
    cacheControl: kind === 'asset' ? CACHE.immutable : kind === 'image' ? CACHE.images : CACHE.revalidate,
    kind,
    refs,
  };
}

const siteOf = (...files: LocalFile[]) => new Map(files.map((f) => [f.path, f]));

/** The bucket after a complete deploy of `files` as deploy number `number`. */
function deployed(files: ReadonlyMap<string, LocalFile>, number = 1): { remote: RemoteManifest; listing: Map<string, Listed> } {
  const listing = new Map([...files.values()].map((f) => [f.path, { etag: f.md5, size: f.size }]));
  const input: PlanInput = { files, remote: undefined, listing, now: NOW, grace: { deploys: 3, ms: 0 }, maxDeletes: 256 };
  const plan = makePlan(input);
  const remote = nextManifest(plan, input, new Map());
  remote.deploys = [{ number, at: NOW.toISOString(), uploaded: 0, deleted: 0 }];
  for (const object of Object.values(remote.objects)) object.lastDeploy = number;
  return { remote, listing };
}

const v1 = siteOf(
  file('assets/styles-AAA.css', 'styles-a', ['assets/font-F.woff2']),
  file('assets/font-F.woff2'),
  file('assets/loader-AAA.js', 'loader-a', ['assets/page-AAA.js']),
  file('assets/page-AAA.js', 'page-a'),
  file('img/services/a.svg'),
  file('favicon.svg'),
  file('search-index/entry.json', 'entry-1', ['search-index/words/bi.111111111111.json']),
  file('search-index/words/bi.111111111111.json'),
  file('index.html', 'home-1', ['assets/styles-AAA.css', 'assets/loader-AAA.js', 'favicon.svg']),
  file('service/a/1/index.html', 'service-a-1', ['assets/styles-AAA.css', 'img/services/a.svg']),
  file('service/b/2/index.html', 'service-b-2', ['assets/styles-AAA.css']),
  file('404.html', '404-1'),
  file('sitemap.xml', 'sitemap-1'),
  file('robots.txt'),
);

const input = (over: Partial<PlanInput> & Pick<PlanInput, 'files'>): PlanInput => ({
  remote: undefined,
  listing: new Map(),
  now: NOW,
  grace: { deploys: 3, ms: 7 * DAY },
  maxDeletes: 256,
  ...over,
});

const paths = (phase: readonly { file: LocalFile }[]) => phase.map((u) => u.file.path);

describe('makePlan: what to upload, in which order', () => {
  it('uploads a whole site into an empty bucket: hashed assets, images, the search entry, pages, then 404, sitemap and robots', () => {
    const plan = makePlan(input({ files: v1 }));
    expect(plan.number).toBe(1);
    expect(plan.phases.map(paths)).toEqual([
      ['assets/font-F.woff2', 'assets/loader-AAA.js', 'assets/page-AAA.js', 'assets/styles-AAA.css', 'search-index/words/bi.111111111111.json'],
      ['favicon.svg', 'img/services/a.svg'],
      ['search-index/entry.json'],
      ['index.html', 'service/a/1/index.html', 'service/b/2/index.html'],
      ['404.html', 'robots.txt', 'sitemap.xml'],
    ]);
    expect(plan.phases.flat().every((u) => u.reason === 'new' && !u.replaces)).toBe(true);
    expect(plan.deletions).toEqual([]);
    expect(plan.skipped).toEqual([]);
  });

  it('puts every file after the files it names (hashed assets, which nothing served names yet, together)', () => {
    const plan = makePlan(input({ files: v1 }));
    const position = new Map(plan.phases.flatMap((phase, i) => phase.map((u) => [u.file.path, i] as const)));
    for (const f of v1.values()) {
      for (const ref of f.refs) {
        if (f.kind === 'asset') expect(position.get(ref), `${f.path} → ${ref}`).toBe(position.get(f.path));
        else expect(position.get(ref)!, `${f.path} → ${ref}`).toBeLessThan(position.get(f.path)!);
      }
    }
  });

  it('uploads nothing when the bucket holds the same site', () => {
    const plan = makePlan(input({ files: v1, ...deployed(v1) }));
    expect(plan.number).toBe(2);
    expect(plan.phases).toEqual([]);
    expect(plan.skipped.length).toBe(v1.size);
    expect(plan.deletions).toEqual([]);
    expect(plan.retained).toEqual([]);
  });

  it('uploads only what changed: one page', () => {
    const v2 = siteOf(...v1.values(), file('service/a/1/index.html', 'service-a-1, edited', ['assets/styles-AAA.css', 'img/services/a.svg']));
    const plan = makePlan(input({ files: v2, ...deployed(v1) }));
    expect(plan.phases.map(paths)).toEqual([['service/a/1/index.html']]);
    expect(plan.phases[0]![0]).toMatchObject({ reason: 'changed', replaces: true });
  });

  // All pages went up in one phase, by name: cut off after the category's page and before the service's, the
  // bucket served a link to a page that was not there yet.
  it('puts up a new page before the pages it replaces, which may link to it', () => {
    const v2 = siteOf(
      ...v1.values(),
      file('category/x/index.html', 'category-x, edited', ['assets/styles-AAA.css']),
      file('service/c/3/index.html', 'service-c-3', ['assets/styles-AAA.css']),
      file('index.html', 'home-2', ['assets/styles-AAA.css', 'assets/loader-AAA.js', 'favicon.svg']),
    );
    const { remote, listing } = deployed(siteOf(...v1.values(), file('category/x/index.html', 'category-x', ['assets/styles-AAA.css'])));
    const plan = makePlan(input({ files: v2, remote, listing }));
    expect(plan.phases.map(paths)).toEqual([['service/c/3/index.html'], ['category/x/index.html', 'index.html']]);
  });

  it('uploads again a file whose headers changed, or that went missing from the bucket', () => {
    const { remote, listing } = deployed(v1);
    listing.delete('img/services/a.svg');
    const v2 = siteOf(...v1.values(), { ...file('favicon.svg'), cacheControl: CACHE.revalidate });
    const plan = makePlan(input({ files: v2, remote, listing }));
    expect(plan.phases.flat().map((u) => [u.file.path, u.reason])).toEqual([
      ['favicon.svg', 'headers'],
      ['img/services/a.svg', 'missing'],
    ]);
  });

  it('uploads a file the bucket holds with other content, even when the manifest says otherwise', () => {
    const { remote, listing } = deployed(v1);
    listing.set('index.html', { etag: 'changed-by-hand', size: 3 });
    expect(makePlan(input({ files: v1, remote, listing })).phases.flat().map((u) => [u.file.path, u.reason])).toEqual([['index.html', 'changed']]);
  });

  it('after a deploy that stopped before its manifest: objects it uploaded are checked with HEAD, not uploaded again', () => {
    const { remote, listing } = deployed(v1);
    const v2 = siteOf(...v1.values(), file('assets/styles-BBB.css', 'styles-b'), file('index.html', 'home-2', ['assets/styles-BBB.css']));
    // The stopped deploy uploaded the new styles and the new home page; the manifest still says v1.
    listing.set('assets/styles-BBB.css', { etag: '"md5-styles-b"', size: 'styles-b'.length });
    listing.set('index.html', { etag: 'md5-home-2', size: 'home-2'.length });
    expect(needsHead({ files: v2, remote, listing }).sort()).toEqual(['assets/styles-BBB.css', 'index.html']);
    const heads = new Map([
      ['assets/styles-BBB.css', { contentType: 'application/octet-stream', cacheControl: CACHE.immutable }],
      ['index.html', { contentType: 'text/html', cacheControl: CACHE.revalidate }],
    ]);
    const plan = makePlan(input({ files: v2, remote, listing, heads }));
    // The styles are there as they should be; the page went up with another type, so it goes again.
    expect(plan.phases.flat().map((u) => [u.file.path, u.reason])).toEqual([['index.html', 'headers']]);
    expect(makePlan(input({ files: v2, remote, listing })).phases.flat().map((u) => u.file.path)).toEqual(['assets/styles-BBB.css', 'index.html']);
  });
});

describe('makePlan: what to delete, and when', () => {
  const v2 = siteOf(
    ...[...v1.values()].filter((f) => !['service/b/2/index.html', 'assets/styles-AAA.css', 'img/services/a.svg', 'search-index/words/bi.111111111111.json'].includes(f.path)),
    file('assets/styles-BBB.css', 'styles-b', ['assets/font-F.woff2']),
    file('search-index/entry.json', 'entry-2', ['search-index/words/bi.222222222222.json']),
    file('search-index/words/bi.222222222222.json'),
    file('index.html', 'home-2', ['assets/styles-BBB.css', 'assets/loader-AAA.js', 'favicon.svg']),
    file('service/a/1/index.html', 'service-a-1-v2', ['assets/styles-BBB.css']),
  );

  it('deletes a removed page after the new pages are up, and keeps the files the site stopped using', () => {
    const plan = makePlan(input({ files: v2, ...deployed(v1) }));
    expect(plan.phases.map(paths)).toEqual([
      ['assets/styles-BBB.css', 'search-index/words/bi.222222222222.json'],
      ['search-index/entry.json'],
      ['index.html', 'service/a/1/index.html'],
    ]);
    expect(plan.deletions).toEqual([[{ path: 'service/b/2/index.html', kind: 'page', reason: 'page removed', size: 'service-b-2'.length }]]);
    expect(plan.retained).toEqual([
      { path: 'assets/styles-AAA.css', unusedDeploys: 1, retiredAt: NOW.toISOString() },
      { path: 'img/services/a.svg', unusedDeploys: 1, retiredAt: NOW.toISOString() },
      { path: 'search-index/words/bi.111111111111.json', unusedDeploys: 1, retiredAt: NOW.toISOString() },
    ]);
  });

  /** Deploys v2 again and again, `days` apart, and says at which deploy each old file went. */
  function deletedAt(grace: PlanInput['grace'], days: number): Record<string, number> {
    let { remote, listing } = deployed(v1);
    const gone: Record<string, number> = {};
    for (let n = 2; n <= 8; n++) {
      const now = new Date(NOW.getTime() + (n - 2) * days * DAY);
      const planInput = input({ files: v2, remote, listing, now, grace });
      const plan = makePlan(planInput);
      expect(plan.number).toBe(n);
      for (const { path } of plan.deletions.flat()) gone[path] = n;
      const etags = new Map(plan.phases.flat().map((u) => [u.file.path, u.file.md5]));
      remote = nextManifest(plan, planInput, etags);
      listing = new Map([...listing, ...[...etags].map(([path, etag]) => [path, { etag, size: v2.get(path)!.size }] as const)]);
      for (const { path } of plan.deletions.flat()) listing.delete(path);
    }
    return gone;
  }

  it('--keep-deploys: an old asset goes once that many deploys have not used it', () => {
    expect(deletedAt({ deploys: 3, ms: 0 }, 0)).toEqual({
      'service/b/2/index.html': 2,
      'assets/styles-AAA.css': 4,
      'img/services/a.svg': 4,
      'search-index/words/bi.111111111111.json': 4,
    });
    expect(deletedAt({ deploys: 1, ms: 0 }, 0)['assets/styles-AAA.css']).toBe(2);
  });

  it('--keep-for: and not before that long after the first deploy that did not use it', () => {
    // Daily deploys, 3 deploys and 7 days: the time decides (retired at deploy 2, day 0; day 7 is deploy 9).
    expect(deletedAt({ deploys: 3, ms: 7 * DAY }, 1)['assets/styles-AAA.css']).toBeUndefined();
    expect(deletedAt({ deploys: 3, ms: 5 * DAY }, 1)['assets/styles-AAA.css']).toBe(7);
    // Weekly deploys: the count decides.
    expect(deletedAt({ deploys: 3, ms: 7 * DAY }, 7)['assets/styles-AAA.css']).toBe(4);
  });

  it('deletes files past their grace period within --max-deletes, leaving the rest for later deploys rather than refusing', () => {
    // A rebuild renamed many hashed files: a week on, routine deploys that uploaded nothing were refused.
    const old = Array.from({ length: 7 }, (_, i) => file(`assets/old-${i}.js`));
    let { remote, listing } = deployed(siteOf(...v1.values(), ...old));
    const gone: string[][] = [];
    for (let n = 2; n <= 5; n++) {
      const planInput = input({ files: v1, remote, listing, grace: { deploys: 1, ms: 0 }, maxDeletes: 3 });
      const plan = makePlan(planInput);
      expect(plan.blocked).toBeUndefined();
      gone.push(plan.deletions.flat().map((d) => d.path));
      if (n === 2) expect(plan.retained.filter((r) => r.later).map((r) => r.path)).toEqual(['assets/old-3.js', 'assets/old-4.js', 'assets/old-5.js', 'assets/old-6.js']);
      remote = nextManifest(plan, planInput, new Map());
      for (const path of plan.deletions.flat().map((d) => d.path)) listing.delete(path);
      listing = new Map(listing);
    }
    expect(gone).toEqual([['assets/old-0.js', 'assets/old-1.js', 'assets/old-2.js'], ['assets/old-3.js', 'assets/old-4.js', 'assets/old-5.js'], ['assets/old-6.js'], []]);
    // Pages removed beyond the limit are still refused: that is what it guards against.
    const { remote: r1, listing: l1 } = deployed(v1);
    expect(makePlan(input({ files: siteOf(...[...v1.values()].filter((f) => !f.path.startsWith('service/'))), remote: r1, listing: l1, maxDeletes: 1 })).blocked).toMatch(/would delete 2 objects \(2 pages/);
  });

  it('never deletes what no deploy to this target wrote (a page or a file put there by hand): it names it once', () => {
    const { remote, listing } = deployed(v1);
    listing.set('google0123456789abcdef.html', { etag: 'g', size: 50 });
    listing.set('assets/old-ZZZ.js', { etag: 'x', size: 10 });
    listing.set('downloads/brochure.pdf', { etag: 'z', size: 30 });
    listing.set('.well-known/security.txt', { etag: 'w', size: 40 });
    const planInput = input({ files: v1, remote, listing, grace: { deploys: 1, ms: 0 } });
    const plan = makePlan(planInput);
    const foreign = ['.well-known/security.txt', 'assets/old-ZZZ.js', 'downloads/brochure.pdf', 'google0123456789abcdef.html'];
    expect(plan.foreign).toEqual(foreign);
    expect(plan.newForeign).toEqual(foreign);
    expect(plan.deletions).toEqual([]);
    expect(plan.retained).toEqual([]);
    const next = nextManifest(plan, planInput, new Map());
    expect(next.objects['google0123456789abcdef.html']).toBeUndefined();
    expect(next.foreign).toEqual(foreign);
    // The next deploy still leaves them, and has named them already.
    const again = makePlan(input({ files: v1, remote: next, listing }));
    expect(again.foreign).toEqual(foreign);
    expect(again.newForeign).toEqual([]);
    expect(again.deletions).toEqual([]);
  });

  it('--delete-foreign deletes them after the site is up, and within --max-deletes', () => {
    const { remote, listing } = deployed(v1);
    listing.set('google0123456789abcdef.html', { etag: 'g', size: 50 });
    listing.set('downloads/brochure.pdf', { etag: 'z', size: 30 });
    const plan = makePlan(input({ files: v1, remote, listing, deleteForeign: true }));
    expect(plan.deletions.flat().map((d) => [d.path, d.reason])).toEqual([
      ['downloads/brochure.pdf', 'not written by a deploy'],
      ['google0123456789abcdef.html', 'not written by a deploy'],
    ]);
    expect(makePlan(input({ files: v1, remote, listing, deleteForeign: true, maxDeletes: 1 })).blocked).toMatch(/would delete 2 objects \(0 pages no longer in the site, 0 files past their grace period, 2 objects no deploy wrote\)/);
  });

  it('leaves a deeper prefix where another deploy publishes its own site wholly alone', () => {
    const { remote, listing } = deployed(v1);
    listing.set('staging/.storefront-deploy.json', { etag: 'm', size: 100 });
    listing.set('staging/index.html', { etag: 's', size: 10 });
    listing.set('staging/assets/styles-OLD.css', { etag: 't', size: 10 });
    const plan = makePlan(input({ files: v1, remote, listing, grace: { deploys: 1, ms: 0 }, deleteForeign: true }));
    expect(plan.nested).toEqual(['staging/']);
    expect(plan.foreign).toEqual([]);
    expect(plan.deletions).toEqual([]);
    expect(plan.blocked).toBeUndefined();
    // A site that would write into it is stopped before it changes anything.
    const into = siteOf(...v1.values(), file('staging/extra/index.html'));
    expect(makePlan(input({ files: into, remote, listing })).blocked).toMatch(/files under staging\/, where another deploy publishes a site of its own/);
  });

  it('a deploy cut off before its manifest still owns what it uploaded: recorded before the first upload', () => {
    const { remote, listing } = deployed(v1);
    const v2 = siteOf(...v1.values(), file('assets/styles-BBB.css', 'styles-b'), file('extra/index.html', 'extra'));
    const planInput = input({ files: v2, remote, listing });
    const intent = intentManifest(makePlan(planInput), planInput)!;
    expect(intent.deploys).toEqual(remote.deploys);
    expect(Object.keys(intent.objects).filter((path) => !remote.objects[path])).toEqual(['assets/styles-BBB.css', 'extra/index.html']);
    expect(intentManifest(makePlan(input({ files: v1, remote, listing })), input({ files: v1, remote, listing }))).toBeUndefined();
    // The cut-off deploy had uploaded the page; the next site does not have it: it goes, as a page of ours.
    listing.set('extra/index.html', { etag: 'md5-extra', size: 5 });
    const next = makePlan(input({ files: v1, remote: intent, listing }));
    expect(next.number).toBe(2);
    expect(next.deletions.flat().map((d) => d.path)).toEqual(['extra/index.html']);
  });

  it("stops inside a deploy's site at a shorter prefix; forced, it neither deletes nor names that deploy's files", () => {
    const { listing } = deployed(v1);
    const outer = { target: 's3://b/', owned: new Set(['old/index.html']) };
    listing.set('old/index.html', { etag: 'outer', size: 5 });
    expect(makePlan(input({ files: v1, listing, outer })).blocked).toMatch(/inside the site that the deploy to s3:\/\/b\/ publishes: its manifest records 1 file here\. Nothing was changed/);
    const forced = makePlan(input({ files: v1, listing, outer, force: true, deleteForeign: true }));
    expect(forced.blocked).toBeUndefined();
    expect(forced.outer).toBe('s3://b/');
    expect(forced.deletions.flat().map((d) => d.path)).toEqual([]);
    expect(forced.foreign).toEqual([]);
    expect(outerPrefixes('a/b/')).toEqual(['a/', '']);
    expect(outerPrefixes('')).toEqual([]);
  });

  it('a deploy cut off before it replaced a file put in the bucket by hand does not own that file', () => {
    const { remote, listing } = deployed(v1);
    listing.set('google0123456789abcdef.html', { etag: 'by-hand', size: 70 });
    const v2 = siteOf(...v1.values(), file('assets/styles-BBB.css', 'styles-b'), file('google0123456789abcdef.html', 'verification'));
    const planInput = input({ files: v2, remote, listing });
    const plan = makePlan(planInput);
    expect(plan.phases.flat().map(({ file }) => file.path)).toContain('google0123456789abcdef.html');
    const intent = intentManifest(plan, planInput)!;
    expect(Object.keys(intent.objects).filter((path) => !remote.objects[path])).toEqual(['assets/styles-BBB.css']);
    // Cut off before that upload, then a site without the file: it is still no deploy's, so it stays.
    const next = makePlan(input({ files: v1, remote: intent, listing, deleteForeign: false }));
    expect(next.deletions.flat().map((d) => d.path)).not.toContain('google0123456789abcdef.html');
    expect(next.foreign).toEqual(['google0123456789abcdef.html']);
    // A complete deploy of the site that has it makes it this target's.
    expect(nextManifest(plan, planInput, new Map([['google0123456789abcdef.html', 'md5-verification'], ['assets/styles-BBB.css', 'md5-b']])).objects['google0123456789abcdef.html']?.lastDeploy).toBe(plan.number);
  });

  it('--max-deletes: a deploy that would delete more is blocked before it changes anything, forced or not', () => {
    const { remote, listing } = deployed(v1);
    const fewer = siteOf(...[...v1.values()].filter((f) => !f.path.startsWith('service/')));
    const blocked = makePlan(input({ files: fewer, remote, listing, maxDeletes: 1 }));
    expect(blocked.blocked).toMatch(/would delete 2 objects \(2 pages no longer in the site, 0 files past their grace period\), more than --max-deletes 1\. Nothing was changed/);
    expect(makePlan(input({ files: fewer, remote, listing, maxDeletes: 2 })).blocked).toBeUndefined();
    expect(makePlan(input({ files: fewer, remote, listing, maxDeletes: 1, force: true })).blocked).toMatch(/more than --max-deletes 1\. .*run again with --max-deletes 2\.$/);
  });

  it('by default stops before deleting more than a tenth of the pages, however few they are', () => {
    const pages = Array.from({ length: 30 }, (_, i) => file(`service/s/${i}/index.html`));
    const { remote, listing } = deployed(siteOf(...v1.values(), ...pages));
    const without = (n: number) => siteOf(...v1.values(), ...pages.slice(n));
    // 36 pages (with 404.html, sitemap.xml and robots.txt): 3 may go (10 %), 10 may not.
    expect(makePlan(input({ files: without(3), remote, listing, pageShare: 0.1 })).blocked).toBeUndefined();
    const blocked = makePlan(input({ files: without(10), remote, listing, pageShare: 0.1 }));
    expect(blocked.blocked).toMatch(/would delete 10 of the 36 pages the last deploy published \(28 %\), more than 10 %\. Nothing was changed\. .*--max-deletes 10\.$/);
    expect(makePlan(input({ files: without(10), remote, listing, pageShare: 0.1, force: true })).blocked).toMatch(/more than 10 %/);
    // Without the share (the maintainer set --max-deletes), the count alone decides.
    expect(makePlan(input({ files: without(10), remote, listing, maxDeletes: 10 })).blocked).toBeUndefined();
  });
});

describe('nextManifest and parseManifest', () => {
  it('records every file with the ETag the store gave it and this deploy, and reads back what it wrote', () => {
    const planInput = input({ files: v1 });
    const plan = makePlan(planInput);
    const manifest = nextManifest(plan, planInput, new Map([...v1.values()].map((f) => [f.path, `"etag-${f.path}"`])));
    expect(manifest.deploys).toEqual([{ number: 1, at: NOW.toISOString(), uploaded: v1.size, deleted: 0 }]);
    expect(manifest.objects['index.html']).toEqual({
      sha256: 'sha-home-1',
      size: 6,
      etag: 'etag-index.html',
      contentType: 'text/html; charset=utf-8',
      cacheControl: CACHE.revalidate,
      kind: 'page',
      lastDeploy: 1,
    });
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
    expect(() => parseManifest('{"version":2}')).toThrow(/version/);
  });
});

describe('the local manifest: kinds, exclusions, references, headers', () => {
  it('tells the kinds apart', () => {
    const kinds: Record<string, Kind> = {
      'assets/entry-ABC.js': 'asset',
      'search-index/cards/12.0f3a9c12d4e5.json': 'asset',
      'search-index/words/bi.0f3a9c12d4e5.json': 'asset',
      'search-index/entry.json': 'search',
      'img/services/a.png': 'image',
      'favicon.svg': 'image',
      'index.html': 'page',
      'service/a/1/index.html': 'page',
      '404.html': 'final',
      'sitemap.xml': 'final',
      'robots.txt': 'final',
    };
    for (const [path, kind] of Object.entries(kinds)) expect(kindOf(path), path).toBe(kind);
  });

  it('never publishes _headers, the build marker or the .br/.gz siblings', () => {
    const files = new Set(['_headers', '.storefront-build', 'assets/a.js', 'assets/a.js.br', 'assets/a.js.gz', 'downloads/data.gz']);
    const exists = (p: string) => files.has(p);
    expect([...files].filter((p) => !isExcluded(p, exists))).toEqual(['assets/a.js', 'downloads/data.gz']);
  });

  it('finds the addresses in HTML attributes, srcset, url() and script strings', () => {
    const html = `<link rel="stylesheet" href="/assets/styles-A.css"><img src="/img/a%20b.png" srcset="/img/a.png 1x, /img/a@2x.png 2x">
      <script type="application/json" data-loader="/assets/loader-X.js">{"image":"/img/c.svg"}</script><a href="/service/x/">x</a> <a href="https://example.com/x.js">e</a>`;
    expect(addressesIn(html).sort()).toEqual(['assets/loader-X.js', 'assets/styles-A.css', 'img/a b.png', 'img/a.png', 'img/a@2x.png', 'img/c.svg']);
    expect(addressesIn('@font-face{src:url("/assets/inter-X.woff2")} a{background:url(/img/b.webp)}').sort()).toEqual(['assets/inter-X.woff2', 'img/b.webp']);
    expect(addressesIn('import{a}from"/assets/chunk-A.js";import("/assets/chunk-B.js")').sort()).toEqual(['assets/chunk-A.js', 'assets/chunk-B.js']);
  });

  it('takes Cache-Control from the _headers rules, by the address a visitor uses', () => {
    const rules = headerRules({ routes: ['/', '/service/a/1/'], scriptHashes: [], search: true });
    expect(cacheControlOf('assets/a-X.js', rules)).toBe(CACHE.immutable);
    expect(cacheControlOf('index.html', rules)).toBe(CACHE.revalidate);
    expect(cacheControlOf('service/a/1/index.html', rules)).toBe(CACHE.revalidate);
    expect(cacheControlOf('img/a.png', rules)).toBe(CACHE.images);
    expect(cacheControlOf('search-index/entry.json', rules)).toBe(CACHE.revalidate);
    expect(cacheControlOf('unknown.txt', [])).toBe(CACHE.revalidate);
  });
});

describe('targets and durations', () => {
  it('parses s3:// URLs', () => {
    expect(parseTarget('s3://www.example.com')).toEqual({ bucket: 'www.example.com', prefix: '' });
    expect(parseTarget('s3://site/')).toEqual({ bucket: 'site', prefix: '' });
    expect(parseTarget('s3://site/staging/v2/')).toEqual({ bucket: 'site', prefix: 'staging/v2/' });
    expect(() => parseTarget('https://site')).toThrow(/s3:\/\/BUCKET/);
    expect(() => parseTarget('s3://Site')).toThrow(/not a bucket name/);
    expect(() => parseTarget('s3://site/../x')).toThrow(/"\.\."/);
  });

  it('parses durations', () => {
    expect(parseDuration('7d')).toBe(7 * DAY);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('30m')).toBe(1_800_000);
    expect(parseDuration('2w')).toBe(14 * DAY);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('7')).toBeUndefined();
    expect(parseDuration('a week')).toBeUndefined();
  });
});

describe('CloudFront invalidation (no network)', () => {
  const v2 = siteOf(
    ...v1.values(),
    file('assets/styles-BBB.css', 'styles-b'),
    file('img/services/a.svg', 'new picture'),
    file('index.html', 'home-2', ['assets/styles-BBB.css']),
    file('service/new/3/index.html', 'new page'),
    file('sitemap.xml', 'sitemap-2'),
  );
  v2.delete('service/b/2/index.html');

  it('invalidates replaced pages and images, new and deleted pages, never hashed assets', () => {
    const plan = makePlan(input({ files: v2, ...deployed(v1) }));
    expect(invalidationPaths(plan)).toEqual([
      '/',
      '/img/services/a.svg',
      '/index.html',
      '/service/b/2/',
      '/service/b/2/index.html',
      '/service/new/3/',
      '/service/new/3/index.html',
      '/sitemap.xml',
    ]);
    expect(invalidationPaths(makePlan(input({ files: v1, ...deployed(v1) })))).toEqual([]);
  });

  it("adds what an earlier deploy changed and never had invalidated, which the manifests keep until the CDN takes it", () => {
    const { remote, listing } = deployed(v1);
    const plan = makePlan(input({ files: v1, remote, listing }));
    expect(invalidationPaths(plan, ['/img/services/a.svg'])).toEqual(['/img/services/a.svg']);
    expect(invalidationPaths(plan, ['/*', '/'])).toEqual(['/*']);
    // Recorded before the first change, even by a deploy that adds no file, and kept by the manifest at its end.
    const changing = makePlan(input({ files: v2, remote, listing }));
    const invalidating = invalidationPaths(changing);
    const withPaths = input({ files: v2, remote, listing, invalidating });
    expect(intentManifest(changing, withPaths)?.pendingInvalidation).toEqual(invalidating);
    expect(nextManifest(changing, withPaths, new Map(changing.phases.flat().map(({ file }) => [file.path, file.md5]))).pendingInvalidation).toEqual(invalidating);
    const alreadyPending = input({ files: v1, remote: { ...remote, pendingInvalidation: ['/'] }, listing, invalidating: ['/'] });
    expect(intentManifest(makePlan(alreadyPending), alreadyPending)).toBeUndefined();
    expect(intentManifest(plan, input({ files: v1, remote, listing, invalidating: ['/'] }))?.pendingInvalidation).toEqual(['/']);
    expect(parseManifest(JSON.stringify({ ...remote, pendingInvalidation: ['/'] })).pendingInvalidation).toEqual(['/']);
  });

  it('encodes addresses, and asks for everything when there are too many', () => {
    expect(addressesOf('img/a b.png')).toEqual(['/img/a%20b.png']);
    const many = siteOf(...Array.from({ length: MAX_PATHS }, (_, i) => file(`service/s/${i}/index.html`)));
    expect(invalidationPaths(makePlan(input({ files: many })))).toEqual(['/*']);
  });

  it('sends one CreateInvalidation with the paths', async () => {
    const sent: unknown[] = [];
    const id = await invalidate('E2EXAMPLE', ['/', '/index.html'], 'storefront-deploy-7', {
      send: async (command) => {
        sent.push(command.input);
        return { Invalidation: { Id: 'I123' } };
      },
    });
    expect(id).toBe('I123');
    expect(sent).toEqual([
      { DistributionId: 'E2EXAMPLE', InvalidationBatch: { CallerReference: 'storefront-deploy-7', Paths: { Quantity: 2, Items: ['/', '/index.html'] } } },
    ]);
    expect(invalidationCommand('E1', ['/*'], 'r').input.InvalidationBatch?.Paths).toEqual({ Quantity: 1, Items: ['/*'] });
  });
});

describe('the report', () => {
  const result: DeployResult = {
    ok: false,
    dryRun: false,
    dir: 'dist',
    target: 's3://site/',
    number: 4,
    uploaded: [{ path: 'index.html', bytes: 2048, kind: 'page', reason: 'changed' }],
    skipped: { files: 10, bytes: 10 * 1024 * 1024 },
    deleted: [{ path: 'old/index.html', bytes: 100, reason: 'page removed' }],
    retained: [{ path: 'assets/a.js', unusedDeploys: 1, retiredAt: NOW.toISOString() }],
    foreign: [],
    warnings: ['x.html names /img/gone.png, which is not in the site.'],
    error: 'Network down\nThe deploy stopped part-way.',
    ms: 1234,
  };

  it('as text: each upload and deletion with bytes, then counts, bytes and time', () => {
    const { out, err } = formatResult(result, 'text');
    expect(out[0]).toBe('Deploying dist → s3://site/ (deploy 4)');
    expect(out).toContainEqual(expect.stringMatching(/^ {2}upload +index\.html +2\.0 KB {2}changed$/));
    expect(out).toContainEqual(expect.stringMatching(/^ {2}delete +old\/index\.html +100 B {2}page removed$/));
    // It stopped before its record was written: nothing is kept for a grace period by it.
    expect(out.at(-1)).toBe('Stopped part-way: uploaded 1 file (2.0 KB), skipped 10 unchanged (10.00 MB), deleted 1 (100 B), in 1.23 s.');
    expect(err).toEqual(['warning: x.html names /img/gone.png, which is not in the site.', 'Network down\nThe deploy stopped part-way.']);
  });

  it('closes a deploy whose CloudFront invalidation failed after its record as deployed, not as stopped part-way', () => {
    const { out, err } = formatResult({ ...result, recorded: true, error: 'The site is deployed, but CloudFront refused the invalidation: AccessDenied.' }, 'text');
    expect(out.at(-1)).toBe('Uploaded 1 file (2.0 KB), skipped 10 unchanged (10.00 MB), deleted 1 (100 B), kept 1 unused file for the grace period, in 1.23 s.');
    expect(err.at(-1)).toMatch(/^The site is deployed, but CloudFront refused/);
  });

  it('closes a whole deploy with what it kept, and a blocked one without counts of what it did not do', () => {
    const { error: _, ...whole } = result;
    expect(formatResult({ ...whole, ok: true }, 'text').out.at(-1)).toBe('Uploaded 1 file (2.0 KB), skipped 10 unchanged (10.00 MB), deleted 1 (100 B), kept 1 unused file for the grace period, in 1.23 s.');
    const blocked = { ...whole, uploaded: [], deleted: [], blocked: 'This deploy would delete 131 of the 132 pages … Nothing was changed.' };
    expect(formatResult(blocked, 'text').out.at(-1)).toBe('Stopped before changing anything, in 1.23 s.');
    expect(formatResult(blocked, 'github').out.at(-1)).toBe('::notice title=storefront deploy::Stopped before changing anything, in 1.23 s.');
  });

  it('for GitHub Actions: groups, annotations, escaped newlines', () => {
    const { out, err } = formatResult(result, 'github');
    expect(out).toContain('::group::Uploaded: 1');
    expect(out).toContain('::endgroup::');
    expect(out.at(-1)).toMatch(/^::notice title=storefront deploy::Stopped part-way: uploaded 1 file/);
    expect(err).toEqual(['::error title=storefront deploy::Network down%0AThe deploy stopped part-way.']);
  });

  it('as JSON: the whole result, and the problems on stderr', () => {
    const { out, err } = formatResult(result, 'json');
    expect(JSON.parse(out.join('\n'))).toEqual(result);
    expect(err).toEqual([result.error]);
  });
});

describe('describeStoreError', () => {
  const target = parseTarget('s3://site/www')!;
  const failure = (message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), extra);
  // Each was passed through as the SDK or Node wrote it, saying nothing of what to do.
  it.each([
    ['an endpoint that never answers', failure('@smithy/node-http-handler - [ERROR] a request has exceeded the configured 30000 ms requestTimeout.', { name: 'TimeoutError' }), /^The store did not answer for 30 s, three times in a row: check --endpoint/],
    ['nothing listening', failure('connect ECONNREFUSED 127.0.0.1:4597', { code: 'ECONNREFUSED' }), /^Nothing answers at the store's address \(connection refused\): check --endpoint/],
    ['https against an http server', failure('write EPROTO 40E8:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', { code: 'EPROTO' }), /does not speak HTTPS there \(EPROTO\)/],
    ['a web site, not a store', failure('@aws-sdk XML parse error: mismatched tags <link> and </head>. Deserialization error: to see the raw response'), /^The address answered, but not as an S3 store does/],
    ['an address that answers 404', new S3ServiceException({ name: 'NotFound', $fault: 'client', $metadata: { httpStatusCode: 404 }, message: 'UnknownError' }), /^The store answered 404 Not Found for the bucket "site" \(NotFound\): check the bucket's name and --endpoint\.$/],
  ])('says what %s means and what to check', (_, error, said) => {
    expect(describeStoreError(error, target)).toMatch(said);
  });

  // It ended "…; nothing is left half-done", and the next line said the deploy had stopped part-way.
  it('leaves what the bucket holds to the deploy to say', () => {
    expect(describeStoreError(failure('connect ECONNREFUSED 127.0.0.1:4597', { code: 'ECONNREFUSED' }), target)).toBe("Nothing answers at the store's address (connection refused): check --endpoint (its scheme, host and port) and the network, then deploy again.");
  });
});

// It was described as the bucket's failure: "check --endpoint … nothing is left half-done.." of CloudFront.
describe('describeCdnError', () => {
  const failure = (message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), extra);
  it.each([
    ['a CloudFront that never answers', failure('a request has exceeded the configured 30000 ms requestTimeout.', { name: 'TimeoutError' }), 'it did not answer for 30 s, three times in a row: check the network (and AWS_ENDPOINT_URL_CLOUDFRONT, if set)'],
    ['one that cannot be reached', failure('connect ECONNREFUSED 127.0.0.1:1', { code: 'ECONNREFUSED' }), 'it could not be reached (ECONNREFUSED): check the network (and AWS_ENDPOINT_URL_CLOUDFRONT, if set)'],
    ['keys without the right', failure('User is not authorized', { name: 'AccessDenied' }), 'it refused the credentials (AccessDenied): they need cloudfront:CreateInvalidation on E123'],
    ['a wrong distribution', failure('The specified distribution does not exist.', { name: 'NoSuchDistribution' }), 'there is no distribution E123: check --cloudfront-distribution'],
    ['anything else', failure('Rate exceeded.', { name: 'Throttling' }), 'Throttling: Rate exceeded'],
  ])('says what %s means, naming CloudFront\'s own settings', (_, error, said) => {
    expect(describeCdnError(error, 'E123')).toBe(said);
  });

  it("waits for CloudFront's answer as long as for the bucket's, no longer", async () => {
    const seen: unknown[] = [];
    seen.push(await (cloudFrontClient().config.requestHandler as unknown as { configProvider: Promise<unknown> }).configProvider);
    expect(seen[0]).toMatchObject({ connectionTimeout: 10_000, requestTimeout: 30_000, throwOnRequestTimeout: true });
  });
});
