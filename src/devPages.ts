// What `storefront dev` tells the pages open in a browser, and what it shows while it has no site. Each open page
// listens on a WebSocket: after a good rebuild it reloads, while the catalogue has problems it shows them over
// the page. The problems last until a good build, so a page opened or reloaded meanwhile is told them as it
// connects; and until the first good build every address answers a page of the problems.
//
// A WebSocket, not a stream of server-sent events: each such stream holds one of the six connections a browser
// opens to a server over HTTP/1.1, so six open pages left none for their images, scripts or next page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export const EVENTS = '/__storefront/events';

const OVERLAY_ID = 'storefront-problems';
const OVERLAY_STYLE = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;background:#1a1020f2;color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
const OVER_THE_SITE = 'The catalogue has problems; the page shows the last good build.';
const NO_SITE_YET = 'The catalogue has problems and there is no site yet: this page turns into the site once they are fixed.';
const FIRST_BUILD = 'The first build is running: this page turns into the site when it is done.';

/** Injected into every page in dev mode only. The problems page renders its box with a lead of its own. */
export const devClientScript = `<script type="module">
const connect = () => {
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + ${JSON.stringify(EVENTS)} + '?page=' + encodeURIComponent(location.pathname));
  socket.addEventListener('message', (message) => {
    const { event, data } = JSON.parse(message.data);
    if (event === 'reload') location.reload();
    if (event !== 'problems') return;
    let box = document.getElementById(${JSON.stringify(OVERLAY_ID)});
    if (!box) {
      box = document.createElement('div');
      box.id = ${JSON.stringify(OVERLAY_ID)};
      box.setAttribute('role', 'alert');
      box.style.cssText = ${JSON.stringify(OVERLAY_STYLE)};
      document.body.append(box);
    }
    box.textContent = (box.dataset.lead ?? ${JSON.stringify(OVER_THE_SITE)}) + '\\n\\n' + data;
  });
  // dev stopped or restarted: listen again once it is back.
  socket.addEventListener('close', () => setTimeout(connect, 1000));
};
connect();
</script>`;

/** The open pages' sockets, each with its page's path, and the problems they are shown now. */
export class OpenPages {
  private sockets = new Map<WebSocket, string>();
  private readonly server = new WebSocketServer({ noServer: true });
  /** The problems as the pages are told them, from when a build fails until one succeeds. */
  private problems: string | undefined;

  /** Takes a page's socket (dev.ts checks who asks); a page that connects while there are problems is told them at
   *  once. */
  connect(req: IncomingMessage, socket: Duplex, head: Buffer, page: string): void {
    this.server.handleUpgrade(req, socket, head, (ws) => {
      if (this.problems !== undefined) ws.send(message('problems', this.problems));
      this.sockets.set(ws, page);
      ws.on('close', () => this.sockets.delete(ws));
    });
  }

  /** The paths of the open pages. */
  routes(): Set<string> {
    return new Set(this.sockets.values());
  }

  /** Shows the problems over every open page, and over every page opened until a build succeeds. */
  showProblems(text: string): void {
    this.problems = text;
    this.send('problems', text, () => true);
  }

  /** Reloads the open pages at these paths into the new site: the problems are gone. */
  reload(to: (page: string) => boolean = () => true): void {
    this.problems = undefined;
    this.send('reload', null, to);
  }

  /** What every address answers while there is no site: the problems, or that the first build is running. */
  page(req: IncomingMessage, res: ServerResponse): void {
    const body = Buffer.from(problemsPage(this.problems), 'utf8');
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  close(): void {
    for (const ws of this.sockets.keys()) ws.terminate();
    this.server.close();
  }

  private send(event: string, data: unknown, to: (page: string) => boolean) {
    for (const [ws, page] of this.sockets) if (to(page)) ws.send(message(event, data));
  }
}

const message = (event: string, data: unknown) => JSON.stringify({ event, data });

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page of the problems (a plain page: it reads without JavaScript too), which the dev script updates while
 *  they change and reloads once the site is built. */
export function problemsPage(problems: string | undefined): string {
  const text = problems === undefined ? FIRST_BUILD : `${NO_SITE_YET}\n\n${problems}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>storefront dev: no site yet</title></head>',
    `<body><div id="${OVERLAY_ID}" role="alert" data-lead="${escapeHtml(NO_SITE_YET)}" style="${OVERLAY_STYLE}">${escapeHtml(text)}</div>`,
    `${devClientScript}</body>`,
    '</html>',
  ].join('\n');
}
