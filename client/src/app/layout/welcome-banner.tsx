import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { useUser } from '@/lib/auth';
import { PRODUCT_NAME } from '@/lib/config';
import { storage } from '@/lib/storage';

/**
 * Spec §2: greets a signed-in member until their first interaction (a click, tap or key press
 * anywhere, or its close button); the dismissal is remembered on this device.
 */
export function WelcomeBanner() {
  const { user } = useUser();
  const [dismissed, setDismissed] = useState(() => storage.get('welcomeBannerDismissed') === 'true');
  const visible = !!user && !dismissed;

  useEffect(() => {
    if (!visible) return;
    const dismiss = () => {
      storage.set('welcomeBannerDismissed', 'true');
      setDismissed(true);
    };
    // On the way out of the first click or key press (bubble phase, 'click' and 'keyup'), so the
    // interaction lands on what was under the pointer before the page moves up.
    window.addEventListener('click', dismiss, { once: true });
    window.addEventListener('keyup', dismiss, { once: true });
    return () => {
      window.removeEventListener('click', dismiss);
      window.removeEventListener('keyup', dismiss);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <section aria-label="Welcome" className="border-b border-accent-300 bg-accent-100">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <p className="flex-1">
          <strong>
            Welcome to {PRODUCT_NAME}, {user.firstName}!
          </strong>{' '}
          Ask questions, share what you know and meet other drivers.
        </p>
        <button
          type="button"
          aria-label="Dismiss welcome message"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-ink/10"
          onClick={() => {
            storage.set('welcomeBannerDismissed', 'true');
            setDismissed(true);
          }}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
