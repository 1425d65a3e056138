// The application shell shared by server and browser: providers, the route table, the loading spinner,
// and the error boundary that turns a failed chunk load into a message with a retry.
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SiteShell } from '../src/model/pages.ts';
import { PageSourceContext, SiteContext, type PageSource } from '../src/client/runtime.tsx';
import { HydrationProbe } from '../src/client/HydrationProbe.tsx';
import { ClientNavigation } from './components/links.tsx';
import { LoadErrorBoundary } from './components/LoadErrorBoundary.tsx';
import { RouteView } from './components/RouteView.tsx';
import { Spinner } from './components/Spinner.tsx';
import { routes } from '../src/model/routes.ts';
import { matchRoute } from './routes.ts';

export interface AppProps {
  site: SiteShell;
  source: PageSource;
  /** Called when the user asks to retry a failed load. */
  onRetry?: () => void;
}

export function App({ site, source, onRetry }: AppProps) {
  return (
    <SiteContext value={site}>
      <PageSourceContext value={source}>
        <LoadErrorBoundary onRetry={onRetry}>
          <Suspense fallback={<Spinner />}>
            <CurrentRoute />
          </Suspense>
        </LoadErrorBoundary>
        {/* Inside the shared tree, so server and client trees have the same shape (useId depends on it). */}
        <HydrationProbe />
        <ClientNavigation />
      </PageSourceContext>
    </SiteContext>
  );
}

/** The page of the current location; an unknown path goes to /404/. */
function CurrentRoute() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match) return <Navigate to={routes.notFound()} replace />;
  return <RouteView kind={match.kind} params={match.params} />;
}
