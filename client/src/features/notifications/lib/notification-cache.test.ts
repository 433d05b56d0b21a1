import { describe, expect, it } from 'vitest';
import type { TNotification } from '@common/contracts/notifications';
import { createQueryClient } from '@/lib/query-client';
import { notificationKeys } from '../api/keys';
import { addNotificationToCache, markRead, markReadInCache, notificationHref, prependNotification } from './notification-cache';

const n = (id: number, isRead = false): TNotification => ({
  id,
  type: 'comment',
  title: `t${id}`,
  message: 'm',
  isRead,
  createdAt: '2026-03-01T10:00:00Z',
  postId: 1,
  commentId: 2,
  postSlug: 'a-post',
});

describe('notification cache', () => {
  it('prepends once and keeps the newest 50', () => {
    const full = Array.from({ length: 50 }, (_, i) => n(i + 1));
    const next = prependNotification(full, n(99));
    expect(next).toHaveLength(50);
    expect(next[0].id).toBe(99);
    expect(next.at(-1)?.id).toBe(49);
    expect(prependNotification(next, n(99))).toBe(next);
  });

  it('marks given ids or all, counting the ones that changed and the ones it did not hold', () => {
    const list = [n(1), n(2, true), n(3)];
    expect(markRead(list, [1, 2, 7])).toMatchObject({ changed: 1, missing: 1 });
    expect(markRead(list, []).changed).toBe(2);
    expect(markRead(list, []).list.every((x) => x.isRead)).toBe(true);
    expect(markRead([n(1, true)], [1]).list).toEqual([n(1, true)]);
  });

  it('counts up on a new one, down on a read one, never below 0', () => {
    const qc = createQueryClient();
    qc.setQueryData(notificationKeys.list, [n(1)]);
    qc.setQueryData(notificationKeys.unreadCount, { count: 0 }); // stale: the list says 1
    addNotificationToCache(qc, n(2));
    addNotificationToCache(qc, n(2));
    expect(qc.getQueryData(notificationKeys.unreadCount)).toEqual({ count: 1 });
    markReadInCache(qc, [1, 2]);
    expect(qc.getQueryData(notificationKeys.unreadCount)).toEqual({ count: 0 });
    addNotificationToCache(qc, n(3, true));
    expect(qc.getQueryData(notificationKeys.unreadCount)).toEqual({ count: 0 });
  });

  it('an id older than the list refetches the count', () => {
    const qc = createQueryClient();
    qc.setQueryData(notificationKeys.list, [n(1)]);
    qc.setQueryData(notificationKeys.unreadCount, { count: 4 });
    markReadInCache(qc, [77]);
    expect(qc.getQueryState(notificationKeys.unreadCount)?.isInvalidated).toBe(true);
  });

  it('links to the comment, the post, or the forum when the post is gone (spec §2)', () => {
    expect(notificationHref({ postSlug: 'van-racking', commentId: 12 })).toBe('/forum/posts/van-racking#comment-12');
    expect(notificationHref({ postSlug: 'van-racking', commentId: null })).toBe('/forum/posts/van-racking');
    expect(notificationHref({ postSlug: null, commentId: 12 })).toBe('/forum');
  });
});
