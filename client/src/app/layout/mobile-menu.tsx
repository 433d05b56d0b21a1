import { Suspense, useEffect, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import type { TUser } from '@common/contracts/auth';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { NavItem } from './nav-items';

// The sheet (Radix dialog, focus trap, scroll lock) is not needed to show the first screen, so it is
// fetched when the browser is idle on a narrow screen, or on the first touch of the button.
const MobileMenuSheet = lazyNamed(() => import('./mobile-menu-sheet'), 'MobileMenuSheet');
const NARROW = '(max-width: 1023px)';

type Props = { items: readonly NavItem[]; user: TUser | null | undefined; onNavClick: (to: string) => void };

/** Below 1024 px the header's links live in a menu sheet. */
export function MobileMenu(props: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(
    () =>
      whenIdle(() => {
        if (window.matchMedia?.(NARROW).matches) void MobileMenuSheet.preload();
      }),
    [],
  );

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 lg:hidden"
        onPointerDown={() => void MobileMenuSheet.preload()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {wanted && (
        <ErrorBoundary
          fallback={(_e, reset) =>
            open ? (
              <p role="alert" className="fixed inset-x-3 top-20 z-50 rounded-xl bg-card p-4 text-ink shadow-2xl">
                The menu didn't load. Check your signal and{' '}
                <button type="button" className="link" onClick={() => window.location.reload()}>
                  reload the page
                </button>
                .{' '}
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    setOpen(false);
                    reset();
                  }}
                >
                  Close
                </button>
              </p>
            ) : null
          }
        >
          <Suspense fallback={<span role="status" className="sr-only">Loading menu…</span>}>
            <MobileMenuSheet {...props} open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
