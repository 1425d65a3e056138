// The colour-mode choice and the script that applies it before first paint. The script is inline in the
// head (so no flash), tiny, and static: its hash can be allowed by a Content-Security-Policy. It also follows
// the operating system's setting live while the choice is "system": the listener lives here, not in a
// component, so it works on every page from the first paint, whether or not the switch is rendered (on
// phones it sits in the closed menu).
export type ColorMode = 'light' | 'dark' | 'system';
export const COLOR_MODE_KEY = 'storefront-color-mode';
const DARK = '(prefers-color-scheme: dark)';

// It also marks the choice on <html> (data-color-mode), so the header's mode icon is right from the first
// paint, before the client starts (base.css). A function, so that the client bundle, which never calls it, can
// leave it out: esbuild keeps an unused template literal with substitutions (about 200 bytes brotli).
// Once the page is parsed, the switches' selects show the choice too (the server renders "light"): a screen
// reader, which may never start the client, read "Light" on a page shown dark. And a choice made in one before
// the client has started is applied and kept at once, every switch showing it: the client took a choice of
// Light over a stored Dark for no choice at all, and put Dark back. A page is printed in light mode whatever is
// shown: dark mode's light grey text came out at 2.6:1 on white paper, the backgrounds being left out.
export const colorModeScript = () =>
  `(function(){try{var q=matchMedia('${DARK}'),d=document,h=d.documentElement,S='select[aria-label="Colour mode"]',t=function(m){h.dataset.colorMode=m==='dark'||m==='system'?m:'light';h.dataset.theme=m==='dark'||(m==='system'&&q.matches)?'dark':'light'},a=function(){try{t(localStorage.getItem('${COLOR_MODE_KEY}'))}catch(e){}},v=function(){d.querySelectorAll(S).forEach(function(s){s.value=h.dataset.colorMode})};a();q.addEventListener('change',a);d.addEventListener('DOMContentLoaded',v);d.addEventListener('change',function(e){if(h.dataset.hydrated||!e.target.matches(S))return;t(e.target.value);v();try{localStorage.setItem('${COLOR_MODE_KEY}',h.dataset.colorMode)}catch(x){}});addEventListener('beforeprint',function(){h.dataset.theme='light'});addEventListener('afterprint',function(){t(h.dataset.colorMode)})}catch(e){}})()`;

/** The stored choice; "light" (the default) when there is none or storage is blocked. */
export function storedColorMode(): ColorMode {
  try {
    const stored = localStorage.getItem(COLOR_MODE_KEY);
    return stored === 'dark' || stored === 'system' ? stored : 'light';
  } catch {
    return 'light';
  }
}

/** Keeps the choice and applies it at once; the head script's listener applies later changes of the system's. */
export function chooseColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Storage blocked: the choice still applies to this page.
  }
  const dark = mode === 'dark' || (mode === 'system' && matchMedia(DARK).matches);
  document.documentElement.dataset.colorMode = mode;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}
