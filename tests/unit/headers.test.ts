// The hosting headers: one policy, written as `_headers` and as an nginx server block.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CACHE, headerRules, headersFile, headersFor, nginxConf, parseHeadersFile } from '../../src/build/headers.ts';
import { inlineScriptHashes } from '../../src/build/pageScan.ts';

const page = (head: string) => `<!doctype html><html><head>${head}</head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const routes = ['/', '/thread/', '/sitemap/', '/404/', '/service/a/x-1/', '/service/b/x-2/', '/alternatives/alternative-to-y/'];
const rules = headerRules({ routes, embeddable: ['/thread/'], scriptHashes: [sha('run()')] });

/** The policies of a Content-Security-Policy value (hosts join several with a comma), each as directive → sources. */
const policies = (csp = '') => csp.split(',').map((policy) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...sources]) => [name!, sources])));
/** Whether some policy runs no script at all and puts the document in a sandbox that allows none either. */
const sandboxedWithoutScript = (csp?: string) =>
  policies(csp).some((p) => (p.get('script-src') ?? p.get('default-src'))?.join(' ') === "'none'" && p.has('sandbox') && !p.get('sandbox')!.includes('allow-scripts'));

describe('inlineScriptHashes', () => {
  it('hashes inline scripts that run, once each, and skips external scripts and data blocks', () => {
    const hashes = inlineScriptHashes(
      page('<script>run()</script><script type="module" src="/assets/entry.js"></script>') +
        page('<script>run()</script><script type="application/json" id="boot">{"a":1}</script><script type="application/ld+json">{}</script>') +
        page('<script type="module">go()</script>'),
    );
    expect(hashes).toEqual([sha('run()'), sha('go()')].sort());
  });
});

describe('headerRules', () => {
  it('caches hashed assets for a year and makes pages, sitemap and robots revalidate', () => {
    expect(headersFor('/assets/entry-ABCDEFGH.js', rules)['Cache-Control']).toBe(CACHE.immutable);
    for (const path of ['/', '/service/a/x-1/', '/sitemap.xml', '/robots.txt', '/404.html', '/thread/']) {
      expect(headersFor(path, rules)['Cache-Control'], path).toBe(CACHE.revalidate);
    }
  });

  it('gives every path at most one value per header, except the CSP, where two policies both apply', () => {
    for (const path of ['/', '/assets/x.js', '/img/a.svg', '/service/a/x-1/', '/thread/', '/sitemap.xml', '/404.html', '/favicon.svg']) {
      const names = rules.filter((r) => (r.pattern.endsWith('*') ? path.startsWith(r.pattern.slice(0, -1)) : path === r.pattern)).flatMap((r) => Object.keys(r.headers));
      const repeated = names.filter((name, i) => names.indexOf(name) !== i);
      expect(repeated.filter((n) => n !== 'Content-Security-Policy'), path).toEqual([]);
    }
  });

  it('allows the hashed scripts only, and forbids framing everywhere but /thread/', () => {
    const csp = headersFor('/service/a/x-1/', rules)['Content-Security-Policy']!;
    expect(csp).toContain(`script-src 'self' ${sha('run()')}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headersFor('/', rules)['X-Frame-Options']).toBe('DENY');
    expect(headersFor('/thread/', rules)['X-Frame-Options']).toBeUndefined();
    expect(headersFor('/thread/', rules)['Content-Security-Policy']).not.toContain('frame-ancestors');
  });

  it('sends no Cross-Origin-Opener-Policy, which would cost every page load a process of its own (headers.ts)', () => {
    for (const path of ['/', '/service/a/x-1/', '/thread/', '/404.html']) expect(headersFor(path, rules), path).not.toHaveProperty('Cross-Origin-Opener-Policy');
  });

  it("runs no script in a catalogue image opened on its own (a maintainer's SVG may carry some), and pages keep theirs", () => {
    for (const path of ['/img/services/x.svg', '/img/icons/a.svg', '/img/clients/b.png']) {
      const headers = headersFor(path, rules);
      expect(sandboxedWithoutScript(headers['Content-Security-Policy']), path).toBe(true);
      expect(headers['X-Content-Type-Options'], path).toBe('nosniff');
    }
    for (const path of ['/', '/service/a/x-1/', '/thread/', '/404.html', '/assets/entry.js']) expect(headersFor(path, rules)['Content-Security-Policy'], path).not.toContain('sandbox');
  });

  it('has one rule per top-level section, however many pages there are', () => {
    expect(rules.filter((r) => r.pattern.startsWith('/service'))).toHaveLength(1);
  });
});

describe('the written files', () => {
  it('_headers reads back as the same rules', () => {
    expect(parseHeadersFile(headersFile(rules))).toEqual(rules);
  });

  it('the nginx block sends the same headers on every response, errors included', () => {
    const conf = nginxConf(rules, ['/thread/']);
    expect(conf).toContain('error_page 404 /404.html;');
    expect(conf).toContain(`add_header Cache-Control "${CACHE.immutable}" always;`);
    const thread = /location \/thread\/ \{([^}]*)\}/.exec(conf)![1]!;
    expect(thread).not.toContain('X-Frame-Options');
    const root = /location \/ \{([^}]*)\}/.exec(conf)![1]!;
    expect(root).toContain('add_header X-Frame-Options "DENY" always;');
    for (const line of conf.split('\n').filter((l) => l.includes('add_header'))) expect(line).toMatch(/ always;$/);
  });

  it('the nginx block sends images under the sandboxed policy and sitemap.xml as application/xml, with their _headers headers', () => {
    const conf = nginxConf(rules, ['/thread/']);
    const block = (location: string) => new RegExp(`location ${location.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\{([^{}]*(?:\\{[^{}]*\\}[^{}]*)*)\\}`).exec(conf)?.[1] ?? '';
    const csp = (text: string) => /add_header Content-Security-Policy "([^"]*)"/.exec(text)?.[1];
    expect(sandboxedWithoutScript(csp(block('/img/')))).toBe(true);
    const sitemap = block('= /sitemap.xml');
    expect(sitemap).toMatch(/types \{\s*application\/xml xml;\s*\}/);
    expect(csp(sitemap)).toBe(headersFor('/sitemap.xml', rules)['Content-Security-Policy']);
    expect(sitemap).not.toContain('X-Frame-Options');
  });

  it('the nginx block answers 404 for _headers and the .br/.gz siblings, and for folders without an index.html', () => {
    const conf = nginxConf(rules, ['/thread/']);
    expect(conf).toMatch(/location = \/_headers \{\s*return 404;\s*\}/);
    expect(conf).toMatch(/location ~ \\\.\(\?:br\|gz\)\$ \{\s*return 404;\s*\}/);
    // `$uri/` sends a folder to the index module, which answers 403 when it has no index.html.
    for (const [, location, body] of conf.matchAll(/location ([^{]+) \{([^}]*)\}/g)) {
      if (!location!.startsWith('@')) expect(body, location).not.toMatch(/try_files[^;]*\$uri\//);
    }
  });
});
