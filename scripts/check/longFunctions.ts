// Lists the functions in src/ longer than the limit (80 lines, the engineering standard), longest first.
// `npm test` runs it as the "functions" suite; `node scripts/check/longFunctions.ts [LIMIT] [DIR…]` prints them.
// Parsed with swc (a devDependency already, for the layer rules), so arrows, methods and nested functions count.
import { parseFile } from '@swc/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface LongFunction {
  file: string;
  line: number;
  lines: number;
  name: string;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassMethod', 'PrivateMethod', 'Constructor']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every function of one file with its length in lines, from swc's byte spans. */
async function functionsOf(path: string): Promise<{ line: number; lines: number; name: string }[]> {
  const text = readFileSync(path, 'utf8');
  const module = await parseFile(path, { syntax: 'typescript', tsx: path.endsWith('.tsx'), target: 'esnext' });
  // swc's spans count UTF-8 bytes from an offset that grows with every parse: make them relative to the module.
  const bytes = Buffer.from(text, 'utf8');
  const base = module.span.start;
  const lineOf = (offset: number) => bytes.subarray(0, Math.max(0, offset - base)).toString('utf8').split('\n').length;
  const found: { line: number; lines: number; name: string }[] = [];
  const visit = (node: unknown, name: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, name));
    const record = node as Record<string, unknown> & { type?: string; span?: { start: number; end: number } };
    const own = (record.identifier as { value?: string } | undefined)?.value ?? (record.key as { value?: string } | undefined)?.value ?? (record.id as { value?: string } | undefined)?.value;
    const here = typeof own === 'string' ? own : name;
    if (record.type && FUNCTION_TYPES.has(record.type) && record.span) {
      const line = lineOf(record.span.start);
      found.push({ line, lines: lineOf(record.span.end) - line + 1, name: here || '(anonymous)' });
    }
    for (const [key, value] of Object.entries(record)) if (key !== 'span') visit(value, here);
  };
  visit(module.body, '');
  return found;
}

export async function longFunctions(dirs: readonly string[], limit: number, root = process.cwd()): Promise<LongFunction[]> {
  const long: LongFunction[] = [];
  for (const dir of dirs) {
    for (const path of sourceFiles(dir)) {
      for (const fn of await functionsOf(path)) if (fn.lines > limit) long.push({ file: relative(root, path), ...fn });
    }
  }
  return long.sort((a, b) => b.lines - a.lines);
}

if (import.meta.main) {
  const [limitArg, ...dirs] = process.argv.slice(2);
  const limit = Number(limitArg ?? 80);
  const long = await longFunctions(dirs.length ? dirs : ['src'], limit);
  for (const fn of long) console.log(`${fn.file}:${fn.line}  ${fn.name}  ${fn.lines} lines`);
  console.log(long.length ? `${long.length} functions over ${limit} lines.` : `No function over ${limit} lines.`);
  process.exitCode = long.length ? 1 : 0;
}
