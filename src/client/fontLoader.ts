// The script that turns Inter on. Every request that starts before a page's largest paint competes with it
// for a slow connection, and the font (15 KB) was the largest of them: Lighthouse put the home page's largest
// paint at 1,230 ms with the font preloaded and at 930 ms with it requested after the page's `load` event
// (docs/decisions.md). So on a visitor's first page the text shows in the fallback face (Arial resized to
// Inter's metrics: nothing moves) and Inter comes after `load`; once this browser has loaded that file, every
// page turns Inter on before its first paint, from the browser's cache. Inline in the head, static (the file
// comes from the element's data-font-file), so one CSP hash allows it on every page.
export const FONT_KEY = 'storefront-font';

// After `load`, the script waits for the largest paint the browser has seen (Chrome and Firefox report it; a
// page whose image painted after `load` would otherwise still share the connection with the font), then a frame;
// at most 3 s, as in a tab nobody looks at, which records no paint.
export const fontScript = `(function(){var h=document.documentElement,u=document.currentScript.dataset.fontFile,k='${FONT_KEY}',P=window.PerformanceObserver,d;function on(){if(d)return;d=1;h.dataset.font='inter';document.fonts.load('1em Inter').then(function(f){if(f.length)try{localStorage.setItem(k,u)}catch(e){}},function(){})}try{if(localStorage.getItem(k)===u)return on()}catch(e){}addEventListener('load',function(){setTimeout(on,3e3);if(P&&(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0)new P(function(l,o){o.disconnect();requestAnimationFrame(function(){setTimeout(on)})}).observe({type:'largest-contentful-paint',buffered:true});else setTimeout(on)},{once:true})})()`;
