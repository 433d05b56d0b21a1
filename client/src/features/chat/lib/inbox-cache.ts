import type { InfiniteData } from '@tanstack/react-query';
import type { InboxCursor } from '../api/chat-api';
import type { TChatMessage, TInboxItem } from '../api/types';

// The cached inbox (every loaded page of GET /api/inbox/conversations) kept current from the socket's
// frames, so a message costs no refetch; the 5 s poll still corrects anything these miss.

export type InboxPages = InfiniteData<TInboxItem[], InboxCursor | null>;

/**
 * new_message: its conversation moves to the top with it as the last message. null when that
 * conversation is not among the loaded pages (a new one, or further down): refetch then.
 */
export function withNewMessage(data: InboxPages, conversationId: number, message: TChatMessage): InboxPages | null {
  const row = data.pages.flat().find((c) => c.id === conversationId);
  if (!row) return null;
  // A late frame (an older message, or the same one again) changes nothing.
  if (row.lastMessage && row.lastMessage.id >= message.id) return data;
  const moved: TInboxItem = { ...row, lastMessage: message, updatedAt: message.createdAt };
  const pages = data.pages.map((page) => page.filter((c) => c.id !== conversationId));
  pages[0] = [moved, ...(pages[0] ?? [])];
  return { ...data, pages };
}

/** inbox_update: the conversation's unread count (the total is the header badge's). Unchanged pages stay the same objects. */
export function withUnreadCount(data: InboxPages, conversationId: number, unreadCount: number): InboxPages {
  const at = (page: TInboxItem[]) => page.findIndex((c) => c.id === conversationId && c.unreadCount !== unreadCount);
  if (!data.pages.some((page) => at(page) !== -1)) return data;
  const pages = data.pages.map((page) => (at(page) === -1 ? page : page.map((c) => (c.id === conversationId ? { ...c, unreadCount } : c))));
  return { ...data, pages };
}
