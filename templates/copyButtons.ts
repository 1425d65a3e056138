// What makes every copy button of the page work (components/CopyAddress.tsx): one click listener on the document,
// since the footer's button is prerendered markup that React does not own. A module of its own: every page
// needs it, but only a service page's contact card draws the button in the browser.
import { useEffect } from 'react';

const COPIED = 'Address copied';
const SELECTED = 'Address selected: press Ctrl+C or ⌘C to copy';
/** The note is cleared after this long, so a second copy is announced again and the note does not linger. */
const NOTE_MS = 4000;

/** Makes the page's copy buttons work while it is shown: one click listener on the document. */
export function useCopyButtons() {
  useEffect(() => {
    const timers = new Map<Element, ReturnType<typeof setTimeout>>();
    const say = (status: Element, note: string) => {
      clearTimeout(timers.get(status));
      status.textContent = note;
      if (note) timers.set(status, setTimeout(() => say(status, ''), NOTE_MS));
    };
    const onClick = (event: MouseEvent) => {
      const box = event.target instanceof Element ? event.target.closest('.copy-address-button')?.closest('.copy-address') : null;
      const text = box?.querySelector('.copy-address-text');
      const status = box?.querySelector('.copy-address-status');
      if (!text || !status) return;
      const select = () => {
        getSelection()?.selectAllChildren(text);
        say(status, SELECTED);
      };
      say(status, '');
      // No clipboard outside secure contexts, or refused by the browser: select the text instead.
      if (!navigator.clipboard) return select();
      navigator.clipboard.writeText(text.textContent ?? '').then(() => say(status, COPIED), select);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);
}
