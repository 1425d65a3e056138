// `storefront dev` as a maintainer uses it: edit the catalogue and the open page reloads with the change;
// break it and the problems show in the terminal and over the page while the server keeps serving.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  cpSync(new URL('../../catalogue/', import.meta.url).pathname, catalogueDir, { recursive: true });
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
});
