// Browser storage that never throws: private modes, full quotas and disabled storage all behave
// like an empty store instead of breaking the page.

export type LocalKey = 'pendingVerificationEmail' | 'welcomeBannerDismissed' | 'pushPromptDeclined' | 'deviceMember' | 'theme';
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
    /** Every key stored now (a copy: removing while going through them is safe). */
    keys(): string[] {
      try {
        const s = store();
        return s ? Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null) : [];
      } catch {
        return [];
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

// ——— A member's own things on a shared phone (issue 18) ———
// Drafts and the chat's unsent messages are kept per member, under `kerbside:member:{id}:`, so another
// member signed in on the same browser never sees them and signing out forgets them in one sweep
// (lib/session-end.ts). 'deviceMember' names whose they are: the member signed in on this device.

const MEMBER_PREFIX = 'kerbside:member:';
const memberKey = (userId: number, name: string) => `${MEMBER_PREFIX}${userId}:${name}`;

/** The member signed in on this device, or null (a guest, or not known yet). */
export function deviceMember(): number | null {
  const id = Number(storage.get('deviceMember'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function setDeviceMember(userId: number | null): void {
  if (userId === null) storage.remove('deviceMember');
  else storage.set('deviceMember', String(userId));
}

/**
 * localStorage of one member: `userId` when the caller knows whose it is, else the member signed in
 * on this device. With nobody signed in nothing is read or kept (a guest writes nothing).
 */
export const memberStorage = {
  get: (name: string, userId = deviceMember()) => (userId === null ? null : local.get(memberKey(userId, name))),
  set: (name: string, value: string, userId = deviceMember()) => void (userId !== null && local.set(memberKey(userId, name), value)),
  remove: (name: string, userId = deviceMember()) => void (userId !== null && local.remove(memberKey(userId, name))),
};

/** Everything `userId` kept in localStorage on this device goes (their drafts, their chat outbox). */
export function forgetMemberStorage(userId: number): void {
  const prefix = memberKey(userId, '');
  for (const key of local.keys()) if (key.startsWith(prefix)) local.remove(key);
}

/**
 * Drafts and the chat outbox kept before they were per member: whose they are is unknown, so none is
 * handed to whoever signs in next; they are dropped.
 */
export function dropUnscopedDrafts(): void {
  for (const key of local.keys()) if (key.startsWith('kerbside:draft:') || key.startsWith('chat:draft:') || key === 'chat:outbox') local.remove(key);
}

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
