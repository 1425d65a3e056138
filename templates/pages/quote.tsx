// /quote/: how ordering works, and the visitor's quote basket on a page of its own, to read at leisure or to open
// from a shared link (/quote/#q=…, share.ts). The explanation is prerendered; the basket is the visitor's, kept in
// their browser, so it is drawn once the client has started (at once on this page when there is a basket or a
// shared link: src/client/clientLoader.ts).
import { useEffect, useRef, useState } from 'react';
import { Link, useSite, type Page } from '../../src/client/api.ts';
import type { SiteShell } from '../../src/model/shell.ts';
import { Layout } from '../components/Layout.tsx';
import { servicesText } from '../components/QuoteButton.tsx';
import { breadcrumb, organization, pageHead } from '../head.ts';
import { leftOutText, offeredLines, QuoteBasket } from '../quote/QuotePanel.tsx';
import { lineOf, type QuoteItem } from '../quote/services.ts';
import { sharedLines } from '../quote/share.ts';
import { basketStore, linesOf, readQuote, writeQuote, type QuoteLine } from '../quote/store.ts';

export const paths = ['/quote'];
export const pages = () => [{ route: '/quote/' }];
export const head = (page: Page, site: SiteShell) =>
  pageHead(page, site, {
    title: `Your quote | ${site.brand}`,
    description: `How ordering from ${site.brand} works: add services to a quote, choose options and quantities, and send the list by e-mail or chat for a firm price.`,
    // The agency the quote is asked of, and where the page sits.
    jsonLd: [organization(site), breadcrumb(site, [{ name: 'Home', route: '/' }, { name: 'Your quote', route: page.route }])],
  });

const sameLines = (a: readonly QuoteLine[], b: readonly QuoteLine[]) => JSON.stringify(a) === JSON.stringify(b);

export default function Quote() {
  const site = useSite();
  return (
    <Layout>
      <div className="container page quote-page">
        <h1 className="page-title" id="quote-page-title" tabIndex={-1}>
          Your quote
        </h1>
        <ol className="quote-steps">
          <li>
            <strong>Add</strong> the services you want with “Add to quote”, on any service or in any list.
          </li>
          <li>
            <strong>Choose</strong> options and quantities here. Prices are starting prices.
          </li>
          <li>
            <strong>Send</strong> the list by e-mail or chat: your own app opens with the message, and nothing is sent from this site. We reply with a firm quote.
          </li>
        </ol>
        <QuoteOnPage email={site.contact.email} />
      </div>
    </Layout>
  );
}

/** A shared quote the visitor may take instead of their own, which it would replace. */
interface Offer {
  items: QuoteItem[];
  mine: number;
}

function QuoteOnPage({ email }: { email: string }) {
  // Drawn once hydrated: the server and the first render cannot know the visitor's basket.
  const [started, setStarted] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [offer, setOffer] = useState<Offer>();
  // While a shared link's services are looked up: the basket shows as loading, not as it was before the link.
  const [receiving, setReceiving] = useState(false);
  const title = useRef<HTMLElement>(null);
  useEffect(() => {
    title.current = document.getElementById('quote-page-title');
    // On load, and when a shared link is followed from this very page (the browser then only changes the hash).
    const receive = async () => {
      if (!/(^#|&)q=/.test(location.hash)) return;
      setReceiving(true);
      await readShared(location.hash).finally(() => setReceiving(false));
    };
    const readShared = async (hash: string) => {
      const lines = sharedLines(hash, { linesOf });
      // The link has done its work: a reload keeps the visitor's quote as it is now, not as it was shared.
      history.replaceState(history.state, '', location.pathname + location.search);
      setOffer(undefined);
      setNotice(undefined);
      if (!lines.length) return setNotice('This link holds no quote we can read. Your own quote is unchanged.');
      // What the link names as this site offers it now, before anything is offered or kept.
      const items = await offeredLines(lines);
      if (items === 'failed') return setNotice('The shared quote could not be loaded. Check your connection, then open the link again. Your own quote is unchanged.');
      const gone = new Set(lines.map((l) => l.id)).size - new Set(items.map((i) => i.id)).size;
      const goneText = gone ? ` ${leftOutText(gone, ' in it')}` : '';
      if (!items.length) return setNotice(`The services in this link are no longer offered. Your own quote is unchanged.`);
      const shared = items.map(lineOf);
      const mine = readQuote();
      if (!mine.length || sameLines(mine, shared)) {
        writeQuote(shared);
        setNotice(`This quote was shared with you: ${servicesText(shared.length)}. It is your quote now, kept in this browser.${goneText}`);
      } else {
        setOffer({ items, mine: mine.length });
        if (goneText) setNotice(goneText.trim());
      }
    };
    void receive();
    setStarted(true);
    const again = () => void receive();
    addEventListener('hashchange', again);
    return () => removeEventListener('hashchange', again);
  }, []);

  const take = (items: QuoteItem[] | undefined) => {
    if (items) writeQuote(items.map(lineOf));
    setOffer(undefined);
    setNotice(items ? 'The shared quote is your quote now.' : 'You kept your own quote.');
    // The buttons go with the offer: focus goes to the page's title, as after a line is removed.
    title.current?.focus();
  };

  if (!started)
    return (
      <>
        {/* Until the client starts (at once when a basket is kept): "Loading" of a kept basket, which the start
            script marks on <html>, "Nothing here yet" of none, and neither without JavaScript (quote.css). */}
        <p className="quote-empty quote-none">Nothing here yet. Use “Add to quote” on any service, then send us the whole list in one message.</p>
        <p className="quote-empty quote-loading">Loading your quote…</p>
        <noscript>
          <p className="quote-empty">
            Showing your quote needs JavaScript. You can also write to us at <a href={`mailto:${email}`}>{email}</a> with the services you want.
          </p>
        </noscript>
      </>
    );
  return (
    <>
      {offer && (
        <div className="quote-offer" role="group" aria-labelledby="quote-offer-text">
          <p id="quote-offer-text">
            {`A quote was shared with you: ${servicesText(offer.items.length)}. Taking it replaces your own quote of ${servicesText(offer.mine)}.`}
          </p>
          <ul className="quote-offer-lines">
            {offer.items.map((item) => (
              <li key={`${item.id} ${item.option ?? ''}`}>
                {item.name}
                {item.option ? ` (${item.option})` : ''}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''}
              </li>
            ))}
          </ul>
          <p className="quote-offer-actions">
            <button type="button" className="button button-primary" onClick={() => take(offer.items)}>
              Take the shared quote
            </button>
            <button type="button" className="button button-secondary" onClick={() => take(undefined)}>
              Keep mine
            </button>
          </p>
        </div>
      )}
      <QuoteBasket store={basketStore} title={title} notice={notice} busy={receiving} />
      <p className="quote-more">
        <Link to="/sitemap/">Browse every service</Link>
      </p>
    </>
  );
}
