// The script that turns Inter on. Every request that starts before a page's largest paint competes with it
// for a slow connection, and the font (15 KB) was the largest of them: Lighthouse put the home page's largest
// paint at 1,230 ms with the font preloaded and at 930 ms with it requested after the page's `load` event
// (docs/decisions.md). So a visitor's first page shows its text in the fallback face (Arial resized to Inter's
// metrics: nothing moves) and fetches Inter after `load` without using it: turning it on there laid the whole
// page out again, a long task on a phone while the visitor reads (most of the home page's Total Blocking Time).
// Every page after that turns Inter on before its first paint, from the browser's cache, and so does the first
// link followed inside the page (`window.storefrontFont`, links.tsx). Where storage is blocked no later page
// can know the file is cached: there Inter comes on after `load`, on every page. Inline in the head, static
// (the file comes from the element's data-font-file), so one CSP hash allows it on every page.
export const FONT_KEY = 'storefront-font';

// After `load`, the script waits for the largest paint the browser has seen (Chrome and Firefox report it; a
// page whose image painted after `load` would otherwise still share the connection with the font), then a frame;
// at most 3 s, as in a tab nobody looks at, which records no paint.
export const fontScript = `(function(){var h=document.documentElement,u=document.currentScript.dataset.fontFile,k='${FONT_KEY}',P=window.PerformanceObserver,d;function on(){h.dataset.font='inter'}function get(){if(d)return;d=1;document.fonts.load('1em Inter').then(function(f){if(!f.length)return;window.storefrontFont=on;try{localStorage.setItem(k,u)}catch(e){on()}},function(){})}try{if(localStorage.getItem(k)===u)return on()}catch(e){}addEventListener('load',function(){setTimeout(get,3e3);if(P&&(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0)new P(function(l,o){o.disconnect();requestAnimationFrame(function(){setTimeout(get)})}).observe({type:'largest-contentful-paint',buffered:true});else setTimeout(get)},{once:true})})()`;
