#!/usr/bin/env node
// The command. In the installed package it runs the JavaScript compiled when the package was packed (lib/); in
// this repository (which has a tsconfig.json, never packed), the TypeScript sources (src/), which needs Node 24
// (`npm run`, `npm start` and `npx` put the project's own Node 24, the `node` devDependency, first on PATH; a
// bare call may not).
import { existsSync } from 'node:fs';

const compiled = !existsSync(new URL('../tsconfig.json', import.meta.url));
// The LTS lines the package supports (package.json's engines): 22 from 22.12, and 24.
const [needMajor, needMinor] = compiled ? [22, 12] : [24, 0];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  const how = compiled
    ? 'Install a current LTS release of Node (22 or 24) from https://nodejs.org/ or with your version manager (for example `nvm install --lts`), then run the command again.'
    : "Run it as `npx storefront` or through an npm script, which use the project's own Node 24.";
  process.stderr.write(`storefront needs Node ${needMajor}.${needMinor} or newer, but this is Node ${process.versions.node}. ${how}\n`);
  process.exit(2);
}
// Memory settings that only take effect when a process starts, so the CLI starts itself again with them, in
// place (execve: the same process, 25 ms), unless it already runs with them: V8's young generation at most
// 16 MB a half (V8 sizes it by the machine's memory, 64 MB on 24 GB, which bought no speed); no allocation-site
// pretenuring (V8 would, in some runs, start putting each page's rendering garbage straight into the old
// generation); and glibc's allocator at two arenas rather than one for each thread that allocates. A cold build
// of 10,000 services peaked about 150 MB lower, no longer 250-300 MB higher in one run in three
// (docs/decisions.md, the paragraphs on peak memory).
if (!process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size')) && typeof process.execve === 'function') {
  const argv = [process.execPath, '--max-semi-space-size=16', '--no-allocation-site-pretenuring', ...process.execArgv, process.argv[1], ...process.argv.slice(2)];
  process.execve(process.execPath, argv, { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
}
// Node keeps V8's compiled code of our TypeScript and of the libraries on disk between runs (in
// os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), checked
// against each file's content: every command starts 0.1-0.2 s sooner (docs/decisions.md).
const { enableCompileCache } = await import('node:module');
const { directory } = enableCompileCache();
// A worker thread (the build's pool) uses it only when the environment names it: the call covers this thread alone.
if (directory) process.env.NODE_COMPILE_CACHE = directory;
// React's server renderer picks its build from NODE_ENV when first loaded: prerender with the fast one.
process.env.NODE_ENV ??= 'production';
const { run } = await import(compiled ? '../lib/cli.js' : '../src/cli.ts');
process.exitCode = await run(process.argv.slice(2));
