// `npm run load`: a bounded load test of the built example site on nginx (127.0.0.1, the shipped server
// block) with Debian's wrk: the home page and a service page, brotli/gzip accepted as browsers do. Writes
// the figures into docs/hosting.md between its load markers. A measurement, not a test: it asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startNginx } from './nginx.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const DURATION_S = 10;
const CONNECTIONS = 64;
const THREADS = 2;

function ensureWrk(): string {
  if (spawnSync('wrk', ['--version']).error === undefined) return 'wrk';
  if (process.getuid?.() !== 0) throw new Error("The load test needs wrk: install Debian's wrk package.");
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return 'wrk';
}

interface Result {
  path: string;
  requestsPerSecond: number;
  latency: Record<string, string>;
  transferPerSecond: string;
  errors: string;
}

function run(wrk: string, url: string, path: string): Result {
  const out = execFileSync(wrk, [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${DURATION_S}s`, '--latency', '-H', 'Accept-Encoding: br, gzip', `${url}${path}`], { encoding: 'utf8' });
  const latency: Record<string, string> = {};
  for (const [, p, value] of out.matchAll(/^\s+(50|75|90|99)%\s+(\S+)/gm)) latency[`p${p}`] = value!;
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  const socket = /Socket errors: (.+)/.exec(out)?.[1];
  return {
    path,
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    latency,
    transferPerSecond: /Transfer\/sec:\s+(\S+)/.exec(out)?.[1] ?? '?',
    errors: [non2xx && `${non2xx} non-2xx`, socket && `socket errors: ${socket}`].filter(Boolean).join('; ') || 'none',
  };
}

const work = mkdtempSync(join(tmpdir(), 'storefront-load-'));
try {
  const wrk = ensureWrk();
  const siteDir = join(work, 'dist');
  execFileSync(process.execPath, ['bin/storefront.js', 'build', '-c', 'examples/agency/catalogue', '--out', siteDir], { cwd: ROOT, stdio: 'ignore' });
  const nginx = await startNginx({ siteDir, serverBlock: join(work, 'deploy', 'nginx.conf'), workDir: join(work, 'nginx'), workers: cpus().length });
  const service = [...readFileSync(join(siteDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>[^<]*?(\/service\/[^<]+)<\/loc>/g)][0]![1]!;
  let results: Result[];
  try {
    results = ['/', service].map((path) => run(wrk, nginx.url, path));
  } finally {
    await nginx.stop();
  }
  const nginxVersion = spawnSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '');
  const wrkVersion = /wrk (\S+)/.exec(spawnSync(wrk, ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? '?';
  const table = [
    '| page | requests/s | p50 | p75 | p90 | p99 | transfer/s | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...results.map((r) => `| \`${r.path}\` | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p75} | ${r.latency.p90} | ${r.latency.p99} | ${r.transferPerSecond} | ${r.errors} |`),
  ].join('\n');
  const section = [
    '<!-- load:start (written by `npm run load`) -->',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${nginxVersion} with ${cpus().length} worker processes and the shipped server block; wrk ${wrkVersion} on the same machine, ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION_S} s per page, \`Accept-Encoding: br, gzip\`.`,
    '',
    table,
    '<!-- load:end -->',
  ].join('\n');
  const docPath = join(ROOT, 'docs/hosting.md');
  const doc = readFileSync(docPath, 'utf8');
  writeFileSync(docPath, doc.replace(/<!-- load:start[\s\S]*?<!-- load:end -->/, section));
  console.log(table);
} finally {
  rmSync(work, { recursive: true, force: true });
}
