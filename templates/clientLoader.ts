// Starts the React client only once the page has loaded (HTML, styles, the font, images above the fold) and
// its first contentful paint has reached the screen: the prerendered page is complete without the client, so
// no script or JSON competes with what the visitor sees first. `load` and even the next frame come before the
// paint is on screen (rasterising the first frame takes a while on a slow phone), so the loader waits for the
// paint timing entry, which arrives once the frame is presented (Lighthouse counts every request that finished
// before the first paint against FCP and LCP). A browser without paint timing, or a tab opened in the
// background, which does not paint, starts three seconds after `load`.
// The same text on every page, so the Content-Security-Policy needs one hash for it. The URLs come from the
// boot element: data-modules, the entry first and then the chunks it will need; data-fetches, the JSON it reads
// before hydrating. All are requested before the entry runs, so none waits for the entry to arrive and ask for it.
export const clientLoaderScript = [
  '(function(){var loaded,painted,started,P=window.PerformanceObserver;',
  'function start(){if(started||!loaded||!painted)return;started=1;setTimeout(function(){',
  "var b=document.getElementById('storefront-boot').dataset,m=b.modules.split(' '),f=b.fetches?b.fetches.split(' '):[],q=[],i;",
  'for(i=1;i<m.length;i++)q.push([m[i]]);for(i=0;i<f.length;i++)q.push([f[i],1]);',
  // Starting a request costs the main thread a millisecond or two on a slow phone: four per task, so
  // preloading a dozen chunks is not one long task.
  "(function next(){q.splice(0,4).forEach(function(x){var l=document.createElement('link');if(x[1]){l.rel='preload';l.as='fetch';l.crossOrigin='anonymous'}else l.rel='modulepreload';l.href=x[0];document.head.appendChild(l)});",
  'if(q.length)setTimeout(next,0);else import(m[0])})()})}',
  "addEventListener('load',function(){loaded=1;start();setTimeout(function(){painted=1;start()},3e3)},{once:true});",
  "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();painted=1;start()}}).observe({type:'paint',buffered:true});",
  'else painted=1})()',
].join('');
