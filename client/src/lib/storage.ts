// Browser storage that never throws: private modes, full quotas and disabled storage all behave
// like an empty store instead of breaking the page.

export type LocalKey = 'pendingVerificationEmail' | 'welcomeBannerDismissed' | 'pushPromptDeclined';
export type SessionKey = 'returnTo' | 'pushStored';

function safe(kind: 'localStorage' | 'sessionStorage') {
  const store = (): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window[kind];
    } catch {
      return null;
    }
  };
  return {
    get(key: string): string | null {
      try {
        return store()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        store()?.setItem(key, value);
      } catch {
        // Storage full or blocked: the value just is not remembered.
      }
    },
    remove(key: string): void {
      try {
        store()?.removeItem(key);
      } catch {
        // Same as above.
      }
    },
  };
}

const local = safe('localStorage');
const session = safe('sessionStorage');

export const storage = {
  get: (key: LocalKey) => local.get(key),
  set: (key: LocalKey, value: string) => local.set(key, value),
  remove: (key: LocalKey) => local.remove(key),
};

export const sessionStore = {
  get: (key: SessionKey) => session.get(key),
  set: (key: SessionKey, value: string) => session.set(key, value),
  remove: (key: SessionKey) => session.remove(key),
};

export const getPendingVerificationEmail = () => storage.get('pendingVerificationEmail');
export const setPendingVerificationEmail = (email: string) => storage.set('pendingVerificationEmail', email);
export const clearPendingVerificationEmail = () => storage.remove('pendingVerificationEmail');

/** Only same-site paths are remembered, so a crafted value can never send anyone off-site. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberReturnTo(path: string): void {
  if (isSafeReturnPath(path)) sessionStore.set('returnTo', path);
}

export function peekReturnTo(): string | null {
  const p = sessionStore.get('returnTo');
  return isSafeReturnPath(p) ? p : null;
}

/** The remembered path, forgotten once read. */
export function consumeReturnTo(): string | null {
  const p = peekReturnTo();
  sessionStore.remove('returnTo');
  return p;
}
