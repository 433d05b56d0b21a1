import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { deviceMember } from '@/lib/storage';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Issue 30: a page kept for offline is a guest's (issue 28: no member's data in kept HTML), and offline
 * nobody can ask the server who is signed in. A member whose device still names them (lib/storage.ts
 * deviceMember, let go when a session is seen to end) is shown as signed in and offline, not offered
 * Sign In and Join Free as if they had been signed out. `checkFailed`: the sign-in check itself failed
 * (the server out of reach while the phone thinks it is online).
 */
export function useOfflineMember(checkFailed: boolean): boolean {
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  const known = useSyncExternalStore(
    subscribe,
    () => deviceMember() !== null,
    () => false,
  );
  return known && (offline || checkFailed);
}

/** In the header in place of Sign In and Join Free: what the device knows, and nothing of the member. */
export function OfflineMemberBadge() {
  return (
    <p role="status" className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-white">
      <WifiOff aria-hidden="true" className="size-4" />
      <span>Offline</span>
      <span className="sr-only">: you are still signed in on this phone</span>
    </p>
  );
}
