// The agency's address as text, with a button that copies it: for buyers whose mail link opens no app (a
// webmail user, a shared computer). The text stays selectable (one click selects it all) for browsers
// without clipboard access; the polite live region says what happened either way. The footer's is
// prerendered markup that React does not own, so every copy button on a page works through one listener on
// the document (copyButtons.ts, in Layout), and the markup is the same wherever it is rendered.

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
