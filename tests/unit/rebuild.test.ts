// What makes a dev rebuild after a catalogue edit fast: unchanged descriptions are not parsed again, and
// unchanged bundles are not bundled again; a changed input is always picked up.
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient, PACKAGE_ROOT } from '../../src/build/bundle.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { compileMarkdown, parseMarkdown } from '../../src/catalogue/markdown.ts';
import { validateCatalogue } from '../../src/catalogue/validate.ts';

const fixture = new URL('../fixtures/valid/', import.meta.url).pathname;

describe('rebuilds reuse what did not change', () => {
  it('parses only the descriptions whose text changed', async () => {
    const source = await loadCatalogue(fixture);
    const first = validateCatalogue(source).catalogue!.descriptions;
    const [id, text] = [...source.texts].find(([file]) => file.endsWith('.md'))!;
    const edited = new Map(source.texts).set(id, `${text}\nOne more sentence.\n`);
    const second = validateCatalogue({ ...source, texts: edited }).catalogue!.descriptions;
    for (const [key, description] of second) {
      if (description.file === id) expect(description.root).not.toBe(first.get(key)!.root);
      else expect(description.root).toBe(first.get(key)!.root);
    }
  });

  it('compiles a description without changing its parsed tree, which is kept for the next rebuild', () => {
    const root = parseMarkdown('# Title\n\nText with a [link](https://example.com).\n\n## Part\n');
    const before = JSON.stringify(root);
    expect(compileMarkdown(root).map((node) => (Array.isArray(node) ? node[0] : node))).toEqual(['h3', 'p', 'h4']);
    expect(JSON.stringify(root)).toBe(before);
  });

  it('reuses the client bundle until one of its inputs is modified', async () => {
    const first = await bundleClient();
    expect(await bundleClient()).toBe(first);
    const input = join(PACKAGE_ROOT, 'node_modules/react-dom/client.js');
    const { atime, mtime } = statSync(input);
    try {
      utimesSync(input, atime, new Date());
      const third = await bundleClient();
      expect(third).not.toBe(first);
      expect([...third.files.keys()]).toEqual([...first.files.keys()]);
    } finally {
      utimesSync(input, atime, mtime);
    }
  }, 30_000);
});
