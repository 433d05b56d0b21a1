import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { nanoid } from 'nanoid';
import { ApiError } from '@/lib/api-client';
import { getSocketClient, useSocketEvent, useSocketReconnected, useSocketState, type SocketClient } from '@/lib/socket-client';
import { toast } from '@/components/ui/toast';
import { catchUp, CHAT_UNREAD_KEY, conversationQueryOptions, fetchOlder, INBOX_ROOT, markConversationRead, sendMessageRest } from '../api/chat-api';
import { applyStatus, CHAT_TEXT, isTempConversation, mergeMessages, unreadFromOthers, validateMessage, type ChatMessage } from '../lib/messages';
import { addToOutbox, outboxFor, removeFromOutbox, type OutboxItem } from '../lib/outbox';

/** No receipt over the socket in this time: the same clientMessageId goes over REST (idempotent). */
export const RECEIPT_TIMEOUT_MS = 8000;
/** Spec §4: unread messages from others in an open chat are marked read 1 s after appearing. */
export const READ_DELAY_MS = 1000;

const toPending = (i: OutboxItem): ChatMessage => ({
  id: i.clientMessageId,
  conversationId: i.conversationId,
  senderId: i.senderId,
  content: i.content,
  createdAt: i.createdAt,
  clientMessageId: i.clientMessageId,
  pending: true,
});

const numericId = (m: ChatMessage) => (typeof m.id === 'number' ? m.id : 0);

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/**
 * One conversation (spec §4 Chat window, §7): REST load polled every 5 s, live frames, sends with a
 * clientMessageId kept in localStorage until the server's receipt (socket `new_message` or the REST
 * answer), retried with the same id after a reconnect, catch-up after a reconnect, delivered on
 * receipt, read 1 s after appearing while `active` and the page is visible.
 */
export function useConversation(conversationId: number | string, me: number, active = true, client: SocketClient = getSocketClient()) {
  const queryClient = useQueryClient();
  const temp = isTempConversation(conversationId);
  const query = useQuery({ ...conversationQueryOptions(conversationId), enabled: !temp });
  const [messages, setMessages] = useState<ChatMessage[]>(() => outboxFor(conversationId).map(toPending));
  const [sending, setSending] = useState(false);
  const [olderState, setOlderState] = useState<{ hasMore: boolean; loading: boolean } | null>(null);
  const socketState = useSocketState(client);
  const visible = useDocumentVisible();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const lastId = useRef(0);
  const cid = String(conversationId);

  const merge = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return;
    setMessages((cur) => mergeMessages(cur, incoming));
  }, []);

  // Server copies (REST) arrive: merged, and any that acknowledge an outbox send clear it.
  const acknowledge = useCallback(
    (list: ChatMessage[]) => {
      const acked = list.map((m) => m.clientMessageId).filter((c): c is string => !!c);
      for (const c of acked) {
        clearTimeout(timers.current.get(c));
        timers.current.delete(c);
      }
      removeFromOutbox(acked);
      for (const m of list) lastId.current = Math.max(lastId.current, numericId(m));
      merge(list);
      const theirs = list.filter((m) => m.senderId !== me && !m.deliveredAt && typeof m.id === 'number').map((m) => m.id as number);
      if (theirs.length) client.send('message_delivered', { conversationId: Number(cid), messageIds: theirs.slice(0, 200) });
    },
    [merge, me, client, cid],
  );

  useEffect(() => {
    if (query.data) {
      acknowledge(query.data.messages);
      setOlderState((s) => s ?? { hasMore: query.data.hasMore, loading: false });
    }
  }, [query.data, acknowledge]);

  useEffect(() => {
    if (query.isError && !(query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))) {
      toast({ title: CHAT_TEXT.loadErrorTitle, description: CHAT_TEXT.loadErrorBody, variant: 'destructive' });
    }
  }, [query.isError, query.error]);

  const markFailed = useCallback((clientMessageId: string) => {
    setMessages((cur) => cur.map((m) => (m.clientMessageId === clientMessageId && m.pending ? { ...m, failed: true } : m)));
  }, []);

  const sendRest = useCallback(
    async (item: OutboxItem, quiet: boolean) => {
      try {
        const saved = await sendMessageRest(item.conversationId, item.content, item.clientMessageId);
        acknowledge([saved]);
      } catch (err) {
        markFailed(item.clientMessageId);
        if (!quiet) toast({ title: CHAT_TEXT.sendErrorTitle, description: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Failed to send message', variant: 'destructive' });
        // A refusal that will not change (too long, not a participant) leaves the outbox; the text stays on screen.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429 && err.status !== 408) removeFromOutbox([item.clientMessageId]);
      }
    },
    [acknowledge, markFailed],
  );

  /** Over the socket when it is open (REST after RECEIPT_TIMEOUT_MS without a receipt), else REST. */
  const deliver = useCallback(
    async (item: OutboxItem, quiet = false) => {
      setMessages((cur) => cur.map((m) => (m.clientMessageId === item.clientMessageId && m.pending ? { ...m, failed: false } : m)));
      const viaSocket = client.send('send_message', { conversationId: Number(item.conversationId), content: item.content, clientMessageId: item.clientMessageId });
      if (!viaSocket) return sendRest(item, quiet);
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.current.delete(item.clientMessageId);
          void sendRest(item, quiet).then(resolve);
        }, RECEIPT_TIMEOUT_MS);
        timers.current.set(item.clientMessageId, t);
        // The receipt clears the timer; resolve then too.
        const poll = setInterval(() => {
          if (!timers.current.has(item.clientMessageId)) {
            clearInterval(poll);
            resolve();
          }
        }, 100);
      });
    },
    [client, sendRest],
  );

  const send = useCallback(
    async (raw: string): Promise<{ ok: boolean; error?: string | null }> => {
      const v = validateMessage(raw, conversationId);
      if (!v.ok) return v;
      const item: OutboxItem = { conversationId: cid, clientMessageId: nanoid(), content: v.text, createdAt: new Date().toISOString(), senderId: me };
      addToOutbox(item);
      merge([toPending(item)]);
      setSending(true);
      try {
        await deliver(item);
      } finally {
        setSending(false);
      }
      return { ok: true };
    },
    [conversationId, cid, me, merge, deliver],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const m = messages.find((x) => x.clientMessageId === clientMessageId && x.pending);
      if (!m) return;
      const item: OutboxItem = { conversationId: cid, clientMessageId, content: m.content, createdAt: m.createdAt, senderId: me };
      addToOutbox(item);
      void deliver(item);
    },
    [messages, cid, me, deliver],
  );

  // Live frames.
  useSocketEvent(
    'new_message',
    (frame) => {
      if (String(frame.conversationId) !== cid) return;
      acknowledge([frame.message]);
    },
    client,
  );
  useSocketEvent(
    'message_status',
    (frame) => {
      if (String(frame.conversationId) !== cid) return;
      setMessages((cur) => applyStatus(cur, frame.messageIds, frame.deliveredAt, frame.readAt));
    },
    client,
  );
  useSocketEvent(
    'error',
    (frame) => {
      const c = frame.clientMessageId;
      if (!c || !timers.current.has(c)) return;
      clearTimeout(timers.current.get(c));
      timers.current.delete(c);
      markFailed(c);
      toast({ title: CHAT_TEXT.sendErrorTitle, description: frame.message, variant: 'destructive' });
    },
    client,
  );

  // Join while shown; again after every reconnect, with a catch-up and the outbox resent.
  useEffect(() => {
    if (temp || socketState !== 'open') return;
    client.send('join_conversation', { conversationId: Number(cid) });
    return () => void client.send('leave_conversation', { conversationId: Number(cid) });
  }, [client, cid, temp, socketState]);

  const resync = useCallback(async () => {
    if (temp) return;
    try {
      let after = lastId.current;
      for (let i = 0; i < 5; i++) {
        const res = await catchUp(cid, after);
        acknowledge(res.messages);
        after = lastId.current;
        if (!res.hasMore) break;
      }
    } catch {
      // The 5 s poll fills the gap.
    }
    for (const item of outboxFor(cid)) void deliver(item, true);
  }, [temp, cid, acknowledge, deliver]);
  useSocketReconnected(() => void resync(), client);

  // Back in signal with the socket still down (it may have given up): the outbox goes over REST.
  useEffect(() => {
    const online = () => {
      if (client.getState() === 'open') return;
      for (const item of outboxFor(cid)) void deliver(item, true);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [client, cid, deliver]);

  // Sends left from an earlier visit (a reload, a closed tab) go again once.
  const resent = useRef(false);
  useEffect(() => {
    if (temp || resent.current || !query.data) return;
    resent.current = true;
    for (const item of outboxFor(cid)) void deliver(item, true);
  }, [temp, query.data, cid, deliver]);

  // Spec §4: read 1 s after appearing in an open, visible chat.
  const unreadIds = unreadFromOthers(messages, me)
    .map((m) => m.id)
    .join(',');
  useEffect(() => {
    if (!active || !visible || temp || !unreadIds) return;
    const ids = unreadIds.split(',').map(Number).filter(Boolean);
    const t = setTimeout(() => {
      const now = new Date().toISOString();
      setMessages((cur) => applyStatus(cur, ids, now, now));
      const ok = client.send('mark_read', { conversationId: Number(cid), messageIds: ids.slice(0, 200) });
      const done = ok ? Promise.resolve() : markConversationRead(cid).then(() => undefined);
      void done
        .catch(() => undefined)
        .then(() => {
          void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY });
          void queryClient.invalidateQueries({ queryKey: INBOX_ROOT, exact: true });
        });
    }, READ_DELAY_MS);
    return () => clearTimeout(t);
  }, [active, visible, temp, unreadIds, client, cid, queryClient]);

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const t of map.values()) clearTimeout(t);
      map.clear();
    };
  }, []);

  const loadOlder = useCallback(async () => {
    const first = messages.find((m) => typeof m.id === 'number');
    if (!first || !olderState?.hasMore) return;
    setOlderState({ hasMore: true, loading: true });
    try {
      const res = await fetchOlder(cid, first.id as number);
      merge(res.messages);
      setOlderState({ hasMore: res.hasMore, loading: false });
    } catch {
      toast({ title: CHAT_TEXT.loadErrorTitle, description: CHAT_TEXT.loadErrorBody, variant: 'destructive' });
      setOlderState({ hasMore: true, loading: false });
    }
  }, [messages, olderState, cid, merge]);

  return {
    query,
    conversation: query.data,
    messages,
    send,
    retry,
    sending,
    hasOlder: !!olderState?.hasMore,
    loadingOlder: !!olderState?.loading,
    loadOlder,
    temp,
  };
}
