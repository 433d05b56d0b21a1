import { Suspense, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { PRODUCT_NAME } from '@/lib/config';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { ThemeSwitch } from '@/components/ui/theme-switch';

// Fetched when someone reaches for the button, not with every page.
const CookieSettingsDialog = lazyNamed(() => import('@/features/consent/components/cookie-settings-dialog'), 'CookieSettingsDialog');
const preloadCookieDialog = () => void CookieSettingsDialog.preload();

const LINKS = [
  { to: '/pay-estimator', label: 'Pay Estimator' },
  { to: '/pay', label: 'Courier Pay Index' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/community-guidelines', label: 'Community Guidelines' },
  { to: '/support', label: 'Contact us' },
];

const linkClass = 'inline-flex min-h-11 items-center text-ink underline underline-offset-2 hover:no-underline';

export function Footer() {
  const [cookiesOpen, setCookiesOpen] = useState(false);
  const [cookiesWanted, setCookiesWanted] = useState(false);
  const cookiesButton = useRef<HTMLButtonElement>(null);
  return (
    <footer className="border-t border-line bg-card">
      <div className="mx-auto grid max-w-6xl gap-3 px-4 py-6">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                ref={cookiesButton}
                type="button"
                aria-haspopup="dialog"
                className={linkClass}
                onPointerEnter={preloadCookieDialog}
                onPointerDown={preloadCookieDialog}
                onFocus={preloadCookieDialog}
                onClick={() => {
                  setCookiesWanted(true);
                  setCookiesOpen(true);
                }}
              >
                Cookie Settings
              </button>
            </li>
          </ul>
        </nav>
        <ThemeSwitch />
        <p className="text-sm text-muted">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
      {cookiesWanted && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <CookieSettingsDialog open={cookiesOpen} onOpenChange={setCookiesOpen} returnFocusRef={cookiesButton} />
          </Suspense>
        </ErrorBoundary>
      )}
    </footer>
  );
}
