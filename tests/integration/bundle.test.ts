import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { assetMap, PACKAGE_ROOT, PAGE_KINDS_DIR } from '../../src/build/bundle.ts';
import { findPageKinds } from '../../src/build/pageKinds.ts';

const output = (entryPoint: string | undefined, imports: [string, 'import-statement' | 'dynamic-import'][] = []) => ({
  bytes: 1,
  inputs: {},
  exports: [],
  entryPoint,
  imports: imports.map(([path, kind]) => ({ path, kind })),
});

const metafile = {
  inputs: {},
  outputs: {
    'assets/entry-E.js': output('src/client/entry.tsx', [['assets/chunk-REACT.js', 'import-statement']]),
    'assets/chunk-REACT.js': output(undefined),
    'assets/chunk-LAYOUT.js': output(undefined, [['assets/chunk-REACT.js', 'import-statement']]),
    'assets/styles-S.css': output('templates/styles/site.css'),
    'assets/styles-service-SV.css': output('templates/pages/service.css'),
    'assets/inter-latin-wght-normal-F.woff2': output(undefined),
    'assets/page-home-H.js': output('storefront-page-chunk:home', [['assets/chunk-LAYOUT.js', 'import-statement']]),
    'assets/page-thread-T.js': output('storefront-page-chunk:thread', [['assets/chunk-REACT.js', 'import-statement']]),
    'assets/page-service-V.js': output('storefront-page-chunk:service', [['assets/chunk-LAYOUT.js', 'import-statement'], ['assets/chunk-LAZY.js', 'dynamic-import']]),
    'assets/page-alternatives-A.js': output('storefront-page-chunk:alternatives'),
    'assets/page-sitemap-M.js': output('storefront-page-chunk:sitemap'),
    'assets/page-notFound-N.js': output('storefront-page-chunk:notFound'),
  },
} as unknown as Metafile;

describe('assetMap', () => {
  const kinds = ['home', 'thread', 'service', 'alternatives', 'sitemap', 'notFound'].map((name) =>
    name === 'service' ? { name, file: `/templates/pages/${name}.tsx`, stylesheet: join(PACKAGE_ROOT, 'templates/pages/service.css') } : { name, file: `/templates/pages/${name}.tsx` },
  );
  const map = assetMap(metafile, kinds);

  it('maps every page kind to its chunk URL', () => {
    expect(map.chunks).toMatchObject({ home: '/assets/page-home-H.js', service: '/assets/page-service-V.js', notFound: '/assets/page-notFound-N.js' });
  });

  it("preloads the route's chunk and every chunk it or the entry imports statically, once each", () => {
    expect(map.assetsFor('service').modulePreloads).toEqual(['/assets/chunk-REACT.js', '/assets/page-service-V.js', '/assets/chunk-LAYOUT.js']);
    expect(map.assetsFor('thread').modulePreloads).toEqual(['/assets/chunk-REACT.js', '/assets/page-thread-T.js']);
  });

  it('names the entry script, the stylesheet and the one font to preload', () => {
    expect(map.assetsFor('home')).toMatchObject({ entry: '/assets/entry-E.js', styles: ['/assets/styles-S.css'], fonts: ['/assets/inter-latin-wght-normal-F.woff2'] });
  });

  it("gives a kind with a stylesheet of its own that one alone, and the others the site's", () => {
    expect(map.assetsFor('service').styles).toEqual(['/assets/styles-service-SV.css']);
    expect(map.stylesheets).toMatchObject({ service: '/assets/styles-service-SV.css', home: '/assets/styles-S.css', notFound: '/assets/styles-S.css' });
  });
});

describe('findPageKinds', () => {
  it("takes a kind's stylesheet from beside its module, of the same name", () => {
    const kinds = findPageKinds([PAGE_KINDS_DIR, join(PACKAGE_ROOT, 'tests/page-kinds/complete')]);
    expect(kinds.find((kind) => kind.name === 'service')?.stylesheet).toBe(join(PAGE_KINDS_DIR, 'service.css'));
    expect(kinds.find((kind) => kind.name === 'faq')).not.toHaveProperty('stylesheet');
    expect(kinds.every((kind) => !kind.file.endsWith('.css'))).toBe(true);
  });
});

describe('the browser bundle', () => {
  it("starts React DOM's chunk with Chrome's compile hint, so V8 compiles it while it streams in, and no small chunk", async () => {
    const { bundleClient } = await import('../../src/build/bundle.ts');
    const { files } = await bundleClient();
    const scripts = [...files].filter(([path]) => path.endsWith('.js')).map(([path, code]) => ({ path, code: new TextDecoder().decode(code) }));
    expect(scripts.length).toBeGreaterThan(3);
    const hinted = scripts.filter(({ code }) => code.startsWith('//# allFunctionsCalledOnLoad\n'));
    expect(hinted).toHaveLength(1);
    expect(hinted[0]!.code).toContain('react-dom');
    expect(hinted[0]!.code.length).toBeGreaterThan(100_000);
  }, 60_000);

  it('leaves out the parts rendered on the server only (templates/parts/*.server.tsx)', async () => {
    const { bundleClient } = await import('../../src/build/bundle.ts');
    const { files } = await bundleClient();
    const code = [...files].filter(([path]) => path.endsWith('.js')).map(([, bytes]) => new TextDecoder().decode(bytes));
    // Class names only those parts write: the description, the home's category sections and their "All n"
    // links, the sitemap's lists. (Cards render in the browser too, as search results.)
    for (const name of ['service-description', 'category-header', 'category-more-link', 'sitemap-list']) expect(code.some((c) => c.includes(name)), name).toBe(false);
    // Every import of a part gets the same stub, in one chunk: a page carries one copy of it, whatever its parts.
    const stubs = code.flatMap((c) => [...c.matchAll(/Internal error: a part made to render on the server only/g)]);
    expect(stubs).toHaveLength(1);
  }, 60_000);
});
