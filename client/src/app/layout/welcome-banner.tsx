import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { useUser } from '@/lib/auth';
import { PRODUCT_NAME } from '@/lib/config';
import { storage } from '@/lib/storage';

/** A member this new is welcomed to the site; after it, welcomed back (issue 30: months-old members read as new). */
const NEW_MEMBER_MS = 7 * 86_400_000;

/** The greeting's words: a name that is the site's own ("Kerbside Team") is left out rather than repeated. */
export function welcomeWords(user: { firstName: string; createdAt: string }, now: number = Date.now()) {
  const first = user.firstName.trim();
  const name = first && first.toLowerCase() !== PRODUCT_NAME.toLowerCase() ? `, ${first}` : '';
  return now - Date.parse(user.createdAt) < NEW_MEMBER_MS
    ? { greeting: `Welcome to ${PRODUCT_NAME}${name}!`, line: 'Ask questions, share what you know and meet other drivers.' }
    : { greeting: `Welcome back${name}!`, line: "Catch up on what's new, ask questions and share what you know." };
}

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
  const { greeting, line } = welcomeWords(user);
  return (
    <section aria-label="Welcome" className="border-b border-accent-300 bg-accent-100">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <p className="flex-1">
          <strong>{greeting}</strong> {line}
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
