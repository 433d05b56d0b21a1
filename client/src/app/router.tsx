import { matchPattern, matchRoute, ROUTES } from '@common/routes';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { RouteParams, useLocation } from '@/lib/router';
import { AppLayout } from './layout/app-layout';
import { ForumPage, LandingPage, PAGES } from './pages';
import { RouteGate } from './route-gate';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

for (const r of ROUTES) if (!PAGES[r.path]) throw new Error(`No page for route ${r.path}`);

/**
 * The route table of common/routes.ts inside the layout, each page behind its access class; any
 * other path is the 404 page. A page that crashes or whose chunk does not arrive shows the error
 * page inside the layout, until the next navigation.
 */
export function AppRoutes({ notFoundAt }: { notFoundAt?: string }) {
  const { pathname } = useLocation();
  const route = pathname === notFoundAt ? undefined : matchRoute(pathname);
  const page = route && PAGES[route.path];
  return (
    <AppLayout>
      <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
        {route && page ? (
          <RouteParams params={matchPattern(route.path, pathname) ?? {}}>
            <RouteGate access={route.access} page={page} />
          </RouteParams>
        ) : (
          <NotFoundPage missingPath={pathname} />
        )}
      </ErrorBoundary>
    </AppLayout>
  );
}

/**
 * Starts loading the first page's chunk alongside the auth check instead of after it. For '/' both
 * candidates load: the landing page for guests and the forum list for members. Resolves when the
 * chunk is there (hydration waits for it, so the server's markup is kept as it is).
 */
export function preloadPage(pathname: string, signedIn?: boolean): Promise<unknown> {
  const route = matchRoute(pathname);
  const page = route && PAGES[route.path];
  if (page === 'home') {
    if (signedIn === undefined) return Promise.all([LandingPage.preload(), ForumPage.preload()]);
    return signedIn ? ForumPage.preload() : LandingPage.preload();
  }
  return page ? page.preload() : Promise.resolve();
}
