import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { matchRoute, ROUTES } from '@common/routes';
import { AppLayout } from './layout/app-layout';
import { ForumPage, LandingPage, PAGES } from './pages';
import { RouteGate } from './route-gate';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

function CatchAll() {
  const { pathname } = useLocation();
  return <NotFoundPage missingPath={pathname} />;
}

/** The route table of common/routes.ts, each page behind its access class; anything else is a 404. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Errors (a page chunk that failed to load, a crash) render inside the layout.
        errorElement: <RouteError />,
        children: [
          ...ROUTES.map((r) => {
            const page = PAGES[r.path];
            if (!page) throw new Error(`No page for route ${r.path}`);
            return { path: r.path, element: <RouteGate access={r.access} page={page} /> };
          }),
          { path: '*', element: <CatchAll /> },
        ],
      },
    ],
  },
];

/**
 * Starts loading the first page's chunk alongside the auth check instead of after it. For '/' both
 * candidates load: the landing page for guests and the forum list for members.
 */
export function preloadInitialPage(pathname: string): void {
  const route = matchRoute(pathname);
  const page = route && PAGES[route.path];
  if (page === 'home') {
    void LandingPage.preload();
    void ForumPage.preload();
  } else if (page) {
    void page.preload();
  }
}

export const createRouter = () => createBrowserRouter(routes);
