// What a deploy did, as text for a terminal, as GitHub Actions workflow commands (groups, annotations), or as
// one JSON document for other CI. Pure: lines for standard output and standard error.
import type { DeployResult, PhaseEvent } from './deploy.ts';
import type { Kind } from './manifest.ts';

export const DEPLOY_FORMATS = ['text', 'github', 'json'] as const;
export type DeployFormat = (typeof DEPLOY_FORMATS)[number];

export interface Lines {
  out: string[];
  err: string[];
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

const sum = (items: readonly { bytes: number }[]) => items.reduce((n, item) => n + item.bytes, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The closing line: counts, bytes and time. */
export function summary(result: DeployResult): string {
  const time = `in ${(result.ms / 1000).toFixed(2)} s`;
  if (result.blocked) return `Stopped before changing anything, ${time}.`;
  const verb = result.dryRun ? ['Would upload', 'would delete', 'would keep'] : ['Uploaded', 'deleted', 'kept'];
  const parts = [
    `${verb[0]} ${plural(result.uploaded.length, 'file')} (${formatBytes(sum(result.uploaded))})`,
    `skipped ${result.skipped.files} unchanged (${formatBytes(result.skipped.bytes)})`,
    `${verb[1]} ${result.deleted.length} (${formatBytes(sum(result.deleted))})`,
  ];
  // A deploy that stopped part-way recorded nothing: no file is kept for a grace period by it. One whose
  // CloudFront invalidation failed after its record is deployed, and says so apart.
  if (result.error !== undefined && !result.recorded) return `Stopped part-way: ${parts.join(', ').replace(/^U/, 'u')}, ${time}.`;
  if (result.retained.length) parts.push(`${verb[2]} ${plural(result.retained.length, 'unused file')} for the grace period`);
  return `${parts.join(', ')}, ${time}.${result.dryRun ? ' Dry run: nothing was changed.' : ''}`;
}

function detail(result: DeployResult): { title: string; lines: string[] }[] {
  const width = Math.min(72, Math.max(20, ...[...result.uploaded, ...result.deleted].map((item) => item.path.length)));
  const row = (what: string, path: string, bytes: number, why: string) => `  ${what.padEnd(9)} ${path.padEnd(width)} ${formatBytes(bytes).padStart(9)}  ${why}`;
  const sections = [
    { title: `${result.dryRun ? 'To upload' : 'Uploaded'}: ${result.uploaded.length}`, lines: result.uploaded.map((u) => row('upload', u.path, u.bytes, u.reason)) },
    { title: `${result.dryRun ? 'To delete' : 'Deleted'}: ${result.deleted.length}`, lines: result.deleted.map((d) => row('delete', d.path, d.bytes, d.reason)) },
    {
      title: `Kept for the grace period: ${result.retained.length}`,
      lines: result.retained.map((r) => `  keep      ${r.path.padEnd(width)} unused for ${plural(r.unusedDeploys, 'deploy')}, since ${r.retiredAt}${r.later ? '; past it, left for a later deploy (--max-deletes)' : ''}`),
    },
  ];
  if (result.invalidation) {
    const { paths, id } = result.invalidation;
    sections.push({ title: `CloudFront invalidation${id ? ` ${id}` : result.dryRun ? ' (not sent: dry run)' : ''}: ${plural(paths.length, 'path')}`, lines: paths.map((p) => `  ${p}`) });
  }
  return sections.filter((s) => s.lines.length);
}

const problems = (result: DeployResult) => [result.blocked, result.error].filter((p): p is string => p !== undefined);

export function formatResult(result: DeployResult, format: DeployFormat): Lines {
  // The document on stdout; the problems on stderr too, so a CI log shows them without reading the JSON.
  if (format === 'json') return { out: [JSON.stringify(result, null, 2)], err: problems(result) };
  const heading = `${result.dryRun ? 'Dry run: deploying' : 'Deploying'} ${result.dir} → ${result.target}${result.number ? ` (deploy ${result.number})` : ''}`;
  if (format === 'github') {
    // Workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
    const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    const out = [heading];
    for (const { title, lines } of detail(result)) out.push(`::group::${title}`, ...lines, '::endgroup::');
    for (const warning of result.warnings) out.push(`::warning title=storefront deploy::${escape(warning)}`);
    const err = problems(result).map((problem) => `::error title=storefront deploy::${escape(problem)}`);
    if (result.number !== undefined) out.push(`::notice title=storefront deploy::${escape(summary(result))}`);
    return { out, err };
  }
  // No plan, no summary: the deploy failed before it knew what to do (no credentials, no bucket).
  const closing = result.number === undefined ? [] : [summary(result)];
  const out = [heading, ...detail(result).flatMap(({ title, lines }) => [title, ...lines]), ...closing];
  return { out, err: [...result.warnings.map((w) => `warning: ${w}`), ...problems(result)] };
}

const KIND_NAMES: Record<Kind, string> = { asset: 'hashed assets', image: 'images and other files', search: 'the search index', page: 'pages', final: '404, sitemap and robots' };

/** One line as a phase of the deploy ends: printed as it goes, so a long deploy is not silent until the end. */
export function formatPhase(event: PhaseEvent, target: string): string {
  switch (event.phase) {
    case 'read':
      return `Read the site: ${plural(event.files, 'file')} to publish (${formatBytes(event.bytes)}).`;
    case 'list':
      return `Listed ${target}: ${plural(event.objects, 'object')}, ${event.lastDeploy === undefined ? 'no earlier deploy' : `last deploy ${event.lastDeploy}`}.`;
    case 'plan':
      return `Deploy ${event.number}: ${event.uploads} to upload, ${event.unchanged} unchanged, ${event.deletions} to delete.`;
    case 'upload':
      return `Uploaded ${event.done} of ${event.total} (step ${event.step} of ${event.steps}: ${event.kinds.map((k) => KIND_NAMES[k]).join(', ')}).`;
    case 'delete':
      return `Deleted ${event.count} (${event.reason}).`;
    case 'manifest':
      return `Recorded deploy ${event.number}.`;
  }
}
