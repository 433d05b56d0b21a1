import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ClientFrame, ClientFrameType, ServerFrame, ServerFrameType, WS_CLOSE } from '@common/ws-events';
import { queryClient as appQueryClient } from './query-client';
import { watchSessionEnd } from './session-end';

// The one socket of a signed-in member (spec §4 Chat socket, §7; docs/API.md "WebSocket /ws"): the
// session cookie authenticates the upgrade, `authenticate {userId}` follows on open; on a drop it
// retries up to 5 times, 1 s × attempt apart, then gives up (log only, spec §8); a server that is
// restarting (1012) is left at once, for another process behind the proxy. Features subscribe
// by frame type (common/ws-events.ts); after a reconnect, and when the server says frames may have
// been lost (a `resync` frame: its Redis was away), they hear 'reconnected' and refetch what they may
// have missed. Only lazily loaded member code imports this: guests never download it.
// Types only from ws-events: its zod schemas would add zod to the member's first load; the server
// validates every frame before sending it.

export type { ClientFrame, ClientFrameType, ServerFrame, ServerFrameType };
type FrameFields<K extends ClientFrameType> = Omit<ClientFrame<K>, 'type'>;

type CloseCode = (typeof WS_CLOSE)[keyof typeof WS_CLOSE];
/** The server refused us (no session, another site): retrying cannot help. */
const NO_RETRY_CODES: readonly CloseCode[] = [4401, 4403];
/** WS_CLOSE.unauthorized: the session ended (signed out elsewhere, password changed, suspended) or is gone. */
const SESSION_ENDED_CODE: CloseCode = 4401;
/** WS_CLOSE.restarting: that server process is stopping; the proxy sends a new socket to another one. */
const RESTARTING_CODE: CloseCode = 1012;

export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_STEP_MS = 1000;
/**
 * After a 1012 (a restart) the socket reconnects at once, at a random moment within this, so that every
 * tab of a process that stops does not arrive at the next one in the same instant.
 */
export const RESTART_RECONNECT_SPREAD_MS = 500;

/**
 * idle: not wanted (never connected, or closed on purpose); connecting: the first attempt;
 * open; reconnecting: dropped, retrying; failed: gave up after the last retry.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed';

export type SocketClient = {
  /** Connects as `userId` (a no-op when already connected or connecting as them). */
  connect(userId: number): void;
  /** Closes on purpose (sign-out): no reconnect follows. */
  close(): void;
  /** Sends a frame when open; false otherwise (the caller falls back to REST, spec §7). */
  send<K extends ClientFrameType>(type: K, fields: FrameFields<K>): boolean;
  subscribe<K extends ServerFrameType>(type: K, handler: (frame: ServerFrame<K>) => void): () => void;
  /**
   * Called after the socket is back following a drop, or on the server's `resync` frame: refetch what
   * a frame may have carried.
   */
  onReconnected(handler: () => void): () => void;
  /**
   * Called when the server closes the socket with 4401: this browser's session has ended (sign-out
   * on another device or "Sign out everywhere", a password change, suspension, deletion, expiry).
   */
  onSessionEnded(handler: () => void): () => void;
  getState(): SocketState;
  onStateChange(listener: () => void): () => void;
};

type Logger = Pick<Console, 'error'>;

export type SocketClientDeps = {
  url?: () => string;
  WebSocket?: new (url: string) => WebSocket;
  logger?: Logger;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  /** Where 'online' and 'visibilitychange' are heard (a phone back in signal retries after giving up). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  isVisible?: () => boolean;
};

/** ws(s)://<this host>/ws. */
export const sameHostSocketUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;

const OPEN = 1;

export function createSocketClient(deps: SocketClientDeps = {}): SocketClient {
  const url = deps.url ?? sameHostSocketUrl;
  const logger = deps.logger ?? console;
  const setTimer = deps.setTimer ?? ((fn, ms) => window.setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id) => window.clearTimeout(id as number));
  const events = deps.events === undefined ? (typeof window === 'undefined' ? null : window) : deps.events;
  const isVisible = deps.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');

  let ws: WebSocket | null = null;
  let userId: number | null = null;
  let state: SocketState = 'idle';
  /** Retries made since the socket was last open. */
  let attempts = 0;
  /** The socket has dropped (or never opened) since connect(): the next open is a reconnect. */
  let dropped = false;
  let timer: unknown = null;
  /** The server refused this session (4401/4403): coming back online will not change that. */
  let refused = false;

  const handlers = new Map<string, Set<(frame: never) => void>>();
  const stateListeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  const sessionEndedListeners = new Set<() => void>();

  const setState = (next: SocketState) => {
    if (state === next) return;
    state = next;
    for (const l of [...stateListeners]) l();
  };

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      logger.error('WebSocket subscriber failed', err);
    }
  };

  const dispatch = (raw: unknown) => {
    let frame: unknown;
    try {
      frame = typeof raw === 'string' ? JSON.parse(raw) : null;
    } catch {
      frame = null;
    }
    if (!frame || typeof frame !== 'object' || typeof (frame as { type?: unknown }).type !== 'string') {
      logger.error('WebSocket error: unreadable frame');
      return;
    }
    const { type } = frame as { type: string };
    if (type === 'error') logger.error('WebSocket error', (frame as { message?: unknown }).message);
    if (type === 'authenticated' && (frame as { success?: unknown }).success === false) logger.error('WebSocket authentication failed');
    if (type === 'resync') for (const l of [...reconnectListeners]) safely(l);
    for (const h of [...(handlers.get(type) ?? [])]) safely(() => h(frame as never));
  };

  const scheduleReconnect = () => {
    if (attempts >= MAX_RECONNECT_ATTEMPTS) {
      logger.error('Max reconnection attempts reached');
      setState('failed');
      return;
    }
    attempts += 1;
    setState('reconnecting');
    timer = setTimer(() => {
      timer = null;
      open();
    }, RECONNECT_STEP_MS * attempts);
  };

  const open = () => {
    if (userId === null) return;
    const me = userId;
    let socket: WebSocket;
    try {
      socket = new (deps.WebSocket ?? WebSocket)(url());
    } catch (err) {
      logger.error('WebSocket error', err);
      dropped = true;
      scheduleReconnect();
      return;
    }
    ws = socket;
    if (state !== 'reconnecting') setState('connecting');
    socket.onopen = () => {
      if (ws !== socket) return;
      const isReconnect = dropped;
      attempts = 0;
      dropped = false;
      setState('open');
      socket.send(JSON.stringify({ type: 'authenticate', userId: me }));
      if (isReconnect) for (const l of [...reconnectListeners]) safely(l);
    };
    socket.onmessage = (e: MessageEvent) => {
      if (ws === socket) dispatch(e.data);
    };
    // A close always follows an error; the close handler decides about retrying.
    socket.onerror = (e: Event) => {
      if (ws === socket) logger.error('WebSocket error', e.type);
    };
    socket.onclose = (e: CloseEvent) => {
      if (ws !== socket) return; // closed on purpose, or replaced
      ws = null;
      dropped = true;
      if (NO_RETRY_CODES.includes(e.code as CloseCode)) {
        logger.error('WebSocket error: refused by the server', e.code);
        refused = true;
        setState('failed');
        if (e.code === SESSION_ENDED_CODE) for (const l of [...sessionEndedListeners]) safely(l);
        return;
      }
      if (e.code === RESTARTING_CODE) {
        // Not a failure: no retry is used up, and 'reconnected' follows the open, so features read
        // again what was sent while the socket moved.
        setState('reconnecting');
        timer = setTimer(() => {
          timer = null;
          open();
        }, Math.floor(Math.random() * RESTART_RECONNECT_SPREAD_MS));
        return;
      }
      scheduleReconnect();
    };
  };

  /** Back in signal (or back to the tab) after giving up: a fresh round of retries. */
  const revive = () => {
    if (state !== 'failed' || refused || userId === null || !isVisible()) return;
    attempts = 0;
    setState('reconnecting');
    open();
  };

  const listen = (on: boolean) => {
    if (!events) return;
    const method = on ? events.addEventListener.bind(events) : events.removeEventListener.bind(events);
    method('online', revive);
    method('visibilitychange', revive);
  };

  const close = () => {
    cancelTimer();
    const socket = ws;
    ws = null;
    if (userId !== null) listen(false);
    userId = null;
    attempts = 0;
    dropped = false;
    refused = false;
    if (socket) {
      try {
        socket.close(1000, 'closed by client');
      } catch {
        // Already closing.
      }
    }
    setState('idle');
  };

  return {
    connect(id) {
      if (userId === id && state !== 'idle') {
        if (state === 'failed') {
          refused = false;
          revive();
        }
        return;
      }
      if (userId !== null) close();
      userId = id;
      listen(true);
      open();
    },
    close,
    send(type, fields) {
      if (!ws || ws.readyState !== OPEN) return false;
      ws.send(JSON.stringify({ ...fields, type }));
      return true;
    },
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as (frame: never) => void);
      return () => void set.delete(handler as (frame: never) => void);
    },
    onReconnected(handler) {
      reconnectListeners.add(handler);
      return () => void reconnectListeners.delete(handler);
    },
    onSessionEnded(handler) {
      sessionEndedListeners.add(handler);
      return () => void sessionEndedListeners.delete(handler);
    },
    getState: () => state,
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
  };
}

// One socket per tab, shared by every feature (notifications, chat).
let shared: SocketClient | null = null;
let holders = 0;
let heldBy: number | null = null;

/** The tab's socket; when the server ends its session (4401) the tab shows the signed-out state. */
export function getSocketClient(): SocketClient {
  if (!shared) {
    shared = createSocketClient();
    watchSessionEnd(shared, appQueryClient);
  }
  return shared;
}

/**
 * Keeps the shared socket connected as `userId` until the returned release is called by everyone
 * who asked. The close waits a tick so a component that remounts at once (StrictMode, a layout
 * change) keeps the same socket.
 */
export function retainSocket(userId: number, client: SocketClient = getSocketClient()): () => void {
  holders += 1;
  heldBy = userId;
  client.connect(userId);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    setTimeout(() => {
      if (holders === 0 && heldBy === userId) client.close();
    }, 0);
  };
}

/** Connects the shared socket while mounted with a user (nothing for a guest). */
export function useSocketConnection(userId: number | null | undefined): void {
  useEffect(() => (userId == null ? undefined : retainSocket(userId)), [userId]);
}

export function useSocketState(client: SocketClient = getSocketClient()): SocketState {
  return useSyncExternalStore(client.onStateChange, client.getState, client.getState);
}

/** Calls `handler` (its latest version) for each frame of `type`. */
export function useSocketEvent<K extends ServerFrameType>(
  type: K,
  handler: (frame: ServerFrame<K>) => void,
  client: SocketClient = getSocketClient(),
): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => client.subscribe(type, (frame) => ref.current(frame)), [client, type]);
}

/** Calls `handler` (its latest version) after every reconnect. */
export function useSocketReconnected(handler: () => void, client: SocketClient = getSocketClient()): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => client.onReconnected(() => ref.current()), [client]);
}
