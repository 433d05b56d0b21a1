import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CHAT_PAGE } from '@common/rules/chat';
import type { TChatWindowState } from '@common/contracts/chat';
import {
  catchUpMessages,
  getChatAccess,
  getChatUnreadCount,
  getConversation,
  listConversations,
  markConversationRead,
  sendMessage,
  setChatWindowState,
} from '@endpoints/chat';
import type { TInboxItem } from './types';
import { call } from '@/lib/api-client';

// Spec §7 chat and inbox calls (docs/API.md "Chat").

export const INBOX_ROOT = [listConversations.path] as const;
export const CHAT_UNREAD_KEY = [getChatUnreadCount.path] as const;
export const CHAT_ACCESS_KEY = [getChatAccess.path] as const;

export const conversationKey = (id: number | string) => [...INBOX_ROOT, String(id)] as const;

/** A 401/403/404: asking again will not change the answer until something else does. */
const refused = (err: unknown) => {
  const status = (err as { status?: number } | null)?.status;
  return status === 401 || status === 403 || status === 404;
};

/** No retry on 401/403/404 (spec §7), otherwise up to `max`. */
const retryUnlessRefused = (max: number) => (count: number, err: unknown) => !refused(err) && count < max;

/**
 * Every 5 s (spec §7/§9), but not after a refusal (issue 18: a 403 polled every 5 s for ever). A
 * refetch that succeeds (chat access restored: chat-center.tsx refetches on `chat_access`) resumes it.
 */
const POLL_MS = 5000;
const pollUnlessRefused = (query: { state: { error: unknown } }) => (refused(query.state.error) ? false : POLL_MS);

/** The next page starts after the last item: its (updatedAt, id), so ties in time are not skipped. */
export type InboxCursor = { before: string; beforeId: number };

export const inboxNextCursor = (page: readonly TInboxItem[]): InboxCursor | null => {
  const last = page.at(-1);
  return page.length < CHAT_PAGE || !last ? null : { before: last.updatedAt, beforeId: last.id };
};

/** The inbox, most recent first, page by page ('Load more'); every loaded page is polled every 5 s (not after a refusal). */
export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: INBOX_ROOT,
    queryFn: ({ signal, pageParam }) => call(listConversations, { query: pageParam ?? undefined }, { signal }),
    initialPageParam: null as InboxCursor | null,
    getNextPageParam: inboxNextCursor,
    refetchInterval: pollUnlessRefused,
    retry: retryUnlessRefused(3),
  });

/** Spec §7/§9: polled every 5 s (not after a refusal), 2 retries. */
export const conversationQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => call(getConversation, { params: { id } }, { signal }),
    refetchInterval: pollUnlessRefused,
    retry: retryUnlessRefused(2),
  });

/** Why chat is refused to the member, and a chat suspension's reason (read once; a `chat_access` frame refetches it). */
export const chatAccessQueryOptions = () =>
  queryOptions({
    queryKey: CHAT_ACCESS_KEY,
    queryFn: ({ signal }) => call(getChatAccess, undefined, { signal }),
    retry: retryUnlessRefused(2),
  });

export const fetchOlder = (id: number | string, before: number) => call(getConversation, { params: { id }, query: { before } });

/** Spec §7/§9: polled every 5 s while signed in (not after a refusal). */
export const chatUnreadQueryOptions = () =>
  queryOptions({
    queryKey: CHAT_UNREAD_KEY,
    queryFn: ({ signal }) => call(getChatUnreadCount, undefined, { signal }),
    refetchInterval: pollUnlessRefused,
    retry: retryUnlessRefused(3),
  });

export const catchUp = (conversationId: number | string, after: number) => call(catchUpMessages, { query: { conversationId, after } });

export const sendMessageRest = (conversationId: number | string, text: string, clientMessageId: string, uploadId?: string) =>
  call(sendMessage, { params: { id: conversationId }, body: uploadId ? { text, uploadId, clientMessageId } : { text, clientMessageId } });

export const markAllReadIn = (conversationId: number | string) => call(markConversationRead, { params: { id: conversationId } });

export const setWindowState = (conversationId: number | string, state: TChatWindowState) =>
  call(setChatWindowState, { params: { id: conversationId }, body: { state } });
