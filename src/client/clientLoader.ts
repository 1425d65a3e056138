// The client starts in two steps, once the visitor shows an intent to interact: the prerendered page is
// complete without it (links are plain links, forms plain forms), so a visitor who only reads loads no
// script, and no script competes with what the visitor sees first (Lighthouse counts every request that
// started before the largest paint against LCP). An intent is a pointer moving or pressing, a touch, a key,
// focus moving or the page scrolling: on a phone the first scroll, on a desktop the first mouse move, comes
// well before the first tap or click. It starts at once (after the first paint) where the page shows
// something only the client can draw or keep right: a page kind that draws from the address's query when it
// has one (search results: the boot data's `start`), a #hash target to hold in view while the page settles, a
// quote basket kept from an earlier visit (the header's count), a performance reporter to feed; and on every
// later page of a tab in which it has started (the visitor is interacting: a page reloaded after a failed
// chunk, a form sent before hydration).
// 1. clientStartScript, inline in every page: waits for that, for `load` and for the paint timing entry
//    (`load` and even the next frame come before the paint is on screen), then imports the loader named on
//    the boot element. A browser without paint timing, or a tab opened in the background, which does not
//    paint, goes on three seconds after `load`. A click on a button (`type=button`: nothing a page without
//    the client can do), or on a service page's mail link once another option is chosen in its select
//    (#quote-option, templates/components/AddToQuote.tsx) than the first, which the link's address names,
//    before the client has hydrated is held and clicked again once it has (`window.storefrontReplay`, called
//    by ReplayEarlyClicks in HydrationProbe.tsx), so the first tap on "Add to quote" or the menu is not lost,
//    nor the option chosen.
// 2. clientLoaderScript, a hashed file of its own (src/build/shell.ts), the same for the whole site: every
//    route kind's modules and the client's manifest. It requests everything the page's kind needs at once, so
//    none waits for the entry to arrive and ask for it, then starts the entry. In each page, with the module
//    list, it was 1.2 KB more (12 MB of output at 10,000 services); as a file, it costs one small request,
//    cached for good after the first page.
import type { ClientManifest } from './manifest.ts';
import { QUOTE_STORAGE_KEY } from './quoteStorage.ts';

/** sessionStorage: the client has started in this tab, so its later pages start it at once. */
const STARTED_KEY = 'storefront-started';

/** The events that show an intent to interact, listened for on the window until the client starts. */
const INTENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'];

/** The same text on every page, so the Content-Security-Policy needs one hash for it. */
export const clientStartScript = [
  // l: loaded, p: painted, w: wanted, s: started, n: failed starts, q: held clicks and keys, E: intents, B: the
  // boot element, b: its data, T: the tab's marker. Short names: it is in every page.
  `(function(){var l,p,w,s,n=0,q=[],d=document,A=addEventListener,P=window.PerformanceObserver,E=${JSON.stringify(INTENTS)},B=d.getElementById('storefront-boot'),b=JSON.parse(B.textContent),T='${STARTED_KEY}';`,
  // A basket kept from before marks <html>: the quote page says "Loading your quote…" until the client shows it.
  `try{localStorage.getItem('${QUOTE_STORAGE_KEY}')&&(d.documentElement.dataset.quoteKept='')}catch(e){}`,
  "function go(){if(s||!l||!p)return;if(!w)w=b.start&&location.search||location.hash||window.storefrontReportPerformance;",
  `if(!w)try{w=localStorage.getItem('${QUOTE_STORAGE_KEY}')||sessionStorage.getItem(T)}catch(e){}if(!w)return;`,
  "s=1;E.forEach(function(t){removeEventListener(t,want,true)});try{sessionStorage.setItem(T,1)}catch(e){}setTimeout(function(){import(B.dataset.loader+(n?'?'+n:'')).catch(retry)})}",
  // A start that failed (the network dropped, a chunk is missing) is tried again at the next intent, a second on,
  // so that the clicks held meanwhile are not lost for good; the loader under another name, as the browser keeps
  // a module that ran, and one whose import of the entry failed, as it failed.
  "function retry(){setTimeout(function(){s=0;n++;E.forEach(arm)},1e3)}",
  'function want(){w=1;go()}',
  'function arm(t){A(t,want,{capture:true,passive:true})}',
  'E.forEach(arm);',
  "A('click',function(e){var b=!d.documentElement.dataset.hydrated&&e.target.closest&&e.target.closest('button[type=button],a[data-quote-contact=mail]');if(b&&(b.tagName=='BUTTON'||(d.getElementById('quote-option')||{}).selectedIndex)){e.preventDefault();e.stopImmediatePropagation();q.indexOf(b)<0&&q.push(b);want()}},true);",
  // Arrow Down on a disclosure's button (Categories) opens it and moves into it: held and pressed again too.
  "A('keydown',function(e){var b=!d.documentElement.dataset.hydrated&&e.key=='ArrowDown'&&e.target.closest&&e.target.closest('button[aria-expanded]');if(b){e.preventDefault();q.push([b,e.key]);want()}},true);",
  "window.storefrontReplay=function(){var b=q;q=[];b.forEach(function(x){x[1]?x[0].isConnected&&x[0].dispatchEvent(new KeyboardEvent('keydown',{key:x[1],bubbles:!0})):x.isConnected&&x.click()})};",
  "A('load',function(){l=1;go();setTimeout(function(){p=1;go()},3e3)},{once:true});",
  "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(e,o){if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();p=1;go()}}).observe({type:'paint',buffered:true});",
  'else p=1})()',
].join('');

export interface ClientLoaderConfig {
  /** The client entry, imported last; it exports start(manifest). */
  entry: string;
  /** Module chunks every page kind needs before it can hydrate: the entry's imports and the shared chunks. */
  common: string[];
  /** Those each page kind needs besides: its own chunk and what it imports. */
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
    "q=c.common.concat(c.preload[JSON.parse(document.getElementById('storefront-boot').textContent).kind]||[]).map(x=>[x]).concat(c.fetches.map(x=>[x,1]));",
    // Starting a request costs the main thread a millisecond or two on a slow phone: four per task, so
    // preloading a dozen chunks is not one long task.
    "await new Promise(r=>{(function next(){q.splice(0,4).forEach(x=>{var l=document.createElement('link');if(x[1]){l.rel='preload';l.as='fetch';l.crossOrigin='anonymous'}else l.rel='modulepreload';l.href=x[0];document.head.appendChild(l)});",
    'q.length?setTimeout(next,0):r()})()});',
    // Awaited, so that the start script hears of an entry that failed to load and tries again; started a task
    // later, so that an error while hydrating is not taken for one (a second start would hydrate twice).
    'var e=await import(c.entry);setTimeout(()=>e.start(c.manifest))',
  ].join('');
