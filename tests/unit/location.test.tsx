// The location on the server (src/client/location.tsx): the prerendered page's route in React Router's
// shape, no navigation. The browser's store is exercised by the e2e tests (links, Back and Forward, the
// search page's address, the 404 redirect).
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Navigate, StaticLocation, useLocation, useNavigate } from '../../src/client/location.tsx';

function ShowLocation() {
  return <output>{JSON.stringify(useLocation())}</output>;
}

const shown = (html: string) => JSON.parse(/<output>(.*)<\/output>/.exec(html)![1]!.replace(/&quot;/g, '"')) as unknown;

describe('StaticLocation', () => {
  it('gives the page its route, with no query, hash or state, and the key of a loaded page', () => {
    const html = renderToString(
      <StaticLocation route="/service/fast-track/listing-1/">
        <ShowLocation />
      </StaticLocation>,
    );
    expect(shown(html)).toEqual({ pathname: '/service/fast-track/listing-1/', search: '', hash: '', state: null, key: 'default' });
  });

  it('renders Navigate as nothing: the server has nowhere to go', () => {
    const html = renderToString(
      <StaticLocation route="/nowhere/">
        <Navigate to="/404/" replace />
        <p>after</p>
      </StaticLocation>,
    );
    expect(html).toBe('<p>after</p>');
  });

  it('refuses navigation while prerendering', () => {
    function NavigateNow() {
      useNavigate()('/elsewhere/');
      return null;
    }
    expect(() =>
      renderToString(
        <StaticLocation route="/">
          <NavigateNow />
        </StaticLocation>,
      ),
    ).toThrow(/navigate\(\) called while prerendering/);
  });

  it('is required: the hooks say so outside it', () => {
    expect(() => renderToString(<ShowLocation />)).toThrow(/outside a location provider/);
  });
});
