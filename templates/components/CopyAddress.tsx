// The agency's address as text, with a button that copies it: for buyers whose mail link opens no app (a
// webmail user, a shared computer). The text stays selectable (one click selects it all) for browsers
// without clipboard access; the polite live region says what happened either way.
import { useEffect, useId, useRef, useState } from 'react';

const COPIED = 'Address copied';
const SELECTED = 'Address selected: press Ctrl+C or ⌘C to copy';

export function CopyAddress({ email }: { email: string }) {
  const [status, setStatus] = useState('');
  const text = useRef<HTMLSpanElement>(null);
  const id = useId();
  // Cleared after a while, so a second copy is announced again and the note does not linger.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const select = () => {
    if (text.current) getSelection()?.selectAllChildren(text.current);
    setStatus(SELECTED);
  };
  const copy = () => {
    setStatus('');
    // No clipboard outside secure contexts, or refused by the browser: select the text instead.
    if (!navigator.clipboard) return select();
    navigator.clipboard.writeText(email).then(() => setStatus(COPIED), select);
  };

  return (
    <p className="copy-address">
      <span className="copy-address-text" id={id} ref={text}>
        {/* In a narrow column, the address breaks after its "@" rather than anywhere. */}
        {email.slice(0, email.lastIndexOf('@') + 1)}
        <wbr />
        {email.slice(email.lastIndexOf('@') + 1)}
      </span>
      <button type="button" className="copy-address-button" aria-describedby={id} onClick={copy}>
        {/* The icon: drawn by the stylesheet (base.css), not written twice into every page. */}
        <span className="icon icon-copy" />
        Copy<span className="visually-hidden"> address</span>
      </button>
      <span role="status" className="copy-address-status">
        {status}
      </span>
    </p>
  );
}
