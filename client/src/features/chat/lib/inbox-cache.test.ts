import { describe, expect, it } from 'vitest';
import type { TChatMessage, TInboxItem } from '@common/contracts/chat';
import { withNewMessage, withUnreadCount, type InboxPages } from './inbox-cache';

const message = (id: number, conversationId: number, createdAt = '2026-03-01T10:00:00.000Z'): TChatMessage => ({
  id,
  conversationId,
  senderId: 2,
  content: `message ${id}`,
  photo: null,
  createdAt,
  deliveredAt: null,
  readAt: null,
  clientMessageId: null,
});
const row = (id: number, lastId: number): TInboxItem => ({
  id,
  otherUser: { id: 100 + id, username: `m${id}`, avatar: null, statusText: null },
  lastMessage: message(lastId, id),
  unreadCount: 0,
  state: 'open',
  updatedAt: '2026-03-01T09:00:00.000Z',
});
const inbox = (...pages: TInboxItem[][]): InboxPages => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? null : { before: 'x', beforeId: i })) });
const ids = (d: InboxPages | null) => d?.pages.map((p) => p.map((c) => c.id));

describe('the cached inbox, kept from socket frames', () => {
  it('new_message moves its conversation to the top with it as the last message, from any loaded page', () => {
    const data = inbox([row(1, 10), row(2, 20)], [row(3, 30)]);
    const next = withNewMessage(data, 3, message(31, 3, '2026-03-01T11:00:00.000Z'));
    expect(ids(next)).toEqual([[3, 1, 2], []]);
    expect(next!.pages[0]![0]).toMatchObject({ lastMessage: { id: 31 }, updatedAt: '2026-03-01T11:00:00.000Z' });
    expect(next!.pageParams).toBe(data.pageParams);
  });

  it('a conversation not loaded asks for a refetch (null); a late frame changes nothing', () => {
    const data = inbox([row(1, 10)]);
    expect(withNewMessage(data, 9, message(90, 9))).toBeNull();
    expect(withNewMessage(data, 1, message(10, 1))).toBe(data);
    expect(withNewMessage(data, 1, message(5, 1))).toBe(data);
  });

  it("inbox_update sets that row's unread count; the same data when nothing changes", () => {
    const data = inbox([row(1, 10)], [row(2, 20)]);
    const next = withUnreadCount(data, 2, 3);
    expect(next.pages[1]![0]!.unreadCount).toBe(3);
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(withUnreadCount(next, 2, 3)).toBe(next);
    expect(withUnreadCount(data, 9, 1)).toBe(data);
  });
});
