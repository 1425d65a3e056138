// Starts the React client only once the page has loaded (HTML, styles, the font, images above the fold) and
// been painted: the prerendered page is complete without it, so no script competes with what the visitor
// sees first. On a small page `load` can fire before the first paint; a frame and a task later the page has
// painted (Lighthouse counts every request started before the first paint against FCP and LCP). The same
// text on every page, so the Content-Security-Policy needs one hash for it. The module URLs come from the
// boot element's data-modules: the entry first, then the chunks it will need, preloaded in parallel.
export const clientLoaderScript = `addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(function(){var m=document.getElementById('storefront-boot').dataset.modules.split(' ');for(var i=1;i<m.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.href=m[i];document.head.appendChild(l)}import(m[0])})})},{once:true})`;
