import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation } from '@/lib/router';
import { notFoundFlag, type Access } from '@common/routes';
import { useUser } from '@/lib/auth';
import { useHydrated } from '@/lib/hydrated';
import type { LazyComponent } from '@/lib/lazy';
import { peekReturnTo, rememberReturnTo, sessionStore } from '@/lib/storage';
import { PageLoading, Spinner } from '@/components/ui/spinner';
import { decideAccess } from './route-access';
import { HomeRoute } from './routes/home';
import { AdminsOnlyPage } from './routes/admins-only';
import { NotFoundPage } from './routes/not-found';

type Props = { access: Access; page: LazyComponent<ComponentType> | 'home' };

/** Applies the route's access class, then renders its (lazy) page. */
export function RouteGate({ access, page: Page }: Props) {
  const location = useLocation();
  const { user } = useUser();
  const hydrated = useHydrated();
  const missing = notFoundFlag(location.search);
  if (missing !== null) return <NotFoundPage missingPath={missing} />;

  // Signed-in-only pages: the server renders the shell around a loading state (issue 15).
  if (!hydrated && (access === 'member' || access === 'moderator' || access === 'admin')) return <PageLoading />;
  const decision = decideAccess(access, user);
  switch (decision.kind) {
    case 'loading':
      return <Spinner />;
    case 'not-found':
      return <NotFoundPage missingPath={location.pathname} />;
    case 'admins-only':
      return <AdminsOnlyPage />;
    case 'redirect':
      return decision.rememberPath ? <RedirectGuest /> : <RedirectMember />;
    case 'render':
      return (
        <Suspense fallback={<PageLoading />}>{Page === 'home' ? <HomeRoute signedIn={!!user} /> : <Page />}</Suspense>
      );
  }
}

/** A guest on a member page: home to sign in, then back here (the path is remembered). */
function RedirectGuest() {
  const { pathname, search, hash } = useLocation();
  const from = `${pathname}${search}${hash}`;
  useEffect(() => rememberReturnTo(from), [from]);
  return <Navigate to="/" replace state={{ from }} />;
}

/**
 * A member on a guest page (or one who just signed in there): to the remembered path if any, else
 * home. The path is forgotten once used.
 */
function RedirectMember() {
  useEffect(() => () => sessionStore.remove('returnTo'), []);
  return <Navigate to={peekReturnTo() ?? '/'} replace />;
}
