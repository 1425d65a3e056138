// The browser entry, started by the loader (src/client/clientLoader.ts) with the site's manifest. Reads the
// boot data the prerenderer left in the page, then loads the client in two steps, each evaluated in a task of
// its own: React DOM, then the router and the app (mount.tsx), which hydrates. Evaluated together they were
// one task of about 25 ms here, 100 ms on Lighthouse's slow phone: a long task in Total Blocking Time. Both
// are modulepreloaded by the loader (the build lists an entry's dynamic imports with its chunks), so
// splitting them costs no round trip.
import type { BootData, ClientManifest } from './manifest.ts';
import { unregisterServiceWorkers } from './serviceWorker.ts';

/** Lets the browser run whatever is waiting (input, a frame) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function start(manifest: ClientManifest) {
  const bootElement = document.getElementById('storefront-boot');
  const container = document.getElementById('root');
  if (!bootElement?.textContent || !container) return;
  const boot = JSON.parse(bootElement.textContent) as BootData;
  unregisterServiceWorkers();
  await import('react-dom/client');
  await nextTask();
  const { mount } = await import('./mount.tsx');
  await nextTask();
  await mount(boot, manifest, container);
}
