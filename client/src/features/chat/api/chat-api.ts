import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TCatchUpResponse, TChatMessage, TConversation, TInboxItem, TUnreadCount } from './types';
import { api, withQuery } from '@/lib/api-client';
import { catchUpPath, conversationMessagesPath, conversationPath, conversationReadPath, inboxPath, unreadCountPath, windowStatePath } from './endpoints';

// Spec §7 chat and inbox calls (docs/API.md "Chat").

export const INBOX_ROOT = [inboxPath] as const;
export const CHAT_UNREAD_KEY = [unreadCountPath] as const;

export const conversationKey = (id: number | string) => [...INBOX_ROOT, String(id)] as const;

/** No retry on 401/403/404 (spec §7), otherwise up to `max`. */
const retryUnlessRefused = (max: number) => (count: number, err: unknown) => {
  const status = (err as { status?: number } | null)?.status;
  if (status === 401 || status === 403 || status === 404) return false;
  return count < max;
};

/** Conversations per inbox page (CHAT_PAGE of common/contracts/chat.ts; a value import there would bring zod along). */
export const INBOX_PAGE = 50;
/** The next page starts after the last item: its (updatedAt, id), so ties in time are not skipped. */
export type InboxCursor = { before: string; beforeId: number };

export const inboxNextCursor = (page: readonly TInboxItem[]): InboxCursor | null => {
  const last = page.at(-1);
  return page.length < INBOX_PAGE || !last ? null : { before: last.updatedAt, beforeId: last.id };
};

/** The inbox, most recent first, page by page ('Load more'); every loaded page is polled every 5 s. */
export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: INBOX_ROOT,
    queryFn: ({ signal, pageParam }) => api.get<TInboxItem[]>(withQuery(inboxPath, pageParam ?? undefined), { signal }),
    initialPageParam: null as InboxCursor | null,
    getNextPageParam: inboxNextCursor,
    refetchInterval: 5000,
  });

/** Spec §7/§9: polled every 5 s, 2 retries. */
export const conversationQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => api.get<TConversation>(conversationPath(id), { signal }),
    refetchInterval: 5000,
    retry: retryUnlessRefused(2),
  });

export const fetchOlder = (id: number | string, before: number) => api.get<TConversation>(withQuery(conversationPath(id), { before }));

/** Spec §7/§9: polled every 5 s while signed in. */
export const chatUnreadQueryOptions = () =>
  queryOptions({
    queryKey: CHAT_UNREAD_KEY,
    queryFn: ({ signal }) => api.get<TUnreadCount>(unreadCountPath, { signal }),
    refetchInterval: 5000,
    retry: retryUnlessRefused(3),
  });

export const catchUp = (conversationId: number | string, after: number) =>
  api.get<TCatchUpResponse>(withQuery(catchUpPath, { conversationId: String(conversationId), after }));

export const sendMessageRest = (conversationId: number | string, text: string, clientMessageId: string) =>
  api.post<TChatMessage>(conversationMessagesPath(conversationId), { text, clientMessageId });

export const markConversationRead = (conversationId: number | string) => api.put<unknown>(conversationReadPath(conversationId));

export const setWindowState = (conversationId: number | string, state: 'open' | 'minimized' | 'closed') =>
  api.put<unknown>(windowStatePath(conversationId), { state });
