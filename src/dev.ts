// `storefront dev`: build, serve, watch, rebuild, reload. Open pages listen on a server-sent-events stream;
// after a good rebuild they reload, after a catalogue error they show the problems over the page. The server
// keeps running through errors: the last good site stays served.
import { statfsSync, watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PACKAGE_ROOT } from './build/bundle.ts';
import { buildSite, createBuildCache, type Reporter } from './pipeline.ts';
import { startServer, type RunningServer } from './serve.ts';

const EVENTS = '/__storefront/events';

export interface DevOptions {
  catalogueDir: string;
  port: number;
  host: string;
}

export interface DevServer {
  url: string;
  /** Resolves after the rebuild that the latest change started. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Injected into every page in dev mode only. */
export const devClientScript = `<script type="module">
const events = new EventSource(${JSON.stringify(EVENTS)});
events.addEventListener('reload', () => location.reload());
events.addEventListener('problems', (event) => {
  let box = document.getElementById('storefront-problems');
  if (!box) {
    box = document.createElement('div');
    box.id = 'storefront-problems';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;background:#1a1020f2;color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
    document.body.append(box);
  }
  box.textContent = 'The catalogue has problems; the page shows the last good build.\\n\\n' + JSON.parse(event.data);
});
</script>`;

/** Where the dev build goes (it is thrown away on exit): memory, /dev/shm, when it has room, since writing the
 *  whole site on every rebuild takes about a third of the time it takes on disk; otherwise the temp folder. */
function scratchFolder(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize > 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm here (macOS, Windows)
  }
  return tmpdir();
}

export async function startDev(options: DevOptions, io: Reporter): Promise<DevServer> {
  const outDir = join(await mkdtemp(join(scratchFolder(), 'storefront-dev-')), 'site');
  const clients = new Set<ServerResponse>();
  const send = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  // What one build may reuse of the one before: descriptions, bundles and pages whose inputs did not change.
  const cache = createBuildCache();
  // Problems go to the terminal as usual and, collected, to the open pages.
  const rebuild = async () => {
    const errors: string[] = [];
    const capture: Reporter = { out: io.out, err: (text) => (errors.push(text), io.err(text)) };
    try {
      const result = await buildSite({ catalogueDir: options.catalogueDir, outDir, precompress: false, cache }, capture);
      if (result.ok) send('reload', null);
      else send('problems', errors.join('\n\n'));
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      io.err(text);
      send('problems', text);
    }
  };

  const events = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== EVENTS) return false;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(': connected\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return true;
  };
  const server: RunningServer = await startServer({
    dir: outDir,
    port: options.port,
    host: options.host,
    before: events,
    transformHtml: (html) => html.replace('</body>', `${devClientScript}</body>`),
    hostingHeaders: false,
  });

  // Rebuilds are serialised: a change during a build schedules exactly one more. The watchers start before
  // the first build: Node sets up a recursive watch asynchronously, and an edit made while the first build
  // runs must not be lost.
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (file: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      io.out(`\nChanged: ${file}`);
      if (queued) return;
      queued = true;
      running = running.then(async () => {
        queued = false;
        await rebuild();
      });
    }, 60);
  };
  const watched = [options.catalogueDir, join(PACKAGE_ROOT, 'templates'), join(PACKAGE_ROOT, 'src')];
  const watchers: FSWatcher[] = watched.map((dir) =>
    watch(dir, { recursive: true }, (_event, name) => {
      if (name && !name.split(/[\\/]/).some((part) => part.startsWith('.'))) schedule(relative(process.cwd(), join(dir, name)));
    }),
  );
  running = rebuild();
  await running;
  io.out(`\nDev server: ${server.url}/  (watching ${watched.map((d) => relative(process.cwd(), d) || '.').join(', ')}; Ctrl+C to stop)`);
  io.out('Changes to the catalogue, the templates and the client runtime apply on rebuild; restart dev after changing the generator itself (src/catalogue, src/model, src/core, src/build).');

  return {
    url: server.url,
    settled: async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await running;
    },
    close: async () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const client of clients) client.end();
      await server.close();
      await rm(join(outDir, '..'), { recursive: true, force: true });
    },
  };
}
