import { nanoid } from 'nanoid';
import { ApiError } from '@/lib/api-client';
import { askForPushLater } from '@/lib/push-ask';
import type { SocketClient } from '@/lib/socket-client';
import { catchUp, fetchOlder, markAllReadIn, sendMessageRest } from '../api/chat-api';
import type { TPhoto, TUpload } from '@common/contracts/uploads';
import type { TCatchUpResponse, TChatMessage, TConversation } from '../api/types';
import { applyStatus, CHAT_TEXT, isTempConversation, mergeMessages, unreadFromOthers, validateMessage, type ChatMessage } from './messages';
import { addToOutbox, outboxFor, removeFromOutbox, type OutboxItem } from './outbox';

// Chat sync without React (spec §4 Chat window, §7; docs/API.md "Chat"): what one open conversation
// holds, how sends reach the server and how receipts go back. The hook (hooks/use-conversation.ts)
// only feeds it the REST load and whether the chat is shown; the header (chat-center.tsx) reports
// the messages it hears through the same receipts, so each is acknowledged once.

/** No receipt over the socket in this time: the same clientMessageId goes over REST (idempotent). */
export const RECEIPT_TIMEOUT_MS = 8000;
/** Spec §4: unread messages from others in an open chat are marked read 1 s after appearing. */
export const READ_DELAY_MS = 1000;
/** The most ids one message_delivered or mark_read frame takes (common/ws-events.ts). */
export const RECEIPT_BATCH_MAX = 200;
/** Catch-up pages read after a reconnect; the 5 s poll fills any gap beyond. */
const CATCH_UP_PAGES = 5;

export type ChatSocket = Pick<SocketClient, 'send' | 'getState' | 'subscribe' | 'onReconnected' | 'onStateChange'>;

// ---- receipts: the one sender of message_delivered and mark_read ----

export type Receipts = {
  /**
   * This client has these messages of the other member (issue 5: delivered when the recipient's
   * client has them): one message_delivered per message, however many parts of the page saw it.
   */
  delivered(conversationId: number, messageIds: readonly number[]): void;
  /** Marks them read: mark_read over the socket (an inbox_update follows), else the REST call that reads them all. */
  read(conversationId: number, messageIds: readonly number[]): Promise<'socket' | 'rest' | 'failed'>;
};

/** Ids remembered as delivered; past this the memory starts again (a repeat is harmless, only wasted). */
const DELIVERED_MEMORY = 5000;

export function createReceipts(socket: ChatSocket, markAllRead: (conversationId: number) => Promise<unknown> = markAllReadIn): Receipts {
  let sent = new Set<number>();
  // A frame sent just before a drop may be lost: after a reconnect, what is still undelivered goes again.
  socket.onReconnected(() => {
    sent = new Set();
  });
  return {
    delivered(conversationId, messageIds) {
      const fresh = [...new Set(messageIds)].filter((id) => !sent.has(id));
      for (let i = 0; i < fresh.length; i += RECEIPT_BATCH_MAX) {
        const batch = fresh.slice(i, i + RECEIPT_BATCH_MAX);
        if (!socket.send('message_delivered', { conversationId, messageIds: batch })) return;
        if (sent.size + batch.length > DELIVERED_MEMORY) sent = new Set();
        for (const id of batch) sent.add(id);
      }
    },
    async read(conversationId, messageIds) {
      if (messageIds.length > 0 && messageIds.length <= RECEIPT_BATCH_MAX && socket.send('mark_read', { conversationId, messageIds: [...messageIds] })) {
        return 'socket';
      }
      try {
        await markAllRead(conversationId);
        return 'rest';
      } catch {
        return 'failed';
      }
    },
  };
}

const shared = new WeakMap<ChatSocket, Receipts>();
/** The receipts of this socket: every part of the page that sees messages reports through these. */
export function receiptsFor(socket: ChatSocket): Receipts {
  let r = shared.get(socket);
  if (!r) shared.set(socket, (r = createReceipts(socket)));
  return r;
}

// ---- one conversation ----

export type ChatTransport = {
  catchUp(conversationId: string, after: number): Promise<TCatchUpResponse>;
  fetchOlder(conversationId: string, before: number): Promise<TConversation>;
  send(conversationId: string, text: string, clientMessageId: string, uploadId?: string): Promise<TChatMessage>;
};

const restTransport: ChatTransport = { catchUp, fetchOlder, send: sendMessageRest };

export type SyncProblem = { title: string; description: string };

export type ConversationSyncOptions = {
  conversationId: number | string;
  me: number;
  socket: ChatSocket;
  /** A failure the member should see (a toast). */
  report(problem: SyncProblem): void;
  /** Messages were read without the socket: no inbox_update will come, so the unread counts need a refetch. */
  onReadWithoutSocket(): void;
  transport?: ChatTransport;
  receipts?: Receipts;
};

export type ConversationState = {
  messages: ChatMessage[];
  /** A send of this page is on its way (until its receipt, or the REST answer). */
  sending: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
};

export type ConversationSync = {
  getSnapshot(): ConversationState;
  subscribe(listener: () => void): () => void;
  /** Hears the socket (frames, reconnects, back online) until the returned stop is called. */
  start(): () => void;
  /** A REST load of the conversation (first load and every poll). */
  loaded(conversation: TConversation): void;
  /** Spec §4: while shown (open, not minimized, page visible) the other member's messages are read after READ_DELAY_MS. */
  setShown(shown: boolean): void;
  /** Sends the text, with a photo already uploaded (then the text may be empty). */
  send(raw: string, photo?: SentPhoto): Promise<{ ok: boolean; error?: string | null }>;
  retry(clientMessageId: string): void;
  loadOlder(): Promise<void>;
};

/** A photo sent with a message: the upload (POST /api/uploads answered) it carries. */
export type SentPhoto = Pick<TUpload, 'id' | 'url' | 'width' | 'height'>;

/** How a pending message shows its photo: the stored full size, until the server's copy brings the srcset. */
const pendingPhoto = (p: SentPhoto): TPhoto => ({ id: p.id, src: p.url, srcset: '', width: p.width, height: p.height });

const toPending = (i: OutboxItem): ChatMessage => ({
  id: i.clientMessageId,
  conversationId: i.conversationId,
  senderId: i.senderId,
  content: i.content,
  createdAt: i.createdAt,
  clientMessageId: i.clientMessageId,
  ...(i.photo && { photo: i.photo }),
  pending: true,
});

const numericId = (m: ChatMessage) => (typeof m.id === 'number' ? m.id : 0);

/** A refusal that will not change by retrying (too long, not a participant, blocked): the send leaves the outbox. */
const isFinal = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429 && err.status !== 408;

/**
 * One conversation: sends carry a clientMessageId and stay in the outbox (localStorage) until the
 * server's receipt (socket `new_message` or the REST answer); over the socket when it is open, over
 * REST after RECEIPT_TIMEOUT_MS without a receipt or when it is not; resent with the same id after a
 * reconnect, back online and on the first load. After a reconnect it catches up what it missed.
 */
export function createConversationSync(opts: ConversationSyncOptions): ConversationSync {
  const { me, socket, report } = opts;
  const transport = opts.transport ?? restTransport;
  const receipts = opts.receipts ?? receiptsFor(socket);
  const cid = String(opts.conversationId);
  const numericCid = Number(cid);
  const temp = isTempConversation(opts.conversationId);

  let state: ConversationState = { messages: outboxFor(me, cid).map(toPending), sending: false, hasOlder: false, loadingOlder: false };
  const listeners = new Set<() => void>();
  /** Sends over the socket waiting for their receipt: clientMessageId → REST fallback timer and the send's end. */
  const awaiting = new Map<string, { timer: ReturnType<typeof setTimeout>; done: () => void }>();
  let lastId = 0;
  let firstLoad = true;
  let shown = false;
  let running = false;
  let joined = false;
  let readTimer: ReturnType<typeof setTimeout> | null = null;
  let readKey = '';

  const set = (patch: Partial<ConversationState>) => {
    state = { ...state, ...patch };
    if (patch.messages) scheduleRead();
    for (const l of [...listeners]) l();
  };
  const update = (fn: (list: ChatMessage[]) => ChatMessage[]) => set({ messages: fn(state.messages) });

  const settle = (clientMessageId: string) => {
    const w = awaiting.get(clientMessageId);
    if (!w) return;
    clearTimeout(w.timer);
    awaiting.delete(clientMessageId);
    w.done();
  };

  /** Server copies arrive: merged; those that acknowledge a send clear it; the other member's are reported delivered. */
  const acknowledge = (list: readonly ChatMessage[]) => {
    if (list.length === 0) return;
    const acked = list.map((m) => m.clientMessageId).filter((c): c is string => !!c);
    for (const c of acked) settle(c);
    removeFromOutbox(me, acked);
    for (const m of list) lastId = Math.max(lastId, numericId(m));
    update((cur) => mergeMessages(cur, list));
    const theirs = list.filter((m) => m.senderId !== me && !m.deliveredAt && typeof m.id === 'number').map((m) => m.id as number);
    if (theirs.length) receipts.delivered(numericCid, theirs);
  };

  const markFailed = (clientMessageId: string, failed: boolean) =>
    update((cur) => cur.map((m) => (m.clientMessageId === clientMessageId && m.pending ? { ...m, failed } : m)));

  /** REST sends on their way, by clientMessageId: a resend of the outbox while one is out waits for it instead. */
  const posting = new Map<string, Promise<void>>();

  const sendRest = (item: OutboxItem, quiet: boolean): Promise<void> => {
    const pending = posting.get(item.clientMessageId);
    if (pending) return pending;
    const sent = (async () => {
      try {
        const photo = item.uploadId ? [item.uploadId] : [];
        acknowledge([await transport.send(item.conversationId, item.content, item.clientMessageId, ...photo)]);
      } catch (err) {
        markFailed(item.clientMessageId, true);
        if (!quiet) report({ title: CHAT_TEXT.sendErrorTitle, description: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Failed to send message' });
        // The text stays on screen (failed, with its retry) even when it leaves the outbox.
        if (isFinal(err)) removeFromOutbox(me, [item.clientMessageId]);
      } finally {
        posting.delete(item.clientMessageId);
      }
    })();
    posting.set(item.clientMessageId, sent);
    return sent;
  };

  /** Over the socket when it is open (REST after RECEIPT_TIMEOUT_MS without a receipt), else REST. Resolves when settled. */
  const deliver = (item: OutboxItem, quiet = false): Promise<void> => {
    // Already going over REST (a send made before the first load, which resends the outbox): that one settles it.
    const pending = posting.get(item.clientMessageId);
    if (pending) return pending;
    markFailed(item.clientMessageId, false);
    settle(item.clientMessageId); // an earlier try of the same send is superseded
    const viaSocket = socket.send('send_message', {
      conversationId: Number(item.conversationId),
      content: item.content,
      ...(item.uploadId && { uploadId: item.uploadId }),
      clientMessageId: item.clientMessageId,
    });
    if (!viaSocket) return sendRest(item, quiet);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        awaiting.delete(item.clientMessageId);
        void sendRest(item, quiet).then(resolve);
      }, RECEIPT_TIMEOUT_MS);
      awaiting.set(item.clientMessageId, { timer, done: resolve });
    });
  };

  const resendOutbox = () => {
    for (const item of outboxFor(me, cid)) void deliver(item, true);
  };

  function scheduleRead() {
    const ids = shown && !temp ? unreadFromOthers(state.messages, me).map((m) => m.id as number) : [];
    const key = ids.join(',');
    if (key === readKey) return;
    readKey = key;
    if (readTimer) clearTimeout(readTimer);
    readTimer = null;
    if (!ids.length || !running) return;
    readTimer = setTimeout(() => {
      readTimer = null;
      readKey = '';
      const now = new Date().toISOString();
      update((cur) => applyStatus(cur, ids, now, now));
      void receipts.read(numericCid, ids).then((how) => {
        if (how !== 'socket') opts.onReadWithoutSocket();
      });
    }, READ_DELAY_MS);
  }

  const join = () => {
    const open = socket.getState() === 'open';
    if (open && !joined && !temp) socket.send('join_conversation', { conversationId: numericCid });
    joined = open && !temp;
  };

  const resync = async () => {
    if (temp) return;
    try {
      let after = lastId;
      for (let i = 0; i < CATCH_UP_PAGES; i++) {
        const res = await transport.catchUp(cid, after);
        acknowledge(res.messages);
        after = lastId;
        if (!res.hasMore) break;
      }
    } catch {
      // The 5 s poll fills the gap.
    }
    resendOutbox();
  };

  const online = () => {
    // Back in signal with the socket still down (it may have given up): the outbox goes over REST.
    if (socket.getState() !== 'open') resendOutbox();
  };

  const mine = (conversationId: number) => String(conversationId) === cid;

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    start() {
      running = true;
      const stops = [
        socket.subscribe('new_message', (f) => mine(f.conversationId) && acknowledge([f.message])),
        socket.subscribe('message_status', (f) => {
          if (mine(f.conversationId)) update((cur) => applyStatus(cur, f.messageIds, f.deliveredAt, f.readAt));
        }),
        socket.subscribe('error', (f) => {
          // A refused send of this conversation (the socket's answer instead of its receipt).
          const c = f.clientMessageId;
          if (!c || !awaiting.has(c)) return;
          settle(c);
          markFailed(c, true);
          report({ title: CHAT_TEXT.sendErrorTitle, description: f.message });
        }),
        // Joined while shown; again after every reconnect, with a catch-up and the outbox resent.
        socket.onStateChange(join),
        socket.onReconnected(() => void resync()),
      ];
      if (typeof window !== 'undefined') {
        window.addEventListener('online', online);
        stops.push(() => window.removeEventListener('online', online));
      }
      join();
      readKey = '';
      scheduleRead();
      return () => {
        running = false;
        for (const stop of stops) stop();
        if (joined) socket.send('leave_conversation', { conversationId: numericCid });
        joined = false;
        if (readTimer) clearTimeout(readTimer);
        readTimer = null;
        // Unacknowledged sends stay in the outbox for the next visit.
        for (const c of [...awaiting.keys()]) settle(c);
      };
    },

    loaded(conversation) {
      acknowledge(conversation.messages);
      if (firstLoad) {
        firstLoad = false;
        set({ hasOlder: conversation.hasMore });
        // Sends left from an earlier visit (a reload, a closed tab) go again once.
        resendOutbox();
      }
    },

    setShown(next) {
      shown = next;
      scheduleRead();
    },

    async send(raw, photo) {
      // With a photo the text may be empty (the photo alone); otherwise the usual rules.
      const v = photo && !raw.trim() && !temp ? { ok: true as const, text: '' } : validateMessage(raw, opts.conversationId);
      if (!v.ok) return v;
      const item: OutboxItem = {
        conversationId: cid,
        clientMessageId: nanoid(),
        content: v.text,
        createdAt: new Date().toISOString(),
        senderId: me,
        ...(photo && { uploadId: photo.id, photo: pendingPhoto(photo) }),
      };
      addToOutbox(item);
      update((cur) => mergeMessages(cur, [toPending(item)]));
      set({ sending: true });
      try {
        await deliver(item);
      } finally {
        set({ sending: false });
      }
      // Delivered (no longer pending): a moment to offer push notifications (issue 16).
      if (!state.messages.some((m) => m.clientMessageId === item.clientMessageId && m.pending)) askForPushLater('chat');
      return { ok: true };
    },

    retry(clientMessageId) {
      const m = state.messages.find((x) => x.clientMessageId === clientMessageId && x.pending);
      if (!m) return;
      // A pending message's photo is its upload (toPending): the retry carries it again.
      const photo = m.photo ?? undefined;
      const item: OutboxItem = {
        conversationId: cid,
        clientMessageId,
        content: m.content,
        createdAt: m.createdAt,
        senderId: me,
        ...(photo && { uploadId: photo.id, photo }),
      };
      addToOutbox(item);
      void deliver(item);
    },

    async loadOlder() {
      const first = state.messages.find((m) => typeof m.id === 'number');
      if (!first || !state.hasOlder || state.loadingOlder) return;
      set({ loadingOlder: true });
      try {
        const res = await transport.fetchOlder(cid, first.id as number);
        set({ messages: mergeMessages(state.messages, res.messages), hasOlder: res.hasMore, loadingOlder: false });
      } catch {
        report({ title: CHAT_TEXT.loadErrorTitle, description: CHAT_TEXT.loadErrorBody });
        set({ loadingOlder: false });
      }
    },
  };
}
