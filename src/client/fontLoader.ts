// The script that turns Inter on. Every request that starts before a page's largest paint competes with it
// for a slow connection, and the font (15 KB) was the largest of them: Lighthouse put the home page's largest
// paint at 1,230 ms with the font preloaded and at 930 ms with it requested after the page's `load` event
// (docs/decisions.md). So on a visitor's first page the text shows in the fallback face (Arial resized to
// Inter's metrics: nothing moves) and Inter comes after `load`; once this browser has loaded that file, every
// page turns Inter on before its first paint, from the browser's cache. Inline in the head, static (the file
// comes from the element's data-font-file), so one CSP hash allows it on every page.
export const FONT_KEY = 'storefront-font';

export const fontScript = `(function(){var h=document.documentElement,u=document.currentScript.dataset.fontFile,k='${FONT_KEY}';function on(){h.dataset.font='inter'}try{if(localStorage.getItem(k)===u)return on()}catch(e){}addEventListener('load',function(){setTimeout(function(){on();document.fonts.load('1em Inter').then(function(f){if(f.length)try{localStorage.setItem(k,u)}catch(e){}},function(){})})},{once:true})})()`;
