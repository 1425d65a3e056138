// `storefront dev` as a maintainer uses it: edit the catalogue and the open page reloads with the change;
// break it and the problems show in the terminal and over the page while the server keeps serving.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startDev, type DevServer } from '../../src/dev.ts';
import { hydrated, openPage, useBrowser } from './browser.ts';

const browser = useBrowser();
const work = mkdtempSync(join(tmpdir(), 'storefront-dev-test-'));
const catalogueDir = join(work, 'catalogue');
const listing = join(catalogueDir, 'categories', 'listing.yaml');
const siteYaml = join(catalogueDir, 'site.yaml');
const terminal: string[] = [];
let dev: DevServer;

beforeAll(async () => {
  cpSync(new URL('../../examples/agency/catalogue/', import.meta.url).pathname, catalogueDir, { recursive: true });
  const io = { out: (t: string) => terminal.push(t), err: (t: string) => terminal.push(t) };
  dev = await startDev({ catalogueDir, port: 0, host: '127.0.0.1' }, io);
});
afterAll(async () => {
  await dev?.close();
  rmSync(work, { recursive: true, force: true });
});

const edit = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));

describe('storefront dev', () => {
  it('reloads the open page with the change after a catalogue edit', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(`${dev.url}/`);
    await hydrated(page);
    const reloaded = page.waitForEvent('load');
    edit(siteYaml, (text) => text.replace('The number one crypto marketing agency', 'The busiest crypto marketing agency'));
    await reloaded;
    await page.getByText('The busiest crypto marketing agency').waitFor();
    await close();
  });

  it('shows a catalogue error in the terminal and over the page, and keeps serving the last good build', async () => {
    const { page, close } = await openPage(browser());
    await page.goto(`${dev.url}/`);
    await hydrated(page);
    terminal.length = 0;
    edit(listing, (text) => text.replace('price: 2500', 'price: -5'));
    const overlay = page.locator('#storefront-problems');
    await overlay.waitFor();
    await expect(overlay.textContent()).resolves.toMatch(/categories\/listing\.yaml[\s\S]*price/);
    await dev.settled();
    expect(terminal.join('\n')).toMatch(/categories\/listing\.yaml[\s\S]*services\[\d+\]\.price/);
    const response = await fetch(`${dev.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('The busiest crypto marketing agency');

    const reloaded = page.waitForEvent('load');
    edit(listing, (text) => text.replace('price: -5', 'price: 2500'));
    await reloaded;
    expect(await page.locator('#storefront-problems').count()).toBe(0);
    await close();
  });

  it('reloads six open pages in one browser after an edit; they still follow links, and a seventh opens', async () => {
    // Chromium opens at most six connections to one server: the pages' sockets must not take them.
    const { page: first, close } = await openPage(browser());
    const pages = [first, ...(await Promise.all(Array.from({ length: 5 }, () => first.context().newPage())))];
    const paths = ['/', '/sitemap/', '/search/', '/quote/', '/category/billboards/', '/thread/'];
    for (const [i, page] of pages.entries()) {
      // Each page listening before the edit: a page whose socket is not open yet would miss its reload.
      const listening = page.waitForEvent('websocket');
      await page.goto(`${dev.url}${paths[i]}`);
      await listening;
    }
    const reloads = pages.map((page) => page.waitForEvent('load'));
    edit(siteYaml, (text) => text.replace('The busiest crypto marketing agency', 'The calmest crypto marketing agency'));
    await Promise.all(reloads);
    await first.getByText('The calmest crypto marketing agency').waitFor();
    const last = pages.at(-1)!;
    await last.goto(`${dev.url}/`);
    await last.getByText('The calmest crypto marketing agency').waitFor();
    const seventh = await first.context().newPage();
    await seventh.goto(`${dev.url}/sitemap/`);
    await expect(seventh.locator('h1').textContent()).resolves.toBeTruthy();
    await close();
  });
});

// The same, on a small catalogue, for what goes wrong around the edges: who may ask the server, what the
// open pages are told when a build fails (and the pages opened after), and a catalogue folder that goes away
// and comes back.
describe('storefront dev, around the edges', () => {
  const work = mkdtempSync(join(tmpdir(), 'storefront-dev-edges-'));
  const catalogueDir = join(work, 'catalogue');
  const siteYaml = join(catalogueDir, 'site.yaml');
  const terminal: string[] = [];
  let dev: DevServer;

  beforeAll(async () => {
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogueDir, { recursive: true });
    const io = { out: (t: string) => terminal.push(t), err: (t: string) => terminal.push(t) };
    dev = await startDev({ catalogueDir, port: 0, host: '127.0.0.1' }, io);
  });
  afterAll(async () => {
    await dev?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Polls until `check` is true; the deadline is generous, the tests assert what happens, not how fast. */
  const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 45_000) => {
    for (const deadline = Date.now() + ms; !(await check()); ) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. The terminal said:\n${terminal.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  const homePage = async () => (await fetch(`${dev.url}/`)).text();
  const showsTitle = (title: string) => until(`the home page to show "${title}"`, async () => (await homePage()).includes(title));
  const setTitle = (title: string) => edit(siteYaml, (text) => text.replace(/^( {2}title: ).*$/m, `$1${title}`));

  /** A raw request (fetch would not let the test choose the Host header). */
  const requestWithHost = (path: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(dev.url);
      const req = httpRequest({ hostname, port, path, headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  /** What dev tells an open page (the page at `page`), every event kept in order, and each event's name after the
   *  page's in `log`: over a socket such as the page opens. */
  const listen = async (page?: string, log?: string[]) => {
    const events: { event: string; data: string }[] = [];
    const socket = new WebSocket(`${dev.url.replace(/^http/, 'ws')}/__storefront/events${page ? `?page=${encodeURIComponent(page)}` : ''}`, { origin: dev.url });
    socket.on('message', (text: Buffer) => {
      const { event, data } = JSON.parse(text.toString('utf8')) as { event: string; data: string };
      events.push({ event, data });
      log?.push(`${page} ${event}`);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const next = async (event: string) => {
      const from = events.length;
      await until(`a "${event}" event`, () => events.slice(from).some((e) => e.event === event));
      return events.slice(from).find((e) => e.event === event)!.data;
    };
    return { next, events, close: () => socket.close() };
  };

  /** The status a socket to dev is refused with, or 101 when it is taken. */
  const socketStatus = (headers: Record<string, string>, origin?: string) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(`${dev.url.replace(/^http/, 'ws')}/__storefront/events`, { headers, ...(origin && { origin }) });
      socket.once('open', () => (socket.close(), resolve(101)));
      socket.once('unexpected-response', (_, response) => (response.destroy(), resolve(response.statusCode ?? 0)));
      socket.once('error', () => resolve(0));
    });

  it('answers only requests addressed to this machine (DNS rebinding)', async () => {
    const { port } = new URL(dev.url);
    for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`, '127.0.0.1.nip.io']) {
      for (const path of ['/', '/__storefront/events']) {
        const response = await requestWithHost(path, host);
        expect(response.status, `${path} with Host: ${host}`).toBe(403);
        expect(response.body).toMatch(/^403 Forbidden/);
      }
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      expect((await requestWithHost('/', host)).status, `Host: ${host}`).toBe(200);
    }
    // The pages' socket: from a page of this server only, or another site could read what dev tells them.
    expect(await socketStatus({ host: `evil.example:${port}` }, `http://evil.example:${port}`)).toBe(403);
    expect(await socketStatus({}, 'https://evil.example')).toBe(403);
    expect(await socketStatus({})).toBe(403);
    expect(await socketStatus({}, dev.url)).toBe(101);
  });

  it('reloads an open page a description edit changed first, once, and the other open pages once the site is updated', async () => {
    const sitemap = await (await fetch(`${dev.url}/sitemap.xml`)).text();
    const route = new URL(/<loc>([^<]*\/alpha-1\/)<\/loc>/.exec(sitemap)![1]!).pathname;
    // The home page's stream first: told at the same moment, it would be told first.
    const order: string[] = [];
    const home = await listen('/', order);
    const service = await listen(route, order);
    try {
      edit(join(catalogueDir, 'descriptions', 'alpha-1.md'), (text) => `${text}\nShown first after an edit.\n`);
      await until('both pages to be told to reload', () => order.length >= 2);
      await dev.settled();
      expect(order).toEqual([`${route} reload`, '/ reload']);
      expect(await (await fetch(`${dev.url}${route}`)).text()).toContain('Shown first after an edit.');
    } finally {
      service.close();
      home.close();
    }
  });

  it('tells the open pages the problems as printed, without absolute paths or stack traces', async () => {
    const stream = await listen();
    const clean = (text: string) => {
      expect(text).not.toContain(work);
      expect(text).not.toContain(tmpdir());
      expect(text).not.toMatch(/^\s*at /m);
    };
    try {
      edit(siteYaml, (text) => text.replace('baseUrl: https://www.example.com', 'baseUrl: www.example.com'));
      const problems = await stream.next('problems');
      expect(problems).toMatch(/^catalogue\/site\.yaml\n.*baseUrl/m);
      clean(problems);
      edit(siteYaml, (text) => text.replace('baseUrl: www.example.com', 'baseUrl: https://www.example.com'));
      await stream.next('reload');

      // A build that cannot even find its catalogue: said in a sentence, not with the loader's stack.
      cpSync(catalogueDir, join(work, 'saved'), { recursive: true });
      rmSync(catalogueDir, { recursive: true });
      const gone = await stream.next('problems');
      expect(gone).toMatch(/catalogue\/? was removed/);
      clean(gone);
      renameSync(join(work, 'saved'), catalogueDir);
      await stream.next('reload');
    } finally {
      stream.close();
    }
  });

  it('shows the problems over a page opened or reloaded after the error, and not once they are fixed', async () => {
    const breakBaseUrl = () => edit(siteYaml, (text) => text.replace('baseUrl: https://www.example.com', 'baseUrl: www.example.com'));
    const fixBaseUrl = () => edit(siteYaml, (text) => text.replace('baseUrl: www.example.com', 'baseUrl: https://www.example.com'));
    const stream = await listen();
    try {
      breakBaseUrl();
      await stream.next('problems');
    } finally {
      stream.close();
    }
    // Opened after the error was told: no page was there to hear it.
    const { page, close } = await openPage(browser());
    try {
      await page.goto(`${dev.url}/`);
      const overlay = page.locator('#storefront-problems');
      await overlay.waitFor();
      await expect(overlay.textContent()).resolves.toMatch(/site\.yaml[\s\S]*baseUrl[\s\S]*→/);
      await page.reload();
      await overlay.waitFor();

      const reloaded = page.waitForEvent('load');
      fixBaseUrl();
      await reloaded;
      await dev.settled();
      // A page that connects now hears of no problem (it would hear of them first): only the reload of an edit.
      const after = await listen('/');
      try {
        setTitle('Fixed and edited');
        await after.next('reload');
        expect(after.events.map((e) => e.event)).not.toContain('problems');
      } finally {
        after.close();
      }
    } finally {
      await close();
    }
  });

  it("passes over an editor's backups and autosaves: no rebuild, no reload", async () => {
    const stream = await listen('/');
    try {
      terminal.length = 0;
      writeFileSync(join(catalogueDir, 'descriptions', 'alpha-1.md~'), 'an older copy\n');
      writeFileSync(join(catalogueDir, 'img', 'services', '#alpha-1.svg#'), 'an autosave\n');
      // Past the watcher's wait, so that a rebuild they started would not be one with the edit's.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await dev.settled();
      // A real edit after them: once its reload comes, the backups' events were handled before it.
      setTitle('After the backups');
      await stream.next('reload');
      await dev.settled();
      expect(terminal.join('\n')).not.toMatch(/alpha-1\.md~|#alpha-1\.svg#/);
      expect(stream.events.filter((e) => e.event === 'reload')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('keeps watching the catalogue when its folder is moved away and back, or removed and restored', async () => {
    const saved = join(work, 'saved');
    const away = join(work, 'away');

    terminal.length = 0;
    renameSync(catalogueDir, away);
    await until('the terminal to say the catalogue went away', () => /catalogue\/? was removed/.test(terminal.join('\n')));
    renameSync(away, catalogueDir);
    setTitle('Moved away and back');
    await showsTitle('Moved away and back');

    // Away and back before dev can notice that it was gone.
    renameSync(catalogueDir, away);
    renameSync(away, catalogueDir);
    await dev.settled();
    setTitle('Moved away and straight back');
    await showsTitle('Moved away and straight back');

    terminal.length = 0;
    cpSync(catalogueDir, saved, { recursive: true });
    rmSync(catalogueDir, { recursive: true });
    await until('the terminal to say the catalogue went away', () => /catalogue\/? was removed/.test(terminal.join('\n')));
    cpSync(saved, catalogueDir, { recursive: true });
    rmSync(saved, { recursive: true });
    setTitle('Removed and restored');
    await showsTitle('Removed and restored');
    expect(terminal.join('\n')).toMatch(/catalogue\/? is back/);
  });
});

// Started on a catalogue with an error, dev has no site to show yet: every address answers a page with the
// problems, the terminal says so truly, and fixing the catalogue turns the open page into the site.
describe('storefront dev started on a broken catalogue', () => {
  const work = mkdtempSync(join(tmpdir(), 'storefront-dev-broken-'));
  const catalogueDir = join(work, 'catalogue');
  const siteYaml = join(catalogueDir, 'site.yaml');
  const terminal: string[] = [];
  let dev: DevServer;

  beforeAll(async () => {
    cpSync(new URL('../fixtures/valid/', import.meta.url).pathname, catalogueDir, { recursive: true });
    edit(siteYaml, (text) => text.replace('baseUrl: https://www.example.com', 'baseUrl: www.example.com'));
    const io = { out: (t: string) => terminal.push(t), err: (t: string) => terminal.push(t) };
    dev = await startDev({ catalogueDir, port: 0, host: '127.0.0.1' }, io);
  });
  afterAll(async () => {
    await dev?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('says in the terminal that there is no site yet, not that a previous one is unchanged', () => {
    const said = terminal.join('\n');
    expect(said).toMatch(/catalogue\/site\.yaml\n\s*3:10\s+error\s+baseUrl/);
    expect(said).not.toMatch(/previous site is unchanged|still shows the last good build/);
    expect(said).toMatch(/no site yet/i);
  });

  it('answers every address with the problems: file, line and what to do', async () => {
    for (const path of ['/', '/service/alpha/alpha-1/', '/nope', '/assets/app.js']) {
      const response = await fetch(`${dev.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const body = await response.text();
      expect(body, path).toMatch(/catalogue\/site\.yaml\n\s*3:10\s+error\s+baseUrl: Expected an absolute URL/);
      expect(body, path).toContain('→ The address the site is published at');
    }
  });

  it('shows the problems in the browser and turns into the site once they are fixed', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto(`${dev.url}/`);
      const problems = page.locator('#storefront-problems');
      await problems.waitFor();
      await expect(problems.textContent()).resolves.toMatch(/site\.yaml[\s\S]*3:10[\s\S]*baseUrl/);
      const reloaded = page.waitForEvent('load');
      edit(siteYaml, (text) => text.replace('baseUrl: www.example.com', 'baseUrl: https://www.example.com'));
      await reloaded;
      await page.getByText('We will make your token go viral').first().waitFor();
      expect(await problems.count()).toBe(0);
      expect((await fetch(`${dev.url}/`)).status).toBe(200);
    } finally {
      await close();
    }
  });
});
