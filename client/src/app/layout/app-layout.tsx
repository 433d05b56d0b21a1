import { useEffect, useRef, type ReactNode } from 'react';
import { Slice } from '@/lib/hydration-slices';
import { ScrollRestoration, useLocation } from '@/lib/router';
import { ConsentHost } from '@/features/consent/components/consent-host';
import { MaintenanceBanner } from '@/features/maintenance/components/maintenance-banner';
import { AuthDialogHost } from './auth-dialog-host';
import { Footer } from './footer';
import { Header } from './header';
import { PageOfferSlot } from './page-offer-slot';
import { WelcomeBanner } from './welcome-banner';

export function AppLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  // After client-side navigation, move focus to the new page so screen readers start there (a full
  // page load starts at the top by itself).
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      <MaintenanceBanner />
      <Slice>
        <Header />
      </Slice>
      <WelcomeBanner />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex flex-1 flex-col">
        <PageOfferSlot />
        {children}
      </main>
      <Slice>
        <Footer />
      </Slice>
      <ConsentHost />
      <AuthDialogHost />
      <ScrollRestoration />
    </div>
  );
}
