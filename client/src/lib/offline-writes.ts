import { useMemo, useSyncExternalStore } from 'react';
import { ApiError, apiFetch } from './api-client';

// Posts and comments written without a signal (issue 16; the chat's outbox does the same for messages,
// features/chat/lib/conversation-sync.ts): kept on the device in IndexedDB, shown as pending, and sent
// when the connection returns, each exactly once. Each is its writer's: only they see or send it, and
// their sign-out forgets it (lib/session-end.ts). Every write carries a clientId the server keys it
// by (docs/API.md "Posts and comments"), so sending one again, after an answer lost on the way back,
// is answered with the post or comment already stored rather than a second copy.

export type OfflineWriteKind = 'post' | 'comment';

/** What a write kept for later says, in the toast and where it shows as pending. */
export const PENDING_TEXT = {
  title: 'Waiting for signal',
  body: "Waiting for signal — will post when you're back online",
} as const;

export type OfflineWrite = {
  clientId: string;
  kind: OfflineWriteKind;
  /** Only the member who wrote it sends it: another member signed in on this device never does. */
  userId: number;
  createdAt: string;
  /** The endpoint's URL (built from its contract by the feature) the body is POSTed to. */
  url: string;
  /** The request body, its clientId included. */
  body: { clientId: string } & Record<string, unknown>;
  /** A comment's post, where the pending comment shows. */
  postId?: number;
  /**
   * The server's reason once it refused the write for good (a final 4xx): kept to be shown with the
   * text, never sent again, until the member edits or discards it.
   */
  error?: string;
};

/** Where writes are kept; IndexedDB in the browser, memory where there is none (tests, private modes that refuse it). */
export type WriteStore = {
  all(): Promise<OfflineWrite[]>;
  put(write: OfflineWrite): Promise<void>;
  remove(clientId: string): Promise<void>;
};

export function memoryStore(): WriteStore {
  const rows = new Map<string, OfflineWrite>();
  return {
    all: async () => [...rows.values()],
    put: async (w) => void rows.set(w.clientId, w),
    remove: async (id) => void rows.delete(id),
  };
}

const DB_NAME = 'kerbside-offline-writes';
const STORE = 'writes';

const settled = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** IndexedDB, opened on first use; when it cannot be opened the writes live in memory for this page. */
export function indexedDbStore(): WriteStore {
  let opened: Promise<WriteStore> | undefined;
  const open = () =>
    (opened ??= (async (): Promise<WriteStore> => {
      if (typeof indexedDB === 'undefined') return memoryStore();
      try {
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'clientId' });
        const db = await settled(request);
        const run = <T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>) => settled(op(db.transaction(STORE, mode).objectStore(STORE)));
        return {
          all: () => run('readonly', (s) => s.getAll() as IDBRequest<OfflineWrite[]>),
          put: async (w) => void (await run('readwrite', (s) => s.put(w))),
          remove: async (id) => void (await run('readwrite', (s) => s.delete(id))),
        };
      } catch {
        return memoryStore();
      }
    })());
  return {
    all: async () => (await open()).all(),
    put: async (w) => (await open()).put(w),
    remove: async (id) => (await open()).remove(id),
  };
}

/** The request never reached the server, or its answer never came back: worth sending again later. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false && !(err instanceof ApiError));
}

/**
 * A refusal that sending again will not change (too short, the post gone or locked, not verified).
 * Not 401 (the session ended: it stays until the page learns so, and the sign-out forgets it,
 * lib/session-end.ts), 408 or 429 (later), nor 5xx.
 */
export function isFinalRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status);
}

/** How often a write still waiting is tried again while the browser says it is online. */
export const RETRY_MS = 30_000;

export type Settled = { type: 'sent'; write: OfflineWrite; result: unknown } | { type: 'refused'; write: OfflineWrite };

export type SubmitResult<T> = { sent: true; result: T } | { sent: false };

export type OfflineWritesOptions = {
  store: WriteStore;
  /** False when the browser knows it has no network. */
  online?: () => boolean;
  send?: (write: OfflineWrite) => Promise<unknown>;
};

const sendOverHttp = async (write: OfflineWrite): Promise<unknown> => {
  const text = await (await apiFetch('POST', write.url, write.body)).text();
  return text ? (JSON.parse(text) as unknown) : undefined;
};

export type OfflineWrites = ReturnType<typeof createOfflineWrites>;

export function createOfflineWrites({ store, online = () => typeof navigator === 'undefined' || navigator.onLine !== false, send = sendOverHttp }: OfflineWritesOptions) {
  let writes: readonly OfflineWrite[] = [];
  const listeners = new Set<() => void>();
  const settledListeners = new Set<(e: Settled) => void>();
  let flushing: Promise<void> | undefined;
  let read = false;

  // Reads one after another, so a slow read never puts back what a later change removed.
  let reading: Promise<void> = Promise.resolve();
  const refresh = (): Promise<void> =>
    (reading = reading.then(async () => {
      const all = await store.all().catch((): OfflineWrite[] => []);
      writes = all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      for (const l of listeners) l();
    }));
  const settle = (e: Settled) => {
    for (const l of settledListeners) l(e);
  };

  /** Stores a write; throws when the device would not keep it (the caller keeps the text instead). */
  const keep = async (write: OfflineWrite) => {
    try {
      await store.put(write);
    } finally {
      await refresh();
    }
  };

  /**
   * Sends the queue of `userId`, oldest first, one at a time: a 2xx or a final refusal settles a
   * write; no network, or a refusal that may pass later (429, 5xx), stops until the next chance.
   */
  const flushNow = async (userId: number) => {
    await refresh();
    for (const write of writes.filter((w) => w.userId === userId && !w.error)) {
      if (!online()) return;
      try {
        const result = await send(write);
        await store.remove(write.clientId).catch(() => undefined);
        await refresh();
        settle({ type: 'sent', write, result });
      } catch (err) {
        if (!isFinalRefusal(err)) return;
        const refused = { ...write, error: err.serverMessage ?? 'The server refused this.' };
        await keep(refused).catch(() => undefined);
        settle({ type: 'refused', write: refused });
      }
    }
  };

  /** Sends what `userId` has waiting; a second call while one runs waits for that one. */
  const flush = (userId: number): Promise<void> => {
    flushing ??= flushNow(userId).finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  return {
    /** Every kept write (all members'), oldest first; the same array until something changes. */
    getSnapshot: () => writes,
    subscribe(listener: () => void) {
      // The first to look reads the store, so what was kept shows before anything is sent.
      if (!read) {
        read = true;
        void refresh();
      }
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Hears each kept write as it is sent or refused (to update what the pages show). */
    onSettled(listener: (e: Settled) => void) {
      settledListeners.add(listener);
      return () => void settledListeners.delete(listener);
    },

    /**
     * Sends a write now. Without a network (the browser says offline, or the request fails on the way)
     * it is kept and `{sent: false}` comes back: the caller shows it as pending. A server's refusal is
     * thrown as it is (the form shows it; nothing is kept).
     */
    async submit<T>(write: OfflineWrite): Promise<SubmitResult<T>> {
      if (!online()) {
        await keep(write);
        return { sent: false };
      }
      try {
        return { sent: true, result: (await send(write)) as T };
      } catch (err) {
        if (!isNetworkFailure(err)) throw err;
        await keep(write);
        return { sent: false };
      }
    },

    flush,

    /** The member threw a kept write away (or took its text back to edit it). */
    async discard(clientId: string) {
      await store.remove(clientId).catch(() => undefined);
      await refresh();
    },

    /**
     * The member signed out (issue 18, shared phones): whatever they kept here goes, waiting or
     * refused, so nothing of theirs stays on the device nor is sent by anyone else.
     */
    async forget(userId: number) {
      const theirs = (await store.all().catch((): OfflineWrite[] => [])).filter((w) => w.userId === userId);
      await Promise.all(theirs.map((w) => store.remove(w.clientId).catch(() => undefined)));
      await refresh();
    },

    /**
     * A signed-in member's session on this page: what was kept sends now (app start) and whenever the
     * connection returns. Returns the stop.
     */
    start(userId: number): () => void {
      const go = () => void flush(userId);
      // A send can fail while the browser still says online (a weak signal, a lost answer): no
      // `online` event follows, so what waits is tried again now and then, and when the page is back
      // in view (a phone unlocked).
      const waiting = () => writes.some((w) => w.userId === userId && !w.error);
      const retry = window.setInterval(() => {
        if (waiting() && online()) go();
      }, RETRY_MS);
      const onVisible = () => {
        if (document.visibilityState === 'visible' && waiting()) go();
      };
      go();
      window.addEventListener('online', go);
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        window.clearInterval(retry);
        window.removeEventListener('online', go);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
  };
}

/** The page's queue. */
export const offlineWrites = createOfflineWrites({ store: indexedDbStore() });

/** The writes of `userId` still waiting or refused, oldest first. */
export function usePendingWrites(userId: number | undefined, queue: OfflineWrites = offlineWrites): readonly OfflineWrite[] {
  const all = useSyncExternalStore(queue.subscribe, queue.getSnapshot, () => EMPTY);
  return useMemo(() => (userId === undefined ? EMPTY : all.filter((w) => w.userId === userId)), [all, userId]);
}

const EMPTY: readonly OfflineWrite[] = [];
