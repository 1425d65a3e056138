// The colour-mode choice and the script that applies it before first paint. The script is inline in the
// head (so no flash), tiny, and static: its hash can be allowed by a Content-Security-Policy.
export type ColorMode = 'light' | 'dark' | 'system';
export const COLOR_MODE_KEY = 'storefront-color-mode';

export const colorModeScript = `(function(){try{var m=localStorage.getItem('${COLOR_MODE_KEY}');var d=m==='dark'||(m==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.dataset.theme=d?'dark':'light'}catch(e){}})()`;
