// The application shell shared by server and browser: providers, the route, the loading spinner, and the
// error boundary that turns a failed chunk load into a message with a retry.
import { Suspense } from 'react';
import type { SiteShell } from '../model/shell.ts';
import { HydrationProbe } from './HydrationProbe.tsx';
import { ClientNavigation } from './links.tsx';
import { LoadErrorBoundary } from './LoadErrorBoundary.tsx';
import { Navigate, useLocation } from './location.tsx';
import { RouteView } from './RouteView.tsx';
import { PageSourceContext, SiteContext, usePageSource, type PageSource } from './runtime.tsx';
import { Spinner } from './Spinner.tsx';

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

/** The page of the current location; an unknown path goes to the 404 page. */
function CurrentRoute() {
  const { pathname } = useLocation();
  const { routes } = usePageSource();
  const match = routes.match(pathname);
  if (!match) return <Navigate to={routes.notFound.route} replace />;
  return <RouteView kind={match.kind} params={match.params} />;
}
