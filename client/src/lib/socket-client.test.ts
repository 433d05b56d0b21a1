import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocketClient, MAX_RECONNECT_ATTEMPTS, RESTART_RECONNECT_SPREAD_MS, retainSocket, type SocketClient } from './socket-client';

/** A WebSocket the test drives: it opens, drops and receives when told. */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  static get last() {
    return FakeWebSocket.all[FakeWebSocket.all.length - 1];
  }
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { type: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  // Test controls.
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drops(code = 1006) {
    this.readyState = 3;
    if (code === 1006) this.onerror?.({ type: 'error' });
    this.onclose?.({ code });
  }
}

let logger: { error: ReturnType<typeof vi.fn<(...args: unknown[]) => void>> };
let events: EventTarget;
let visible: boolean;
let client: SocketClient;

const make = () =>
  createSocketClient({
    url: () => 'ws://kerbside.test/ws',
    WebSocket: FakeWebSocket as unknown as new (url: string) => WebSocket,
    logger,
    events: events as unknown as Window,
    isVisible: () => visible,
  });

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.all = [];
  logger = { error: vi.fn<(...args: unknown[]) => void>() };
  events = new EventTarget();
  visible = true;
  client = make();
});

afterEach(() => {
  client.close();
  vi.useRealTimers();
});

describe('socket client', () => {
  it('connects to /ws and authenticates with the user id on open', () => {
    expect(client.getState()).toBe('idle');
    client.connect(42);
    expect(FakeWebSocket.last.url).toBe('ws://kerbside.test/ws');
    expect(client.getState()).toBe('connecting');
    FakeWebSocket.last.serverOpens();
    expect(client.getState()).toBe('open');
    expect(FakeWebSocket.last.sent).toEqual([{ type: 'authenticate', userId: 42 }]);
  });

  it('connecting again as the same user keeps the one socket', () => {
    client.connect(42);
    client.connect(42);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('dispatches frames by type and survives unreadable ones', () => {
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    const onNew = vi.fn();
    const onRead = vi.fn();
    client.subscribe('notification:new', onNew);
    const off = client.subscribe('notification:markRead', onRead);
    const notification = { id: 7, type: 'comment', title: 't', message: 'm', isRead: false, createdAt: '2026-01-01T00:00:00Z', postId: 1, commentId: 2, postSlug: 's' };
    FakeWebSocket.last.serverSends({ type: 'notification:new', notification });
    FakeWebSocket.last.serverSends({ type: 'notification:markRead', ids: [7] });
    FakeWebSocket.last.serverSends('not json');
    FakeWebSocket.last.serverSends({ no: 'type' });
    expect(onNew).toHaveBeenCalledExactlyOnceWith({ type: 'notification:new', notification });
    expect(onRead).toHaveBeenCalledExactlyOnceWith({ type: 'notification:markRead', ids: [7] });
    expect(logger.error).toHaveBeenCalledTimes(2);
    off();
    FakeWebSocket.last.serverSends({ type: 'notification:markRead', ids: [] });
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('a throwing subscriber is logged and the others still hear the frame', () => {
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    const ok = vi.fn();
    client.subscribe('pong', () => {
      throw new Error('boom');
    });
    client.subscribe('pong', ok);
    FakeWebSocket.last.serverSends({ type: 'pong' });
    expect(ok).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('sends typed frames only while open', () => {
    client.connect(1);
    expect(client.send('ping', {})).toBe(false);
    FakeWebSocket.last.serverOpens();
    expect(client.send('ping', { conversationId: 9 })).toBe(true);
    expect(FakeWebSocket.last.sent.at(-1)).toEqual({ type: 'ping', conversationId: 9 });
  });

  it('retries 5 times 1 s × attempt apart, then logs and gives up (spec §4)', () => {
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    FakeWebSocket.last.drops();
    expect(client.getState()).toBe('reconnecting');

    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
      const before = FakeWebSocket.all.length;
      vi.advanceTimersByTime(attempt * 1000 - 1);
      expect(FakeWebSocket.all, `attempt ${attempt} waits ${attempt} s`).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.all).toHaveLength(before + 1);
      FakeWebSocket.last.drops();
    }
    expect(logger.error).toHaveBeenCalledWith('Max reconnection attempts reached');
    expect(client.getState()).toBe('failed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);
  });

  it('a first connection that never opens gets the same retries', () => {
    client.connect(1);
    FakeWebSocket.last.drops();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('after a reconnect it authenticates again and tells subscribers, and the retry count starts over', () => {
    const reconnected = vi.fn();
    client.onReconnected(reconnected);
    client.connect(5);
    FakeWebSocket.last.serverOpens();
    expect(reconnected).not.toHaveBeenCalled();

    FakeWebSocket.last.drops();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.last.drops();
    vi.advanceTimersByTime(2000);
    FakeWebSocket.last.serverOpens();
    expect(client.getState()).toBe('open');
    expect(FakeWebSocket.last.sent).toEqual([{ type: 'authenticate', userId: 5 }]);
    expect(reconnected).toHaveBeenCalledOnce();

    // A later drop waits 1 s again, not 3 s.
    FakeWebSocket.last.drops();
    const before = FakeWebSocket.all.length;
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.all).toHaveLength(before + 1);
  });

  it('a resync frame (the server’s Redis was away) tells the reconnect listeners to refetch, on the same socket', () => {
    const reconnected = vi.fn();
    client.onReconnected(reconnected);
    client.connect(5);
    FakeWebSocket.last.serverOpens();
    const onResync = vi.fn();
    client.subscribe('resync', onResync);
    FakeWebSocket.last.serverSends({ type: 'resync' });
    expect(reconnected).toHaveBeenCalledOnce();
    expect(onResync).toHaveBeenCalledOnce();
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(client.getState()).toBe('open');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('no reconnect after a deliberate close (sign-out)', () => {
    client.connect(1);
    const socket = FakeWebSocket.last;
    socket.serverOpens();
    client.close();
    expect(socket.closedByClient).toBe(true);
    expect(client.getState()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('no retry when the server refuses the session (4401) or the origin (4403)', () => {
    for (const code of [4401, 4403]) {
      client.connect(1);
      FakeWebSocket.last.serverOpens();
      FakeWebSocket.last.drops(code);
      expect(client.getState()).toBe('failed');
      const before = FakeWebSocket.all.length;
      vi.advanceTimersByTime(60_000);
      events.dispatchEvent(new Event('online'));
      expect(FakeWebSocket.all).toHaveLength(before);
      client.close();
    }
  });

  it('4401 (the session ended) tells onSessionEnded listeners, once; other closes and a close by the page do not', () => {
    const ended = vi.fn();
    const stop = client.onSessionEnded(ended);
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    for (const code of [1006, 1001]) {
      FakeWebSocket.last.drops(code);
      vi.advanceTimersByTime(60_000);
      FakeWebSocket.last.serverOpens();
    }
    FakeWebSocket.last.drops(4403);
    expect(ended).not.toHaveBeenCalled();
    client.close();

    client.connect(1);
    FakeWebSocket.last.serverOpens();
    client.close(); // sign-out in this tab: on purpose, not an ended session
    expect(ended).not.toHaveBeenCalled();

    client.connect(1);
    FakeWebSocket.last.serverOpens();
    FakeWebSocket.last.drops(4401);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(client.getState()).toBe('failed');
    vi.advanceTimersByTime(60_000);
    expect(ended).toHaveBeenCalledTimes(1);

    stop();
    client.connect(2);
    FakeWebSocket.last.drops(4401); // refused at the upgrade: no session either
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('the server going away (1001) is a drop like any other', () => {
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    FakeWebSocket.last.drops(1001);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('a server that is restarting (1012) is left at once: reconnected within the spread, no retry used up, then a refetch', () => {
    const reconnected = vi.fn();
    client.onReconnected(reconnected);
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    for (let restart = 1; restart <= MAX_RECONNECT_ATTEMPTS + 1; restart++) {
      FakeWebSocket.last.drops(1012);
      expect(client.getState()).toBe('reconnecting');
      vi.advanceTimersByTime(RESTART_RECONNECT_SPREAD_MS - 1);
      expect(FakeWebSocket.all).toHaveLength(restart + 1);
      expect(reconnected).toHaveBeenCalledTimes(restart - 1);
      FakeWebSocket.last.serverOpens();
      expect(client.getState()).toBe('open');
      expect(FakeWebSocket.last.sent).toEqual([{ type: 'authenticate', userId: 1 }]);
      expect(reconnected).toHaveBeenCalledTimes(restart);
    }
    expect(logger.error).not.toHaveBeenCalled();
    // The process it reached is gone too (no proxy in front): the usual retries follow.
    FakeWebSocket.last.drops(1012);
    vi.advanceTimersByTime(RESTART_RECONNECT_SPREAD_MS);
    FakeWebSocket.last.drops();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.all).toHaveLength(MAX_RECONNECT_ATTEMPTS + 3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(MAX_RECONNECT_ATTEMPTS + 4);
  });

  it('a close while waiting to retry cancels the retry', () => {
    client.connect(1);
    FakeWebSocket.last.drops();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('after giving up, coming back online starts a fresh round', () => {
    const reconnected = vi.fn();
    client.onReconnected(reconnected);
    client.connect(1);
    FakeWebSocket.last.drops();
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
      vi.advanceTimersByTime(attempt * 1000);
      FakeWebSocket.last.drops();
    }
    expect(client.getState()).toBe('failed');
    visible = false;
    events.dispatchEvent(new Event('visibilitychange'));
    expect(FakeWebSocket.all).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);
    visible = true;
    events.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.all).toHaveLength(2 + MAX_RECONNECT_ATTEMPTS);
    FakeWebSocket.last.serverOpens();
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('notifies state listeners', () => {
    const seen: string[] = [];
    client.onStateChange(() => seen.push(client.getState()));
    client.connect(1);
    FakeWebSocket.last.serverOpens();
    FakeWebSocket.last.drops();
    client.close();
    expect(seen).toEqual(['connecting', 'open', 'reconnecting', 'idle']);
  });

  it('retained sockets close a tick after the last release, not on an immediate remount', () => {
    const release = retainSocket(3, client);
    release();
    const again = retainSocket(3, client);
    vi.advanceTimersByTime(0);
    expect(client.getState()).toBe('connecting');
    expect(FakeWebSocket.all).toHaveLength(1);
    again();
    vi.advanceTimersByTime(0);
    expect(client.getState()).toBe('idle');
  });
});
