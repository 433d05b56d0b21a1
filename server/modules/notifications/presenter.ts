import type { TNotification } from '../../../common/contracts/notifications.ts';
import type { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Row → contract. `postSlug` is the live post's slug, null once the post is gone (the click goes to /forum). */
export function presentNotification(row: NotificationRow, postSlug: string | null): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    postId: row.postId,
    commentId: row.commentId,
    postSlug,
  };
}
