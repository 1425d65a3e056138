// The client starts in two steps, only once the page has loaded (HTML, styles, the font, images above the
// fold) and its first contentful paint has reached the screen: the prerendered page is complete without the
// client, so no script or JSON competes with what the visitor sees first (Lighthouse counts every request
// that finished before the first paint against FCP and LCP).
// 1. clientStartScript, inline in every page: waits for `load` and for the paint timing entry (`load` and even
//    the next frame come before the paint is on screen: rasterising the first frame takes a while on a slow
//    phone), then imports the loader named on the boot element. A browser without paint timing, or a tab
//    opened in the background, which does not paint, goes on three seconds after `load`.
// 2. clientLoaderScript, a hashed file of its own (src/build/shell.ts), the same for the whole site: every
//    route kind's modules and the client's manifest. It requests everything the page's kind needs at once, so
//    none waits for the entry to arrive and ask for it, then starts the entry. In each page, with the module
//    list, it was 1.2 KB more (12 MB of output at 10,000 services); as a file, it costs one small request after
//    the first paint, cached for good after the first page.
import type { ClientManifest } from './manifest.ts';

/** The same text on every page, so the Content-Security-Policy needs one hash for it. */
export const clientStartScript = [
  // l: loaded, p: painted, s: started, P: PerformanceObserver. Short names: the script is in every page.
  '(function(){var l,p,s,P=window.PerformanceObserver;',
  "function go(){if(s||!l||!p)return;s=1;setTimeout(function(){import(document.getElementById('storefront-boot').dataset.loader)})}",
  "addEventListener('load',function(){l=1;go();setTimeout(function(){p=1;go()},3e3)},{once:true});",
  "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(e,o){if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();p=1;go()}}).observe({type:'paint',buffered:true});",
  'else p=1})()',
].join('');

export interface ClientLoaderConfig {
  /** The client entry, imported last; it exports start(manifest). */
  entry: string;
  /** Module chunks each page kind needs before it can hydrate: the entry's imports and the kind's own chunk. */
  preload: Record<string, string[]>;
  /** JSON the client fetches before it hydrates (the site shell). */
  fetches: string[];
  /** Handed to the entry. */
  manifest: ClientManifest;
}

/** A module (imported by clientStartScript) that needs no export: it runs once. */
export const clientLoaderScript = (config: ClientLoaderConfig) =>
  [
    `var c=${JSON.stringify(config)},`,
    "m=c.preload[JSON.parse(document.getElementById('storefront-boot').textContent).kind]||[],q=[],i;",
    'for(i=0;i<m.length;i++)q.push([m[i]]);for(i=0;i<c.fetches.length;i++)q.push([c.fetches[i],1]);',
    // Starting a request costs the main thread a millisecond or two on a slow phone: four per task, so
    // preloading a dozen chunks is not one long task.
    "(function next(){q.splice(0,4).forEach(function(x){var l=document.createElement('link');if(x[1]){l.rel='preload';l.as='fetch';l.crossOrigin='anonymous'}else l.rel='modulepreload';l.href=x[0];document.head.appendChild(l)});",
    'if(q.length)setTimeout(next,0);else import(c.entry).then(function(e){e.start(c.manifest)})})()',
  ].join('');
