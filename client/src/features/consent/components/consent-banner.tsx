import { Suspense, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { ACCEPT_ALL, ESSENTIAL_ONLY, saveConsent } from '@/lib/consent';
import { lazyNamed } from '@/lib/lazy';

/** The banner's buttons: two-line labels stay compact, and a phone's third of the width keeps its words whole. */
const narrow = 'leading-tight max-sm:px-1';

const CookiePreferencesDialog = lazyNamed(() => import('./cookie-preferences-dialog'), 'CookiePreferencesDialog');

/**
 * Spec §2 Cookie consent: Customize, Essential Only, Accept All. Refusing is as easy as accepting
 * (UK PECR, ICO guidance): the three buttons have the same size, and the two answers the same look.
 * A choice is stored and applied at once; the host then hides this banner. Sticky at the end of
 * the page, so it never covers the footer once scrolled to the bottom.
 *
 * Compact on a phone (issue 30): one short sentence, the details behind the Privacy Policy link and
 * Customize, the three buttons on one row: under a fifth of a 390×844 or 360×640 screen. On a screen
 * under 40rem tall (large text, a phone on its side) even that would cover much of the page, so there
 * it does not stick: it waits whole at the end of the page.
 */
export function ConsentBanner() {
  const [customizing, setCustomizing] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const customizeButton = useRef<HTMLButtonElement>(null);
  const preload = () => void CookiePreferencesDialog.preload();
  return (
    <section aria-label="Cookie consent" className="sticky inset-x-0 bottom-0 z-40 border-t-2 [@media(height<40rem)]:static border-brand-800 bg-card shadow-[0_-4px_16px_rgb(0_0_0/0.12)]">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 md:flex-row md:items-center md:gap-3 md:py-3">
        {/* Short, so a first visit's banner (after 2 s) is not the page's largest paint, which stays the
            page's own content (issue 15). */}
        <p className="flex-1 text-sm sm:text-base">
          Essential cookies keep you signed in; optional ones only if you agree.{' '}
          <Link to="/privacy" className="link">
            Privacy Policy
          </Link>
        </p>
        {/* Equal columns: the three buttons are always the same size. On a phone each gets a third of
            the width: the compact size (the header's) fits 'Essential Only' at 390 px, and on a
            narrower screen a label wraps to two lines rather than be cut off (issue 18), with less
            padding so that 'Essential' still fits whole at 320 px. Under 20rem across (large text)
            a third is too narrow for any word: one button a row. */}
        <div className="grid grid-cols-3 gap-2 max-[20rem]:grid-cols-1 md:shrink-0">
          <button
            ref={customizeButton}
            type="button"
            className={buttonClasses('secondary', 'compact', narrow)}
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
          <Button size="compact" className={narrow} onClick={() => saveConsent(ESSENTIAL_ONLY)}>
            <Label>Essential Only</Label>
          </Button>
          <Button size="compact" className={narrow} onClick={() => saveConsent(ACCEPT_ALL)}>
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
