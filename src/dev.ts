// `storefront dev`: build, serve, watch, rebuild, reload. Open pages listen on a WebSocket;
// after a good rebuild they reload, after a catalogue error they show the problems over the page (devPages.ts).
// The server keeps running through errors: the last good site stays served (before the first, every address
// answers a page of the problems), a watched folder that goes away is waited for, and the pages are told the
// maintainer's messages, never a stack trace or this machine's paths. It answers only requests addressed to this
// machine (see isLocalHost).
import { existsSync, statfsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { isIP } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { PACKAGE_ROOT } from './build/bundle.ts';
import { LiveSite } from './build/liveSite.ts';
import { besideCatalogue, CatalogueNotFoundError, isCatalogueText } from './catalogue/load.ts';
import { isEditorFile } from './catalogue/fileEntries.ts';
import { errorsIn, formatProblems } from './catalogue/problems.ts';
import { describeInternalError, UserError } from './errors.ts';
import { CatalogueReads } from './devLoad.ts';
import { devClientScript, EVENTS, OpenPages } from './devPages.ts';
import { DevTerminal } from './devTerminal.ts';
import type { LoadOptions } from './catalogue/load.ts';
import { buildSite, createBuildCache, removeSync, type Reporter } from './pipeline.ts';
import { startServer, type RunningServer } from './serve.ts';
import { watchTree, type TreeWatcher } from './watchTree.ts';

/** The pause after a change before the rebuild starts: the events of one save (an editor's write, or its
 *  temporary file renamed over the old one) come within a few milliseconds and start one build, not two. */
const DEBOUNCE_MS = 20;
/** How often a watched folder is looked at, to notice it went away or came back (one stat each). */
const FOLDER_POLL_MS = 500;

export interface DevOptions {
  catalogueDir: string;
  port: number;
  host: string;
  /** The build cache folder, or false for none (see BuildOptions.cacheDir). */
  cacheDir?: string | false;
  /** Threads for the work per description (see BuildOptions.workers). */
  workers?: number;
  /** The CLI's Ctrl+C (or SIGTERM, SIGHUP): once aborted, the scratch site is removed at once, for the process to
   *  end; a build may be writing into it (the first one, seconds long on a big catalogue), so it is not waited for. */
  signal?: AbortSignal;
}

export interface DevServer {
  url: string;
  /** Resolves after the rebuild of a change just made, if its folder's event came within a moment (DevSession). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

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

/** The site's own folders beside its catalogue that dev watches too, when they are there. */
const SITE_FOLDERS = ['pages', 'public', 'theme'] as const;

export async function startDev(options: DevOptions, io: Reporter): Promise<DevServer> {
  // Before anything starts: a mistyped --catalogue is the maintainer's mistake, said in one line, and must not
  // leave a server running.
  if (folderIdentity(options.catalogueDir) === undefined) {
    throw new CatalogueNotFoundError(`There is no catalogue folder at ${options.catalogueDir}. Pass --catalogue DIR, or run in a folder that has catalogue/site.yaml.`);
  }
  // Named by the process, so a folder a killed dev left behind can be told from one in use.
  const scratch = await mkdtemp(join(scratchFolder(), `storefront-dev-${process.pid}-`));
  removedOnStop(scratch, options.signal);
  const dev = new DevSession(options, io, scratch);
  // The watchers start before the server and the first build: Node may set up a recursive watch asynchronously,
  // and an edit made while the first build runs must not be lost.
  // With the site's own folders beside the catalogue (pages/, public/, theme/), watched also while they are not
  // there: one made, or removed, is built with or without.
  const siteFolders = SITE_FOLDERS.map((name) => besideCatalogue(options.catalogueDir, name));
  const watched = [options.catalogueDir, join(PACKAGE_ROOT, 'templates'), join(PACKAGE_ROOT, 'src'), ...siteFolders.filter((dir) => existsSync(dir))];
  dev.watch([options.catalogueDir, join(PACKAGE_ROOT, 'templates'), join(PACKAGE_ROOT, 'src')], siteFolders);
  const server: RunningServer = await startServer({
    dir: dev.outDir,
    port: options.port,
    host: options.host,
    before: (req, res) => answerForDev(req, res, options.host, dev),
    upgrade: (req, socket, head) => listenForDev(req, socket, head, options.host, dev),
    transformHtml: (html) => html.replace('</body>', `${devClientScript}</body>`),
    hostingHeaders: false,
  }).catch(async (error: unknown) => {
    dev.stopWatching();
    await rm(scratch, { recursive: true, force: true });
    throw error;
  });
  await dev.firstBuild();
  io.out(`\nDev server: ${server.url}/  (watching ${watched.map(shown).join(', ')}; Ctrl+C to stop)`);
  io.out('Changes to the catalogue, the templates and the client runtime apply on rebuild; restart dev after changing the generator itself (src/catalogue, src/model, src/core, src/build).');
  return { url: server.url, settled: () => dev.settled(), close: () => dev.close(server) };
}

/** A stopped dev's scratch site goes at once, and again: a write under way on libuv's threads may have made a
 *  folder of it again meanwhile (as in a stopped build, pipeline.ts). */
function removedOnStop(scratch: string, signal: AbortSignal | undefined): void {
  const remove = () => {
    removeSync(scratch);
    removeSync(scratch);
  };
  if (signal?.aborted) remove();
  else signal?.addEventListener('abort', remove, { once: true });
}

const NOT_LOCAL = '403 Forbidden: storefront dev answers only requests for localhost, 127.0.0.1, [::1] or the --host it was started with.\n';

/** Dev's own answers, tried before the site's files: true when it answered. */
function answerForDev(req: IncomingMessage, res: ServerResponse, listenHost: string, dev: DevSession): boolean {
  if (!isLocalHost(req.headers.host, listenHost)) {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    res.end(NOT_LOCAL);
    return true;
  }
  const url = URL.parse(req.url ?? '/', 'http://localhost');
  if (!url) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('400 Bad Request\n');
    return true;
  }
  // No site yet (the first build is running, or failed): every address shows why, not a bare 404.
  if (!dev.live.hasSite) dev.pages.page(req, res);
  else return false;
  return true;
}

/** An open page's socket (devPages.ts): from this machine only, as every answer of dev is, and from a page of
 *  this server (its Origin names the address asked), since any web page may open a socket to localhost. */
function listenForDev(req: IncomingMessage, socket: Duplex, head: Buffer, listenHost: string, dev: DevSession): void {
  const url = URL.parse(req.url ?? '/', 'http://localhost');
  const refuse = (status: string, text: string) => socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${text}`);
  if (!isLocalHost(req.headers.host, listenHost)) refuse('403 Forbidden', NOT_LOCAL);
  else if (!req.headers.origin || URL.parse(req.headers.origin)?.host !== req.headers.host) refuse('403 Forbidden', '403 Forbidden: only a page of this dev server may listen to it.\n');
  else if (url?.pathname === EVENTS) dev.pages.connect(req, socket, head, url.searchParams.get('page') ?? '');
  else refuse('404 Not Found', '404 Not Found\n');
}

/** One `storefront dev`: the folders it watches, the rebuilds they start, and the open pages it tells. */
class DevSession {
  readonly outDir: string;
  readonly pages = new OpenPages();
  /** The served folder, updated in place with what each rebuild changed (build/liveSite.ts). */
  readonly live: LiveSite;
  private readonly options: DevOptions;
  private readonly io: Reporter;
  private readonly scratch: string;
  // The open pages get the maintainer's messages with the folders named as the maintainer knows them, not
  // where they are on this machine.
  private readonly pathNames: PathNames;
  // What one build may reuse of the one before: descriptions, bundles and pages whose inputs did not change.
  private readonly cache = createBuildCache();
  private readonly reads: CatalogueReads;
  private folders: WatchedFolder[] = [];
  private optional: WatchedFolder[] = [];
  // Rebuilds are serialised: a change during a build schedules exactly one more.
  private running: Promise<void> = Promise.resolve();
  private queued = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly terminal = new DevTerminal();
  private builds = 0;

  constructor(options: DevOptions, io: Reporter, scratch: string) {
    this.options = options;
    this.io = io;
    this.scratch = scratch;
    this.outDir = join(scratch, 'site');
    this.live = new LiveSite(this.outDir);
    this.reads = new CatalogueReads(options.catalogueDir);
    this.pathNames = [
      [options.catalogueDir, basename(options.catalogueDir)],
      [scratch, 'dev-build'],
      [process.cwd(), '.'],
      [PACKAGE_ROOT, 'storefront'],
      [homedir(), '~'],
    ];
  }

  /** `needed`: nothing is built while one is missing; `optional`: built without while missing. */
  watch(needed: string[], optional: string[]) {
    this.folders = needed.map((dir) => watchFolder(dir, this.folderEvents(dir)));
    this.optional = optional.map((dir) => watchFolder(dir, this.optionalFolderEvents(dir)));
  }

  stopWatching() {
    for (const folder of [...this.folders, ...this.optional]) folder.close();
  }

  /** The first build, after any rebuild a change scheduled while the server started. */
  firstBuild() {
    this.running = this.running.then(() => this.rebuild());
    return this.running;
  }

  /** Waits a moment for the folders' events of a change just made, then for the rebuild running or queued. An
   *  event may come later on a busy machine: a test that needs a rebuild waits for what the rebuild does. */
  async settled() {
    await new Promise((resolve) => setTimeout(resolve, 120));
    await this.running;
  }

  async close(server: RunningServer) {
    clearTimeout(this.timer);
    this.stopWatching();
    this.pages.close();
    await server.close();
    // A rebuild still writing into the scratch folder would fail half-way through its removal.
    await this.running.catch(() => undefined);
    await rm(this.scratch, { recursive: true, force: true });
  }

  private folderEvents(dir: string): FolderEvents {
    const inCatalogue = dir === this.options.catalogueDir;
    // The site's pages are read with the catalogue, by their path from it (catalogue/load.ts).
    const inPages = dir === besideCatalogue(this.options.catalogueDir, 'pages');
    // public/ is published as it is, backups too; everywhere else the build passes them over.
    const inPublic = dir === besideCatalogue(this.options.catalogueDir, 'public');
    return {
      change: (name, event) => {
        if (name.split(/[\\/]/).some((part) => part.startsWith('.') && part !== '.well-known')) return;
        if (!inPublic && isEditorFile(basename(name))) return;
        if (inCatalogue && event === 'change' && !this.reads.contentChanged(name)) return;
        if (inCatalogue) this.reads.changed(name);
        if (inPages) this.reads.changed(join('..', 'pages', name));
        this.schedule(`Changed: ${shown(join(dir, name))}`, join(dir, name));
      },
      gone: () => this.tell(`${shown(dir)}/ was removed or moved away; waiting for it to come back.`),
      back: (why) => {
        if (inCatalogue) this.reads.changedAll();
        this.schedule(backMessages[why](shown(dir)));
      },
      failed: (error) => this.tell(watchFailure(shown(dir), error)),
    };
  }

  /** A folder of the site's own (pages/, public/, theme/): its files' changes as any other's; made or removed, the
   *  site is built with it or without it. */
  private optionalFolderEvents(dir: string): FolderEvents {
    const events = this.folderEvents(dir);
    // Not there when dev started: its first look finds it gone, which is no news.
    let seen = existsSync(dir);
    const inPages = dir === besideCatalogue(this.options.catalogueDir, 'pages');
    const rebuild = (message: string) => {
      if (inPages) this.reads.changedAll();
      this.schedule(message);
    };
    return {
      ...events,
      gone: () => seen && rebuild(`${shown(dir)}/ was removed; building the site without it.`),
      back: (why) => {
        seen = true;
        rebuild(why === 'returned' ? `${shown(dir)}/ is there; building the site with it.` : backMessages[why](shown(dir)));
      },
    };
  }

  private schedule(why: string, path?: string) {
    clearTimeout(this.timer);
    this.terminal.changed(why, path);
    this.timer = setTimeout(() => {
      // Nothing to build while a watched folder is missing: that was said when it went.
      if (!this.folders.every((folder) => folder.present)) return;
      if (this.queued) return;
      this.queued = true;
      this.running = this.running.then(async () => {
        this.queued = false;
        // Said as the rebuild starts, so that it follows the last one's lines rather than landing among them.
        const changes = this.terminal.takeChanges((path) => this.worthNaming(path));
        if (changes) this.io.out(`\n${changes}`);
        await this.rebuild();
      });
    }, DEBOUNCE_MS);
  }

  /** Whether a changed file is named before the rebuild: one that is there, one the build reads (a deleted
   *  description), and any outside the catalogue folder and pages/ (public/, theme/, templates/, src/). */
  private worthNaming(path: string): boolean {
    if (existsSync(path)) return true;
    const fromCatalogue = relative(this.options.catalogueDir, path).split(sep).join('/');
    if (fromCatalogue.startsWith('../') && !fromCatalogue.startsWith('../pages/')) return true;
    return isCatalogueText(fromCatalogue) || fromCatalogue.startsWith('img/');
  }

  // Problems go to the terminal (devTerminal.ts says when) and, collected, to the open pages.
  private async rebuild() {
    const errors: string[] = [];
    const err = (text: string) => (errors.push(text), this.io.err(text));
    const catalogueShown = shown(this.options.catalogueDir);
    const capture: Reporter = {
      out: this.io.out,
      err,
      // The first build shows its stage table; a rebuild only its closing line.
      ...(this.builds++ > 0 && { detail: 'quiet' }),
      // The report without its summary line, which the build prints after it.
      problems: (problems) => {
        const hasErrors = errorsIn(problems).length > 0;
        const full = formatProblems(problems, catalogueShown);
        const report = this.terminal.problems(full.slice(0, full.lastIndexOf('\n')), hasErrors);
        if (report) (hasErrors ? err : this.io.out)(report);
      },
    };
    const { options, outDir, cache, live } = this;
    try {
      const load = (dir: string, loadOptions: LoadOptions) => this.reads.load(dir, loadOptions);
      const result = await buildSite({ catalogueDir: options.catalogueDir, outDir, precompress: false, cache, cacheDir: options.cacheDir, workers: options.workers, load, live, ...this.openPagesFirst() }, capture);
      if (!result.ok) this.pages.showProblems(this.forPage(errors.join('\n\n')));
    } catch (error) {
      this.rebuildFailed(error);
    } finally {
      this.terminal.buildEnded();
    }
  }

  /** The pages open in a browser are rendered first and reload as soon as theirs are written (a description edit
   *  at 10,000 services: before the other 10,000 pages are compared and the folder updated); the others reload as
   *  soon as the site is updated, not after the cache's housekeeping. A page shown first does not reload again:
   *  its new stream comes from the new page. */
  private openPagesFirst() {
    let shownFirst: ReadonlySet<string> = new Set();
    const openPages = {
      routes: () => this.pages.routes(),
      shown: (routes: ReadonlySet<string>) => {
        shownFirst = routes;
        if (routes.size) this.pages.reload((page) => routes.has(page));
      },
    };
    const siteReady = () => this.pages.reload((page) => !shownFirst.has(page));
    return { siteReady, openPages };
  }

  private rebuildFailed(error: unknown) {
    // A folder that went away during the build has been reported as such; it is built again when it is back.
    for (const folder of this.folders) folder.check();
    if (!this.folders.every((folder) => folder.present)) return;
    if (error instanceof UserError || error instanceof CatalogueNotFoundError) {
      this.io.err(error.message);
      this.pages.showProblems(this.forPage(error.message));
    } else {
      // A bug: the terminal gets all of it, the page a line (a stack trace says nothing to the maintainer).
      this.io.err(describeInternalError(error));
      this.pages.showProblems(internalErrorForPage(error, this.pathNames));
    }
  }

  /** A folder's trouble, in the terminal and over the open pages. */
  private tell(message: string) {
    this.io.err(`\n${message}`);
    this.pages.showProblems(this.forPage(message));
  }

  private forPage(text: string) {
    return withoutPaths(text, this.pathNames);
  }
}

const backMessages = {
  returned: (dir: string) => `${dir}/ is back; rebuilding.`,
  replaced: (dir: string) => `${dir}/ was moved or replaced; watching it again.`,
  recovered: (dir: string) => `${dir}/ is watched again; rebuilding.`,
};

/** What the maintainer is told when a folder cannot be watched, and what to do about it. */
export function watchFailure(dir: string, error: NodeJS.ErrnoException): string {
  const limit = error.code === 'ENOSPC' || error.code === 'EMFILE';
  const cause = limit ? "the system's limit on watched files is reached" : (error.code ?? error.message);
  const fix = limit
    ? 'Close other programs that watch many files (another dev server, an editor with a large project), or raise the limit (on Linux: sudo sysctl fs.inotify.max_user_watches=524288 fs.inotify.max_user_instances=1024).'
    : `Check that you may read ${dir}/ and everything in it.`;
  return `Cannot watch ${dir}/ for changes (${cause}): edits there are not built until it can be; dev tries again every ${FOLDER_POLL_MS} ms. ${fix}`;
}

/** Paths as the maintainer typed them: relative to the current folder when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

export interface FolderEvents {
  change(name: string, event: string): void;
  gone(): void;
  /** Watched again: the folder came back, another took its place, or a watch that failed works again. Whatever
   *  changed meanwhile is in no event. */
  back(why: 'returned' | 'replaced' | 'recovered'): void;
  /** The folder is there but cannot be watched (the system's limit on watches, its permissions): said once for
   *  each reason while it lasts; the folder is tried again at each look. */
  failed(error: NodeJS.ErrnoException): void;
}

interface WatchedFolder {
  /** False from when the folder is seen gone until it is seen back. */
  readonly present: boolean;
  /** Looks at the folder now (it is also looked at every FOLDER_POLL_MS). */
  check(): void;
  close(): void;
}

/** Watches a folder and everything in it (watchTree.ts), and keeps doing so when the folder is removed or moved
 *  away and comes back. A watch ends for good when its folder goes: it reports a 'rename' of '' and then
 *  nothing, even once the folder is back. So the folder is also polled (cheap: one stat), and watched afresh
 *  whenever it is there but not watched, or is another folder than the one watched (removed and recreated). */
export function watchFolder(dir: string, on: FolderEvents, watch = watchTree): WatchedFolder {
  let watcher: TreeWatcher | undefined;
  let watching: string | undefined;
  let present = true;
  /** Why the folder is not watched although it is there, while that lasts. */
  let failure: string | undefined;
  const stop = () => {
    watcher?.close();
    watcher = watching = undefined;
  };
  const start = (identity: string) => {
    watcher = watch(
      dir,
      (event, name) => {
        if (name) on.change(name, event);
        else if (event === 'rename') (stop(), check());
      },
      // A watch that broke is set up again at once (its events meanwhile are lost: `back` says so).
      () => ((failure ??= 'broken'), stop(), check()),
    );
    watching = identity;
  };
  let started = false;
  const check = () => {
    const identity = folderIdentity(dir);
    if (identity === undefined) {
      stop();
      failure = undefined;
      if (present) (present = false), on.gone();
    } else if (identity !== watching) {
      stop();
      try {
        start(identity);
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOENT' || code === 'ENOTDIR') return; // gone again already: the next look sees it
        const reason = code ?? String(error);
        if (reason !== failure) on.failed(error as NodeJS.ErrnoException);
        failure = reason;
        return;
      }
      const why = !present ? 'returned' : failure !== undefined ? 'recovered' : 'replaced';
      failure = undefined;
      present = true;
      if (started) on.back(why);
    }
  };
  check();
  started = true;
  const poll = setInterval(check, FOLDER_POLL_MS);
  poll.unref();
  return {
    get present() {
      return present;
    },
    check,
    close: () => (clearInterval(poll), stop()),
  };
}

/** Tells a folder from one made in its place (inode numbers are reused, so the birth time too); undefined when
 *  there is no folder there. */
function folderIdentity(dir: string): string | undefined {
  try {
    const stats = statSync(dir);
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}:${stats.birthtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a request's Host header names this machine. DNS rebinding: any web page can point a name of its own
 *  at 127.0.0.1 and then read this server as its own origin, but the browser still sends that name. So only
 *  names nobody else controls are answered: localhost and *.localhost (browsers never ask DNS for them), IP
 *  addresses (no name to rebind), and the name dev listens on (--host). A request without a Host header is an
 *  HTTP/1.0 client, never a browser. */
export function isLocalHost(host: string | undefined, listenHost: string): boolean {
  if (host === undefined) return true;
  const name = (/^\[([0-9a-f:.]+)\](?::\d+)?$/i.exec(host) ?? /^([a-z0-9.-]+)(?::\d+)?$/i.exec(host))?.[1];
  if (!name) return false;
  const bare = (text: string) => text.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const asked = bare(name);
  return asked === 'localhost' || asked.endsWith('.localhost') || isIP(asked) !== 0 || asked === bare(listenHost);
}

/** Folders of this machine and the names the open pages show instead. */
type PathNames = ReadonlyArray<readonly [path: string, name: string]>;

/** Replaces the folders in `text` by their names, the longest (most specific) first; a folder only where its
 *  name ends (so /work/main does not match in /work/main2). */
function withoutPaths(text: string, names: PathNames): string {
  const folders = names
    .map(([path, name]) => [path.replace(/[\\/]+$/, ''), name] as const)
    .filter(([path]) => /[\\/]/.test(path)) // never the file system's root
    .sort(([a], [b]) => b.length - a.length);
  for (const [path, name] of folders) {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`${escaped}(?![\\w.@+-])`, 'g'), () => name);
  }
  return text;
}

/** What the open pages are told about a bug: one line saying what failed, without the stack or any absolute
 *  path (a known folder by its name, any other path by its last part); the terminal has the whole of it. */
export function internalErrorForPage(error: unknown, names: PathNames): string {
  const what = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  const line = withoutPaths(what.split('\n')[0] ?? '', names).replace(
    /(^|[\s'"(=])((?:[a-z]:)?[\\/][^\s'"()]*[\\/]([^\s'"()\\/]*))/gi,
    (_match, before: string, _path: string, last: string) => `${before}…/${last}`,
  );
  return `Internal error: ${line} (the terminal has the details)`;
}
