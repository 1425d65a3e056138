// The agency's address as text, with a button that copies it: for buyers whose mail link opens no app (a
// webmail user, a shared computer). The text stays selectable (one click selects it all) for browsers
// without clipboard access; the polite live region says what happened either way. The footer's is
// prerendered markup that React does not own, so every copy button on a page works through one listener on
// the document (useCopyButtons, in Layout), and the markup is the same wherever it is rendered.
import { useEffect } from 'react';

const COPIED = 'Address copied';
const SELECTED = 'Address selected: press Ctrl+C or ⌘C to copy';
/** The note is cleared after this long, so a second copy is announced again and the note does not linger. */
const NOTE_MS = 4000;

/** `id` names the address for the button's description: one per page, as the footer and a contact card each have one. */
export function CopyAddress({ email, id }: { email: string; id: string }) {
  return (
    <p className="copy-address">
      <span className="copy-address-text" id={id}>
        {/* In a narrow column, the address breaks after its "@" rather than anywhere. */}
        {email.slice(0, email.lastIndexOf('@') + 1)}
        <wbr />
        {email.slice(email.lastIndexOf('@') + 1)}
      </span>
      <button type="button" className="copy-address-button" aria-describedby={id}>
        {/* The icon: drawn by the stylesheet (base.css), not written twice into every page. */}
        <span className="icon icon-copy" />
        Copy<span className="visually-hidden"> address</span>
      </button>
      <span role="status" className="copy-address-status" />
    </p>
  );
}

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
