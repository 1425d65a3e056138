// Builds the example catalogue twice (production React, and development React, which also reports attribute
// mismatches), serves both on free ports on 127.0.0.1, and tells the tests where.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../../scripts/chromium.ts';
import { startServer, type RunningServer } from '../../src/serve.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: string;
    siteUrl: string;
    siteDir: string;
    devSiteUrl: string;
    /** deploy/nginx.conf as the production build wrote it. */
    serverBlock: string;
    workDir: string;
  }
}

const root = new URL('../../', import.meta.url).pathname;

function build(out: string, ...extra: string[]) {
  execFileSync(process.execPath, ['bin/storefront.js', 'build', '-c', 'examples/agency/catalogue', '--out', out, ...extra], { cwd: root, stdio: 'pipe' });
}

export default async function setup(project: TestProject) {
  const chromium = ensureChromium();
  const work = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const prod = join(work, 'dist');
  const dev = join(work, 'dist-dev');
  build(prod);
  build(dev, '--development');
  const servers: RunningServer[] = [await startServer({ dir: prod, port: 0 }), await startServer({ dir: dev, port: 0 })];
  project.provide('chromium', chromium);
  project.provide('siteUrl', servers[0]!.url);
  project.provide('siteDir', prod);
  project.provide('devSiteUrl', servers[1]!.url);
  project.provide('serverBlock', join(work, 'deploy', 'nginx.conf'));
  project.provide('workDir', work);
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(work, { recursive: true, force: true });
  };
}
