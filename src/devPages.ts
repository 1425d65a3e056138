// What `storefront dev` tells the pages open in a browser, and what it shows while it has no site. Each open page
// listens on a server-sent-events stream: after a good rebuild it reloads, while the catalogue has problems it
// shows them over the page. The problems last until a good build, so a page opened or reloaded meanwhile is
// told them as it connects; and until the first good build every address answers a page of the problems.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const EVENTS = '/__storefront/events';

const OVERLAY_ID = 'storefront-problems';
const OVERLAY_STYLE = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;background:#1a1020f2;color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
const OVER_THE_SITE = 'The catalogue has problems; the page shows the last good build.';
const NO_SITE_YET = 'The catalogue has problems and there is no site yet: this page turns into the site once they are fixed.';
const FIRST_BUILD = 'The first build is running: this page turns into the site when it is done.';

/** Injected into every page in dev mode only. The problems page renders its box with a lead of its own. */
export const devClientScript = `<script type="module">
const events = new EventSource(${JSON.stringify(EVENTS)} + '?page=' + encodeURIComponent(location.pathname));
events.addEventListener('reload', () => location.reload());
events.addEventListener('problems', (event) => {
  let box = document.getElementById(${JSON.stringify(OVERLAY_ID)});
  if (!box) {
    box = document.createElement('div');
    box.id = ${JSON.stringify(OVERLAY_ID)};
    box.setAttribute('role', 'alert');
    box.style.cssText = ${JSON.stringify(OVERLAY_STYLE)};
    document.body.append(box);
  }
  box.textContent = (box.dataset.lead ?? ${JSON.stringify(OVER_THE_SITE)}) + '\\n\\n' + JSON.parse(event.data);
});
</script>`;

/** The open pages' event streams, each with its page's path, and the problems they are shown now. */
export class OpenPages {
  private streams = new Map<ServerResponse, string>();
  /** The problems as the pages are told them, from when a build fails until one succeeds. */
  private problems: string | undefined;

  /** Takes a page's event stream; a page that connects while there are problems is told them at once. */
  connect(req: IncomingMessage, res: ServerResponse, page: string): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(': connected\n\n');
    if (this.problems !== undefined) res.write(eventText('problems', this.problems));
    this.streams.set(res, page);
    req.on('close', () => this.streams.delete(res));
  }

  /** The paths of the open pages. */
  routes(): Set<string> {
    return new Set(this.streams.values());
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
    for (const stream of this.streams.keys()) stream.end();
  }

  private send(event: string, data: unknown, to: (page: string) => boolean) {
    for (const [stream, page] of this.streams) if (to(page)) stream.write(eventText(event, data));
  }
}

const eventText = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

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
