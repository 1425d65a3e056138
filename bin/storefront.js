#!/usr/bin/env node
// storefront runs its TypeScript sources directly, which needs Node 24. `npm run`, `npm start` and `npx`
// put the project's own Node 24 (the `node` devDependency) first on PATH; a bare call may not.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(`storefront needs Node 24 or newer, but this is Node ${process.versions.node}. Run it as \`npx storefront\` or through an npm script, which use the project's own Node 24.\n`);
  process.exit(2);
}
// React's server renderer picks its build from NODE_ENV when first loaded: prerender with the fast one.
process.env.NODE_ENV ??= 'production';
const { run } = await import('../src/cli.ts');
process.exitCode = await run(process.argv.slice(2));
