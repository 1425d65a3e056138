// The site's page kinds are the modules in templates/pages/ (src/client/pageKind.ts says what one exports):
// found here, by listing the folder, and handed to esbuild as generated modules, so that no list of kinds is
// kept anywhere by hand. A kind's stylesheet sits beside its module, of the same name (home.tsx, home.css).
import type { Plugin } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface PageKindFile {
  /** The kind's name: the file name without its extension. */
  name: string;
  /** Absolute path of the module. */
  file: string;
  /** Absolute path of the kind's stylesheet, when it has one; a kind without uses the site's (bundle.ts). */
  stylesheet?: string;
}

/** Every page kind module in the folders, by name; a later folder's module of the same name wins. */
export function findPageKinds(dirs: readonly string[]): PageKindFile[] {
  const found = new Map<string, string>();
  for (const dir of dirs) {
    for (const entry of readdirSync(dir).sort()) {
      if (/\.tsx?$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) found.set(entry.replace(/\.tsx?$/, ''), join(dir, entry));
    }
  }
  return [...found].map(([name, file]) => {
    const stylesheet = file.replace(/\.tsx?$/, '.css');
    return existsSync(stylesheet) ? { name, file, stylesheet } : { name, file };
  });
}

const ALL_KINDS = 'storefront:page-kinds';
const CHUNK = 'storefront-page-chunk';

/**
 * `storefront:page-kinds` (the prerenderer's import): every kind's module by name. And for the browser, one
 * entry point per kind, `storefront-page-chunk:NAME`, which re-exports only what the browser uses of it
 * (the component), so esbuild leaves the rest (`pages`, `head`) out of the chunk.
 */
export function pageKindsPlugin(kinds: readonly PageKindFile[]): Plugin {
  const byName = new Map(kinds.map((k) => [k.name, k.file]));
  return {
    name: 'storefront-page-kinds',
    setup(build) {
      build.onResolve({ filter: /^storefront:page-kinds$/ }, () => ({ path: ALL_KINDS, namespace: ALL_KINDS }));
      build.onResolve({ filter: new RegExp(`^${CHUNK}:`) }, (args) => ({ path: args.path.slice(CHUNK.length + 1), namespace: CHUNK }));
      build.onLoad({ filter: /.*/, namespace: ALL_KINDS }, () => ({
        contents: [
          ...kinds.map((k, i) => `import * as k${i} from ${JSON.stringify(k.file)};`),
          `export default { ${kinds.map((k, i) => `${JSON.stringify(k.name)}: k${i}`).join(', ')} };`,
        ].join('\n'),
        resolveDir: '/',
        loader: 'js',
      }));
      // Through the namespace, so a module that lacks one of them bundles all the same (esbuild warns): the
      // prerenderer's check then names the file and what it must export, whichever bundle finishes first.
      build.onLoad({ filter: /.*/, namespace: CHUNK }, (args) => ({
        contents: `import * as kind from ${JSON.stringify(byName.get(args.path))};\nexport default kind.default;`,
        resolveDir: '/',
        loader: 'js',
      }));
    },
  };
}

/** The esbuild entry point of a kind's browser chunk. */
export const chunkEntry = (kind: PageKindFile) => `${CHUNK}:${kind.name}`;
