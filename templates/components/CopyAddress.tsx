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
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <rect x="8" y="8" width="12" height="12" rx="2" />
          <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
        </svg>
        Copy<span className="visually-hidden"> address</span>
      </button>
      <span role="status" className="copy-address-status">
        {status}
      </span>
    </p>
  );
}
