// dev watches the site's own folders beside the catalogue too: an edit to a page of pages/, a file added to
// public/ or a template replaced in theme/ is in the site it serves after the rebuild, as in a build.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PACKAGE_ROOT } from '../../src/build/cache.ts';
import { startDev, type DevServer } from '../../src/dev.ts';
import { TEMPLATE_DIR } from '../../src/init/init.ts';

const work = mkdtempSync(join(tmpdir(), 'storefront-dev-site-'));
const about = join(work, 'pages/about.md');
let dev: DevServer;
/** What dev said in the terminal. */
const said: string[] = [];
/** Waits for what a rebuild changes; the minute only guards against a hang. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 60_000, interval: 200 });
const text = async (path: string) => {
  const response = await fetch(`${dev.url}${path}`);
  return { status: response.status, body: await response.text() };
};

beforeAll(async () => {
  cpSync(TEMPLATE_DIR, join(work, 'catalogue'), { recursive: true });
  for (const folder of ['pages', 'public', 'theme/components']) mkdirSync(join(work, folder), { recursive: true });
  writeFileSync(about, '---\ntitle: About us\ndescription: Who we are.\n---\nA small team.\n');
  dev = await startDev({ catalogueDir: join(work, 'catalogue'), port: 0, host: '127.0.0.1' }, { out: (line) => said.push(line), err: (line) => said.push(line) });
  await dev.settled();
}, 120_000);
afterAll(async () => {
  await dev?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('dev and the site folder', () => {
  it('rebuilds a page of pages/ after an edit', async () => {
    expect((await text('/about/')).body).toContain('A small team.');
    writeFileSync(about, '---\ntitle: About us\ndescription: Who we are.\n---\nA small senior team.\n');
    await eventually(async () => expect((await text('/about/')).body).toContain('A small senior team.'));
  });

  it('serves a file added to public/', async () => {
    writeFileSync(join(work, 'public/google0123456789abcdef.html'), 'google-site-verification\n');
    await eventually(async () => expect(await text('/google0123456789abcdef.html')).toEqual({ status: 200, body: 'google-site-verification\n' }));
  });

  it('uses a template put in theme/', async () => {
    const footer = readFileSync(join(PACKAGE_ROOT, 'templates/components/Footer.tsx'), 'utf8');
    writeFileSync(join(work, 'theme/components/Footer.tsx'), footer.replace('Prices are in US dollars; many are starting prices. Ask us for a quote.', 'Made in Lisbon.'));
    await eventually(async () => expect((await text('/')).body).toContain('Made in Lisbon.'));
  });

  it('builds without theme/ once it is removed, goes on building after edits, and uses a theme/ made again', async () => {
    rmSync(join(work, 'theme'), { recursive: true });
    await vi.waitFor(() => expect(said.join('\n')).toMatch(/theme\/ was removed/), { timeout: 60_000, interval: 100 });
    await eventually(async () => expect((await text('/')).body).not.toContain('Made in Lisbon.'));
    writeFileSync(about, '---\ntitle: About us\ndescription: Who we are.\n---\nA small team, without a theme.\n');
    await eventually(async () => expect((await text('/about/')).body).toContain('A small team, without a theme.'));
    const footer = readFileSync(join(PACKAGE_ROOT, 'templates/components/Footer.tsx'), 'utf8');
    mkdirSync(join(work, 'theme/components'), { recursive: true });
    writeFileSync(join(work, 'theme/components/Footer.tsx'), footer.replace('Prices are in US dollars; many are starting prices. Ask us for a quote.', 'Made in Porto.'));
    await eventually(async () => expect((await text('/')).body).toContain('Made in Porto.'));
  });

  it('builds without pages/ once it is removed', async () => {
    rmSync(join(work, 'pages'), { recursive: true });
    await eventually(async () => expect((await text('/about/')).status).toBe(404));
  });

  it('answers 400, not 500, to a request target that is no URL', async () => {
    const { port } = new URL(dev.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('GET //[ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  });
});
