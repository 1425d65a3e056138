// The layers of storefront and the directions they may import in, checked by `npm test` (dependency-cruiser).
//
//   src/core        pure rules every layer shares: routes, slugs, emoji, the description tree, sameItems
//   src/catalogue   load and validate the catalogue                → core
//   src/model       the site model made from a valid catalogue     → catalogue (types), core
//   src/client      the runtime: app shell, router, loaders, prerender → model (types), core
//   templates       the site's React UI: page kinds and components → src/client/api.ts only, model, core
//   src/build       the build's stages (bundle, render, emit, …)   → catalogue, model, client, core, src/errors.ts, src/makeFolder.ts
//   src/init        `storefront init` and its starter catalogue (data) → catalogue, src/errors.ts, src/makeFolder.ts
//   src/deploy      publish a built site to object storage          → the build's header policy and output marker only
//   src/*.ts        the CLI, the pipeline, dev and serve           → anything
//   src/commands    the CLI's commands, one module each            → anything (like src/*.ts)
//
// The page kinds in templates/pages/ reach the prerenderer through a module esbuild generates
// (src/build/pageKinds.ts), not an import, so src/client never imports templates.
const layer = (name, path, allowed) => ({
  name: `${name}-layer`,
  comment: `${path} may import only ${allowed.join(', ')} (see the top of .dependency-cruiser.cjs).`,
  severity: 'error',
  from: { path: `^${path}/` },
  to: { path: '^(src|templates|tests|scripts)/', pathNot: [`^${path}/`, ...allowed.map((a) => `^${a}`)] },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'No module may import itself, however indirectly.', severity: 'error', from: {}, to: { circular: true } },
    layer('core', 'src/core', []),
    layer('catalogue', 'src/catalogue', ['src/core/']),
    layer('model', 'src/model', ['src/catalogue/', 'src/core/']),
    layer('client', 'src/client', ['src/model/', 'src/core/']),
    layer('templates', 'templates', ['src/client/api.ts', 'src/model/', 'src/core/']),
    layer('build', 'src/build', ['src/catalogue/', 'src/model/', 'src/client/', 'src/core/', 'src/errors.ts', 'src/makeFolder.ts']),
    layer('init', 'src/init', ['src/catalogue/', 'src/errors.ts', 'src/makeFolder.ts']),
    layer('deploy', 'src/deploy', ['src/build/headers.ts', 'src/build/outDir.ts', 'src/errors.ts']),
    {
      name: 'no-tests-or-scripts-in-the-product',
      comment: 'The generator and the site never import the tests or the repository scripts.',
      severity: 'error',
      from: { path: '^(src|templates)/' },
      to: { path: '^(tests|scripts)/' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with: swc parses, and type-only
    // imports count as imports (a layer may not depend on another's types either, unless allowed).
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/types/' },
  },
};
