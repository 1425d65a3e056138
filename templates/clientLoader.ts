// Starts the React client only once the page has loaded (HTML, styles, the font, images above the fold) and
// been painted: the prerendered page is complete without it, so no script competes with what the visitor
// sees first. On a small page `load` can fire before the first paint; a frame and a task later the page has
// painted (Lighthouse counts every request started before the first paint against FCP and LCP). The same
// text on every page, so the Content-Security-Policy needs one hash for it. The URLs come from the boot
// element: data-modules, the entry first and then the chunks it will need; data-fetches, the JSON it reads
// before hydrating. All are requested at once, so none waits for the entry to arrive and ask for it.
export const clientLoaderScript = `addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(function(){var b=document.getElementById('storefront-boot').dataset,m=b.modules.split(' '),f=b.fetches?b.fetches.split(' '):[],i,l;for(i=1;i<m.length;i++){l=document.createElement('link');l.rel='modulepreload';l.href=m[i];document.head.appendChild(l)}for(i=0;i<f.length;i++){l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=f[i];document.head.appendChild(l)}import(m[0])})})},{once:true})`;
