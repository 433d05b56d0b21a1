import { Suspense, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { ACCEPT_ALL, ESSENTIAL_ONLY, saveConsent } from '@/lib/consent';
import { lazyNamed } from '@/lib/lazy';

const CookiePreferencesDialog = lazyNamed(() => import('./cookie-preferences-dialog'), 'CookiePreferencesDialog');

/**
 * Spec §2 Cookie consent: Customize, Essential Only, Accept All. Refusing is as easy as accepting
 * (UK PECR, ICO guidance): the three buttons have the same size, and the two answers the same look.
 * A choice is stored and applied at once; the host then hides this banner. Sticky at the end of
 * the page, so it never covers the footer once scrolled to the bottom.
 */
export function ConsentBanner() {
  const [customizing, setCustomizing] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const customizeButton = useRef<HTMLButtonElement>(null);
  const preload = () => void CookiePreferencesDialog.preload();
  return (
    <section aria-label="Cookie consent" className="sticky inset-x-0 bottom-0 z-40 border-t-2 border-brand-800 bg-card shadow-[0_-4px_16px_rgb(0_0_0/0.12)]">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 md:flex-row md:items-center">
        {/* One sentence per line box, not one paragraph: a first visit's banner (after 2 s) is not the
            page's largest paint, which stays the page's own content (issue 15). */}
        <p className="grid flex-1 text-sm sm:block sm:text-base">
          <span>We use essential cookies to keep you signed in.</span>{' '}
          <span>With your permission we'd also measure visits and page speed to improve the forum.</span>{' '}
          <span>
            Nothing optional runs until you choose.{' '}
            <Link to="/privacy" className="link">
              Privacy Policy
            </Link>
          </span>
        </p>
        {/* Equal columns: the three buttons are always the same size. On a phone each gets a third of
            the width: the compact size (the header's) fits 'Essential Only' at 390 px, and on a
            narrower screen a label wraps to two lines rather than be cut off (issue 18). */}
        <div className="grid grid-cols-3 gap-2 md:shrink-0">
          <button
            ref={customizeButton}
            type="button"
            className={buttonClasses('secondary', 'compact', 'leading-tight')}
            aria-haspopup="dialog"
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => {
              setDialogWanted(true);
              setCustomizing(true);
            }}
          >
            <Label>Customize</Label>
          </button>
          <Button size="compact" className="leading-tight" onClick={() => saveConsent(ESSENTIAL_ONLY)}>
            <Label>Essential Only</Label>
          </Button>
          <Button size="compact" className="leading-tight" onClick={() => saveConsent(ACCEPT_ALL)}>
            <Label>Accept All</Label>
          </Button>
        </div>
      </div>
      {dialogWanted && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <CookiePreferencesDialog variant="customize" open={customizing} onOpenChange={setCustomizing} returnFocusRef={customizeButton} />
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}

/** A button's label that may wrap (buttons keep theirs on one line) and stays inside the button. */
function Label({ children }: { children: string }) {
  return <span className="text-balance whitespace-normal">{children}</span>;
}
