// axe-core in a page: the rules every e2e check of WCAG 2.2 AA runs, and their violations as readable lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The violations on the page as it is now, one line each ([] when clean); with `within`, in the elements it
 * selects only. The page's context needs bypassCSP (axe is injected as an inline script, which the site's own
 * policy rightly refuses).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run: (c: object, o: object) => Promise<unknown> } }).axe.run(selector ? { include: [[selector]] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        // Only violations are read: axe then skips working out a selector for every element that passed.
        resultTypes: ['violations'],
      }),
    within,
  )) as { violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] }[] };
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 3).map((n) => `  ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`);
}
