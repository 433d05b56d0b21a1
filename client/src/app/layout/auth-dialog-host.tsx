import { Suspense, useState } from 'react';
import { useAuthDialog, closeAuthDialog } from '@/lib/auth-dialog';
import { lazyNamed } from '@/lib/lazy';
import { Button } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';

// The dialog (tabs, forms, validation) is its own chunk, fetched on first hover/focus of a button
// that opens it, so guests who only read never download it.
const AuthDialog = lazyNamed(() => import('@/features/auth/components/auth-dialog'), 'AuthDialog');

export const preloadAuthDialog = () => void AuthDialog.preload();

export function AuthDialogHost() {
  const { open } = useAuthDialog();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <ErrorBoundary
      fallback={() =>
        open ? (
          <div role="alert" className="fixed inset-x-3 top-20 z-50 mx-auto grid max-w-md gap-3 rounded-2xl bg-card p-5 shadow-2xl">
            <p className="font-semibold">Sign in didn't load. Check your signal and try again.</p>
            <div className="flex gap-2">
              <Button onClick={() => window.location.reload()}>Try again</Button>
              <Button variant="ghost" onClick={closeAuthDialog}>
                Close
              </Button>
            </div>
          </div>
        ) : null
      }
    >
      <Suspense
        fallback={
          open ? (
            <div className="fixed inset-0 z-50 grid place-items-center bg-black/40">
              <p role="status" className="rounded-xl bg-card px-5 py-3 font-semibold">
                Loading…
              </p>
            </div>
          ) : null
        }
      >
        <AuthDialog />
      </Suspense>
    </ErrorBoundary>
  );
}
