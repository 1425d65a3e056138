// The dev loop as a maintainer lives it: `storefront dev` runs on a catalogue (a copy of the example one, or a
// synthetic one of any size that the benchmark may change), the page of one service is open in a browser, its
// description is saved, and the time runs until the dev server tells that page to reload (its socket's
// "reload" event), which is after the rebuild has written the page. Or its price is changed in its category's
// YAML file, which changes its category's page, the search index and every page that lists it too. Another open page, the home page, which
// the edit does not change, is told once the whole site is written: that time is reported too. Watcher latency
// and dev's 20 ms debounce are included, as they are for a person waiting; the first build (before the server
// answers) is not.
import { spawn } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { WebSocket } from 'ws';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, ROOT } from './build.ts';
import { waitForIdle } from './idle.ts';

export interface DevOptions {
  /** The catalogue folder (default: the example catalogue). */
  catalogue?: string;
  /** Edit `catalogue` itself rather than a copy of it (a throwaway synthetic catalogue: no copy of 20,000 files). */
  inPlace?: boolean;
  /** The service whose description (descriptions/ID.md) or price is edited, by id. */
  description?: string;
  /** What is edited: the service's description (default), or its price in its category's YAML file. */
  edit?: 'description' | 'price';
  /** Saves timed, one after another (default 5, as Lighthouse's runs): the first after the server starts runs on
   *  code V8 has not optimised yet, 30-100 ms slower at 10,000 services, and of three it decided the median. */
  edits?: number;
  /** Services in the catalogue, for the report. */
  services?: number;
}

export interface DevFigures {
  services?: number;
  /** What was edited (a description when absent). */
  edit?: 'description' | 'price';
  /** Median milliseconds from saving a description to the reload event of its service's open page. */
  rebuildMs: number;
  runs: number[];
  /** The same to the reload event of the open home page, which the edit does not change: the site written. */
  siteMs: number;
  siteRuns: number[];
  /** The stage times dev printed for its last rebuild ("load 12 ms", ...). */
  stages: string[];
}

const waitFor = <T>(what: string, ms: number, start: (done: (value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
    start((value) => (clearTimeout(timer), resolve(value)));
  });

export async function measureDevRebuild({ catalogue: source = join(ROOT, 'examples/agency/catalogue'), inPlace = false, description = 'listing-3', edit = 'description', edits = 5, services }: DevOptions = {}): Promise<DevFigures> {
  const work = await mkdtemp(join(tmpdir(), 'storefront-bench-dev-'));
  const catalogue = inPlace ? source : join(work, 'catalogue');
  if (!inPlace) await cp(source, catalogue, { recursive: true, filter: (src) => !src.includes('/.schema') });
  const dev = spawn(join(ROOT, 'node_modules/.bin/node'), ['bin/storefront.js', 'dev', '-c', catalogue, '-p', '0'], { cwd: ROOT });
  let log = '';
  dev.stderr.on('data', (chunk: Buffer) => (log += chunk));
  try {
    // The first build comes before the server answers: a minute or more for 10,000 services on a busy machine.
    const url = await waitFor<string>('the dev server to start', 300_000, (done) =>
      dev.stdout.on('data', (chunk: Buffer) => {
        log += chunk;
        const found = /Dev server: (http:\/\/\S+?)\/?\s/.exec(log);
        if (found) done(found[1]!);
      }),
    );
    // The service's page, as the sitemap names it (/service/{slug}/{id}/), and the home page, each as its
    // page's script listens (src/devPages.ts devClientScript).
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    const found = new RegExp(`<loc>([^<]*/${description}/)</loc>`).exec(sitemap);
    if (!found) throw new Error(`The sitemap names no page of the service ${description}.`);
    const listen = (page: string) => {
      const reloads: (() => void)[] = [];
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/__storefront/events?page=${encodeURIComponent(page)}`, { origin: url });
      socket.on('message', (text: Buffer) => {
        if ((JSON.parse(text.toString('utf8')) as { event: string }).event === 'reload') reloads.splice(0).forEach((notify) => notify());
      });
      const reloaded = () => waitFor<number>(`the reload of ${page} after an edit`, 30_000, (done) => reloads.push(() => done(performance.now())));
      return { reloaded, close: () => socket.close() };
    };
    const service = listen(new URL(found[1]!).pathname);
    const home = listen('/');
    const runs: number[] = [];
    const siteRuns: number[] = [];
    for (let i = 0; i < edits; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await waitForIdle();
      const reloaded = [service.reloaded(), home.reloaded()];
      const started = performance.now();
      if (edit === 'price') await raisePrice(catalogue, description);
      else await appendFile(join(catalogue, 'descriptions', `${description}.md`), `\nEdited for the benchmark, pass ${i + 1}.\n`);
      const [page, site] = await Promise.all(reloaded);
      runs.push(page! - started);
      siteRuns.push(site! - started);
    }
    service.close();
    home.close();
    const lastBuild = log.slice(log.lastIndexOf('\nBuilding '));
    const stages = [...lastBuild.matchAll(/^ {2}(\w+)\s+(\d+ ms)/gm)].map((m) => `${m[1]} ${m[2]}`);
    return { ...(services !== undefined && { services }), ...(edit === 'price' && { edit }), rebuildMs: median(runs), runs, siteMs: median(siteRuns), siteRuns, stages };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nstorefront dev printed:\n${log}`);
  } finally {
    if (dev.exitCode === null && dev.signalCode === null) {
      const closed = new Promise((resolve) => dev.once('close', resolve));
      dev.kill('SIGTERM');
      await closed;
    }
    await rm(work, { recursive: true, force: true });
  }
}

/** Raises the price of service `id` by 50 in its category's YAML file (its `price:` line after its `id:`). */
async function raisePrice(catalogue: string, id: string): Promise<void> {
  for (const name of await readdir(join(catalogue, 'categories'))) {
    const file = join(catalogue, 'categories', name);
    const text = await readFile(file, 'utf8');
    const found = new RegExp(`^(\\s*- id: ${id}\\n(?:\\s{4}.*\\n)*?\\s{4}price: )(\\d+)`, 'm').exec(text);
    if (!found) continue;
    await writeFile(file, text.replace(found[0], `${found[1]}${Number(found[2]) + 50}`));
    return;
  }
  throw new Error(`No category file lists the service ${id} with a price.`);
}

