// Lists the state kept at module level in src/ and templates/: a `let` or `var` outside any function, or a
// `const` that starts as an empty Map, Set, WeakMap, WeakSet, array or object to be filled. What a stage keeps for
// its next run belongs in the BuildCache it is handed (docs/architecture.md, "The build cache"), so a cold build
// is cold and a template author has no caching contract to know. tests/unit/moduleState.test.ts runs it in
// `npm test`; `node scripts/check/moduleState.ts [DIR…]` prints what it finds.
import { parseFile } from '@swc/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Module-level state that is the process's or the page's own, not a cache: file and name, and why. */
export const ALLOWED: Readonly<Record<string, string>> = {
  'src/build/outDir.ts heldHere': 'the output-folder locks this process holds (two builds in one process share a pid)',
  'templates/quote/store.ts unsaved': "the visitor's quote in the page, when the browser's storage refuses it",
};

export interface ModuleState {
  file: string;
  line: number;
  name: string;
}

const CONTAINERS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

type Node = { type: string; span: { start: number }; [key: string]: unknown };

/** An initial value that is an empty container to be filled: `new Map()`, `[]`, `{}`. */
function emptyContainer(init: Node | undefined): boolean {
  if (!init) return false;
  if (init.type === 'NewExpression') {
    const callee = init.callee as Node & { value?: string };
    return callee.type === 'Identifier' && CONTAINERS.has(callee.value ?? '') && !(init.arguments as unknown[] | undefined)?.length;
  }
  if (init.type === 'ArrayExpression') return !(init.elements as unknown[]).length;
  if (init.type === 'ObjectExpression') return !(init.properties as unknown[]).length;
  return false;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function stateOf(path: string, root: string): Promise<ModuleState[]> {
  const text = readFileSync(path, 'utf8');
  const module = await parseFile(path, { syntax: 'typescript', tsx: path.endsWith('.tsx'), target: 'esnext' });
  // swc's spans count UTF-8 bytes from an offset that grows with every parse: make them relative to the module.
  const bytes = Buffer.from(text, 'utf8');
  const lineOf = (offset: number) => bytes.subarray(0, Math.max(0, offset - module.span.start)).toString('utf8').split('\n').length;
  const found: ModuleState[] = [];
  for (const item of module.body as unknown as Node[]) {
    const declaration = (item.type === 'ExportDeclaration' ? item.declaration : item) as Node;
    if (declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if (declaration.kind === 'const' && !emptyContainer(declarator.init as Node | undefined)) continue;
      const id = declarator.id as Node & { value?: string };
      found.push({ file: relative(root, path), line: lineOf(declarator.span.start), name: id.value ?? '(pattern)' });
    }
  }
  return found;
}

/** The module-level state of the files under `dirs` that ALLOWED does not name. */
export async function moduleState(dirs: readonly string[], root = process.cwd()): Promise<ModuleState[]> {
  const found: ModuleState[] = [];
  for (const dir of dirs) for (const path of sourceFiles(join(root, dir))) found.push(...(await stateOf(path, root)));
  return found.filter((state) => !(`${state.file} ${state.name}` in ALLOWED));
}

if (import.meta.main) {
  const dirs = process.argv.slice(2);
  const found = await moduleState(dirs.length ? dirs : ['src', 'templates']);
  for (const state of found) console.log(`${state.file}:${state.line}  ${state.name}`);
  console.log(found.length ? `${found.length} module-level variables hold state: keep it in the BuildCache a stage is handed, or name it in ALLOWED with why.` : 'No module-level state but what ALLOWED names.');
  process.exitCode = found.length ? 1 : 0;
}
