// The browser's page source hands React's `use` the same promise for a route kind or a route for good. Had it
// handed out the value once the promise settled, a render that suspended on the chunk and was replayed would
// make one `use` call fewer, and React would give the content's call the chunk (seen in e2e: the service page
// ran its server-only part in the browser).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPageSource } from '../../src/client/loaders.ts';
import type { ClientManifest } from '../../src/client/manifest.ts';

const manifest: ClientManifest = {
  chunks: { home: 'data:text/javascript,export default function Home() {}' },
  styles: {},
  kinds: { home: { paths: ['/'] }, notFound: { paths: ['/404'], notFound: true } },
  site: '/site.json',
};
type Tracked = Promise<unknown> & { status?: string; value?: unknown };

afterEach(() => vi.unstubAllGlobals());

describe('browserPageSource', () => {
  it("gives a loaded chunk's promise again, marked fulfilled for React's use, not its module", async () => {
    const source = browserPageSource(manifest);
    const first = source.page('home') as Tracked;
    const module = await first;
    expect(source.page('home')).toBe(first);
    expect(first.status).toBe('fulfilled');
    expect(first.value).toBe(module);
  });

  it("gives a fetched route's promise again once settled, marked fulfilled with its content", async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    const source = browserPageSource(manifest);
    const first = source.content('/service/nope/') as Tracked;
    expect(await first).toBeNull();
    expect(source.content('/service/nope/')).toBe(first);
    expect(first).toMatchObject({ status: 'fulfilled', value: null });
  });

  it('forgets a failed load, so a retry asks again, but keeps what loaded', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    const source = browserPageSource(manifest);
    const failed = source.content('/service/x/');
    await expect(failed).rejects.toThrow(/page \/service\/x\//);
    const loaded = source.page('home');
    await loaded;
    source.forget();
    expect(source.content('/service/x/')).not.toBe(failed);
    expect(source.page('home')).toBe(loaded);
  });
});
