import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChatMessage, TConversation } from '@common/contracts/chat';
import type { ServerFrame, SocketState } from '@/lib/socket-client';
import { ApiError } from '@/lib/api-client';
import { createConversationSync, createReceipts, READ_DELAY_MS, RECEIPT_TIMEOUT_MS, type ChatSocket, type ChatTransport } from './conversation-sync';
import { addToOutbox, loadOutbox } from './outbox';

// The chat sync on its own: a fake socket (frames in, frames out), a fake REST transport, fake timers.

type Sent = { type: string; [field: string]: unknown };

function fakeSocket(initial: SocketState = 'open') {
  const handlers = new Map<string, Set<(frame: never) => void>>();
  const stateListeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  let state = initial;
  const sent: Sent[] = [];
  const socket = {
    send: (type: string, fields: object) => {
      if (state !== 'open') return false;
      sent.push({ type, ...fields });
      return true;
    },
    getState: () => state,
    subscribe: (type: string, handler: (frame: never) => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(handler);
      return () => void handlers.get(type)!.delete(handler);
    },
    onReconnected: (l: () => void) => {
      reconnectListeners.add(l);
      return () => void reconnectListeners.delete(l);
    },
    onStateChange: (l: () => void) => {
      stateListeners.add(l);
      return () => void stateListeners.delete(l);
    },
  } as unknown as ChatSocket;
  const setState = (next: SocketState) => {
    state = next;
    for (const l of [...stateListeners]) l();
  };
  return {
    socket,
    sent,
    of: (type: string) => sent.filter((f) => f.type === type),
    frame: (frame: ServerFrame) => {
      for (const h of [...(handlers.get(frame.type) ?? [])]) h(frame as never);
    },
    setState,
    reconnect: () => {
      setState('open');
      for (const l of [...reconnectListeners]) l();
    },
  };
}

const ME = 1;
const OTHER = 2;
const CID = 7;
let nextId = 100;
const msg = (over: Partial<TChatMessage> = {}): TChatMessage => ({
  id: nextId++,
  conversationId: CID,
  senderId: OTHER,
  content: 'hello',
  createdAt: new Date().toISOString(),
  deliveredAt: null,
  readAt: null,
  clientMessageId: null,
  photo: null,
  ...over,
});
const conversation = (messages: TChatMessage[], hasMore = false): TConversation => ({
  id: CID,
  otherUser: { id: OTHER, username: 'jo', avatar: null, statusText: null },
  messages,
  hasMore,
  unreadCount: 0,
  state: 'open',
});

function fakeTransport() {
  const stored: TChatMessage[] = [];
  const transport = {
    catchUp: vi.fn(async (_cid: string, after: number) => ({ messages: stored.filter((m) => m.id > after), hasMore: false })),
    fetchOlder: vi.fn(async () => conversation([])),
    send: vi.fn(async (_cid: string, text: string, clientMessageId: string) => {
      const m = msg({ senderId: ME, content: text, clientMessageId });
      stored.push(m);
      return m;
    }),
  } satisfies ChatTransport;
  return { transport, stored };
}

function setup(opts: { state?: SocketState } = {}) {
  const s = fakeSocket(opts.state);
  const { transport, stored } = fakeTransport();
  const reports: { title: string; description: string }[] = [];
  const markAllRead = vi.fn(async () => ({ count: 0 }));
  const receipts = createReceipts(s.socket, markAllRead);
  const readWithoutSocket = vi.fn();
  const sync = createConversationSync({
    conversationId: CID,
    me: ME,
    socket: s.socket,
    transport,
    receipts,
    report: (p) => reports.push(p),
    onReadWithoutSocket: readWithoutSocket,
  });
  const stop = sync.start();
  stops.push(stop);
  const shown = () => sync.getSnapshot().messages.map((m) => `${m.content}|${m.pending ? (m.failed ? 'failed' : 'pending') : 'saved'}`);
  return { ...s, transport, stored, reports, markAllRead, readWithoutSocket, receipts, sync, stop, shown };
}

const stops: Array<() => void> = [];
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('receipts', () => {
  it('one message_delivered per message however often it is reported; batches of at most 200', () => {
    const s = fakeSocket();
    const r = createReceipts(s.socket);
    r.delivered(CID, [1, 2]);
    r.delivered(CID, [2, 1, 3]);
    r.delivered(CID, [3]);
    expect(s.of('message_delivered')).toEqual([
      { type: 'message_delivered', conversationId: CID, messageIds: [1, 2] },
      { type: 'message_delivered', conversationId: CID, messageIds: [3] },
    ]);
    r.delivered(CID, Array.from({ length: 450 }, (_, i) => 1000 + i));
    expect(s.of('message_delivered').slice(2).map((f) => (f.messageIds as number[]).length)).toEqual([200, 200, 50]);
  });

  it('not remembered while the socket is down; after a reconnect what is still undelivered goes again', () => {
    const s = fakeSocket('reconnecting');
    const r = createReceipts(s.socket);
    r.delivered(CID, [1]);
    expect(s.sent).toEqual([]);
    s.setState('open');
    r.delivered(CID, [1]);
    r.delivered(CID, [1]);
    expect(s.of('message_delivered')).toHaveLength(1);
    s.reconnect();
    r.delivered(CID, [1]);
    expect(s.of('message_delivered')).toHaveLength(2);
  });

  it('read: mark_read over the socket, else the REST call (reported as such)', async () => {
    const s = fakeSocket();
    const markAllRead = vi.fn(async () => undefined);
    const r = createReceipts(s.socket, markAllRead);
    expect(await r.read(CID, [4, 5])).toBe('socket');
    expect(s.of('mark_read')).toEqual([{ type: 'mark_read', conversationId: CID, messageIds: [4, 5] }]);
    s.setState('reconnecting');
    expect(await r.read(CID, [6])).toBe('rest');
    expect(markAllRead).toHaveBeenCalledWith(CID);
    markAllRead.mockRejectedValueOnce(new Error('offline'));
    expect(await r.read(CID, [6])).toBe('failed');
  });
});

describe('conversation sync', () => {
  it('joins while the socket is open, again after it comes back, and leaves on stop', () => {
    const t = setup();
    expect(t.of('join_conversation')).toEqual([{ type: 'join_conversation', conversationId: CID }]);
    t.setState('reconnecting');
    t.setState('open');
    expect(t.of('join_conversation')).toHaveLength(2);
    t.stop();
    expect(t.of('leave_conversation')).toEqual([{ type: 'leave_conversation', conversationId: CID }]);
  });

  it('a send over the socket stays pending in the outbox until its receipt; a repeated receipt changes nothing', async () => {
    const t = setup();
    const sending = t.sync.send('  on my way  ');
    expect(t.sync.getSnapshot().sending).toBe(true);
    const frame = t.of('send_message')[0]!;
    expect(frame).toMatchObject({ conversationId: CID, content: 'on my way' });
    expect(t.shown()).toEqual(['on my way|pending']);
    expect(loadOutbox(ME)).toHaveLength(1);

    const receipt = msg({ senderId: ME, content: 'on my way', clientMessageId: frame.clientMessageId as string });
    t.frame({ type: 'new_message', conversationId: CID, senderName: 'me', message: receipt });
    t.frame({ type: 'new_message', conversationId: CID, senderName: 'me', message: receipt });
    expect(await sending).toEqual({ ok: true });
    expect(t.shown()).toEqual(['on my way|saved']);
    expect(t.sync.getSnapshot().sending).toBe(false);
    expect(loadOutbox(ME)).toEqual([]);
    await vi.advanceTimersByTimeAsync(RECEIPT_TIMEOUT_MS);
    expect(t.transport.send).not.toHaveBeenCalled();
  });

  it('blank or temp sends are refused before anything is stored', async () => {
    const t = setup();
    expect(await t.sync.send('   ')).toEqual({ ok: false, error: null });
    const temp = createConversationSync({ conversationId: 'temp_1', me: ME, socket: t.socket, report: () => undefined, onReadWithoutSocket: () => undefined });
    expect((await temp.send('hi')).ok).toBe(false);
    expect(t.sent.filter((f) => f.type === 'send_message')).toEqual([]);
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('no receipt within RECEIPT_TIMEOUT_MS: the same clientMessageId goes over REST', async () => {
    const t = setup();
    const sending = t.sync.send('anyone there?');
    const { clientMessageId } = t.of('send_message')[0]!;
    await vi.advanceTimersByTimeAsync(RECEIPT_TIMEOUT_MS);
    await sending;
    expect(t.transport.send).toHaveBeenCalledWith(String(CID), 'anyone there?', clientMessageId);
    expect(t.shown()).toEqual(['anyone there?|saved']);
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('socket down: straight over REST; a final refusal leaves the outbox, a passing one stays in it', async () => {
    const t = setup({ state: 'reconnecting' });
    t.transport.send.mockRejectedValueOnce(new ApiError(403, 'Forbidden', '', { message: 'You cannot message this member.' }));
    await t.sync.send('first');
    expect(t.shown()).toEqual(['first|failed']);
    expect(t.reports).toEqual([{ title: 'Error', description: 'You cannot message this member.' }]);
    expect(loadOutbox(ME)).toEqual([]);

    t.transport.send.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable', '', { message: 'Under maintenance' }));
    await t.sync.send('second');
    expect(t.shown()).toEqual(['first|failed', 'second|failed']);
    expect(loadOutbox(ME).map((i) => i.content)).toEqual(['second']);

    // Retried by hand: the same clientMessageId, now stored.
    t.sync.retry(loadOutbox(ME)[0]!.clientMessageId);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.shown()).toEqual(['second|saved', 'first|failed']); // unsent ones stay last
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('sent over REST before the first load: the load (which resends the outbox) joins that send, never repeats it', async () => {
    const t = setup({ state: 'reconnecting' });
    let answer!: () => void;
    t.transport.send.mockImplementationOnce(async (_cid, text, clientMessageId) => {
      await new Promise<void>((resolve) => (answer = resolve));
      const m = msg({ senderId: ME, content: text, clientMessageId });
      t.stored.push(m);
      return m;
    });
    const sending = t.sync.send('before the load');
    t.sync.loaded(conversation([]));
    answer();
    await sending;
    await vi.advanceTimersByTimeAsync(0);
    expect(t.transport.send).toHaveBeenCalledTimes(1);
    expect(t.shown()).toEqual(['before the load|saved']);
    expect(loadOutbox(ME)).toEqual([]);
  });

  it("the socket's error for a send marks it failed and says why", async () => {
    const t = setup();
    const sending = t.sync.send('after suspension');
    const { clientMessageId } = t.of('send_message')[0]!;
    t.frame({ type: 'error', message: 'Your chat feature has been suspended by an administrator.', clientMessageId: clientMessageId as string });
    await sending;
    expect(t.shown()).toEqual(['after suspension|failed']);
    expect(t.reports).toEqual([{ title: 'Error', description: 'Your chat feature has been suspended by an administrator.' }]);
    await vi.advanceTimersByTimeAsync(RECEIPT_TIMEOUT_MS);
    expect(t.transport.send).not.toHaveBeenCalled();
  });

  it('REST loads: merged, the other member’s reported delivered once across polls, earlier sends resent once', () => {
    addToOutbox({ conversationId: String(CID), clientMessageId: 'left-over', content: 'from before', createdAt: '', senderId: ME });
    const t = setup();
    expect(t.shown()).toEqual(['from before|pending']);
    const theirs = msg();
    t.sync.loaded(conversation([theirs], true));
    t.sync.loaded(conversation([theirs], true));
    expect(t.of('message_delivered')).toEqual([{ type: 'message_delivered', conversationId: CID, messageIds: [theirs.id] }]);
    expect(t.of('send_message')).toEqual([{ type: 'send_message', conversationId: CID, content: 'from before', clientMessageId: 'left-over' }]);
    expect(t.sync.getSnapshot().hasOlder).toBe(true);
    // A live copy of the same message is not reported again.
    t.frame({ type: 'new_message', conversationId: CID, senderName: 'jo', message: theirs });
    t.frame({ type: 'new_message', conversationId: 99, senderName: 'jo', message: msg({ conversationId: 99 }) });
    expect(t.of('message_delivered')).toHaveLength(1);
    expect(t.shown()).toEqual(['hello|saved', 'from before|pending']);
  });

  it('read READ_DELAY_MS after appearing, only while shown; a new arrival restarts the wait', async () => {
    const t = setup();
    const first = msg();
    t.sync.loaded(conversation([first]));
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS * 2);
    expect(t.of('mark_read')).toEqual([]);

    t.sync.setShown(true);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS - 100);
    const second = msg();
    t.frame({ type: 'new_message', conversationId: CID, senderName: 'jo', message: second });
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS - 100);
    expect(t.of('mark_read')).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.of('mark_read')).toEqual([{ type: 'mark_read', conversationId: CID, messageIds: [first.id, second.id] }]);
    expect(t.sync.getSnapshot().messages.every((m) => m.readAt)).toBe(true);
    expect(t.readWithoutSocket).not.toHaveBeenCalled();

    // Without the socket: the REST call, and the counts are refetched (no inbox_update will come).
    t.setState('reconnecting');
    t.frame({ type: 'new_message', conversationId: CID, senderName: 'jo', message: msg() });
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS);
    expect(t.markAllRead).toHaveBeenCalledWith(CID);
    expect(t.readWithoutSocket).toHaveBeenCalledTimes(1);
  });

  it('message_status frames tick the sender’s messages', () => {
    const t = setup();
    const mine = msg({ senderId: ME });
    t.sync.loaded(conversation([mine]));
    const at = new Date().toISOString();
    t.frame({ type: 'message_status', conversationId: CID, messageIds: [mine.id], readAt: at });
    expect(t.sync.getSnapshot().messages[0]).toMatchObject({ deliveredAt: at, readAt: at });
  });

  it('after a reconnect: catches up from the last id seen, then resends what is unacknowledged with the same id', async () => {
    const t = setup();
    const seen = msg();
    t.sync.loaded(conversation([seen]));
    void t.sync.send('still mine');
    const { clientMessageId } = t.of('send_message')[0]!;
    t.setState('reconnecting');
    const missed = msg({ content: 'missed' });
    t.stored.push(seen, missed);
    t.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.transport.catchUp).toHaveBeenCalledWith(String(CID), seen.id);
    expect(t.shown()).toEqual(['hello|saved', 'missed|saved', 'still mine|pending']);
    expect(t.of('send_message').map((f) => f.clientMessageId)).toEqual([clientMessageId, clientMessageId]);
  });

  it('a photo goes with its uploadId, the text may be empty; the outbox keeps it for the resend after a reconnect and for REST', async () => {
    const t = setup();
    const upload = { id: 'abcdefghij0123456789', url: '/uploads/abcdefghij0123456789/full.webp', width: 2048, height: 1536 };
    void t.sync.send('   ', upload);
    const frame = t.of('send_message')[0]!;
    expect(frame).toEqual({ type: 'send_message', conversationId: CID, content: '', uploadId: upload.id, clientMessageId: expect.any(String) });
    // Shown at once, pending, with the stored photo.
    expect(t.sync.getSnapshot().messages[0]).toMatchObject({ pending: true, photo: { id: upload.id, src: upload.url, width: 2048, height: 1536 } });
    expect(loadOutbox(ME)).toMatchObject([{ clientMessageId: frame.clientMessageId, content: '', uploadId: upload.id }]);

    t.setState('reconnecting');
    t.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.of('send_message')).toEqual([frame, frame]);

    // No receipt: the same send over REST, photo and all.
    await vi.advanceTimersByTimeAsync(RECEIPT_TIMEOUT_MS);
    expect(t.transport.send).toHaveBeenCalledWith(String(CID), '', frame.clientMessageId, upload.id);
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('without a photo a blank text is still refused', async () => {
    const t = setup();
    expect(await t.sync.send('  ')).toEqual({ ok: false, error: null });
    expect(t.of('send_message')).toEqual([]);
  });

  it('back online with the socket still down: the outbox goes over REST', async () => {
    const t = setup({ state: 'failed' });
    addToOutbox({ conversationId: String(CID), clientMessageId: 'c1', content: 'queued', createdAt: '', senderId: ME });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.transport.send).toHaveBeenCalledWith(String(CID), 'queued', 'c1');
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('older messages are merged in front; a failure is reported', async () => {
    const t = setup();
    const newest = msg();
    t.sync.loaded(conversation([newest], true));
    const older = msg({ id: newest.id - 50, content: 'older', createdAt: '2020-01-01T00:00:00.000Z' });
    t.transport.fetchOlder.mockResolvedValueOnce(conversation([older], false));
    await t.sync.loadOlder();
    expect(t.transport.fetchOlder).toHaveBeenCalledWith(String(CID), newest.id);
    expect(t.shown()).toEqual(['older|saved', 'hello|saved']);
    expect(t.sync.getSnapshot()).toMatchObject({ hasOlder: false, loadingOlder: false });
  });
});
