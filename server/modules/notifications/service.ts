import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TNotification, TNotificationReadResponse, TNotificationType } from '../../../common/contracts/notifications.ts';
import { NOTIFICATION_MSG } from '../../../common/rules/notifications.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../events.ts';
import { comments, notifications, posts, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import type { PushMessage } from '../push/index.ts';
import { presentNotification } from './presenter.ts';

// Forum notifications (spec §3 Notification, §4; docs/API.md "Notifications"). Created after the
// comment or post has committed, one per event and recipient, never for the actor; each new one and
// each read is pushed to the recipient's sockets in every process through the gateway, and each new
// one also to the recipient's devices (Web Push). Module-private helpers take the database and where
// to push; createNotificationService binds them once.

// ---- Where new notifications and reads are pushed ----

/** Sends a frame to every socket of a member, in every process (the gateway's sendToUser). */
export type SendToUser = (userId: number, frame: ServerFrame) => Promise<void>;

/**
 * Queues a Web Push notification to every device of a member and returns at once (the push service's
 * sendToUser: it skips suspended and deleted accounts, and logs rather than throws a failed send).
 */
export type SendToDevices = (userId: number, message: PushMessage) => void;

type NotificationPush = { sendToUser: SendToUser; sendToDevices: SendToDevices; log: Core['log'] };

async function push(target: NotificationPush, userId: number, frame: ServerFrame) {
  try {
    await target.sendToUser(userId, frame);
  } catch (err) {
    // The row is stored; the panel catches up on its next load.
    target.log.warn({ err, userId, frameType: frame.type }, 'notification push failed');
  }
}

// ---- Creating ----

/** Distinct @mentions a single post or comment may notify; more are ignored (no mass pinging). */
export const MAX_MENTIONS = 10;
/**
 * Mention notifications one member may cause in an hour, over all their posts and comments. Mentions
 * past it are not notified (the post or comment stands), so a burst of comments naming ten members
 * each cannot flood anyone's panel.
 */
export const MENTIONS_PER_HOUR = 30;
const TITLE_IN_MESSAGE = 60;

/**
 * The @usernames in a post or comment's markdown, lower-cased, distinct, in order of appearance, at
 * most MAX_MENTIONS. Not inside code; not the middle of an e-mail address or a longer word.
 */
export function parseMentions(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const found = new Set<string>();
  for (const m of text.matchAll(/(?<![A-Za-z0-9_@.])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/g)) {
    found.add(m[1].toLowerCase());
    if (found.size >= MAX_MENTIONS) break;
  }
  return [...found];
}

/** `"title"`, cut to fit a one-line message. */
function quoted(title: string) {
  const t = title.trim();
  return `"${t.length > TITLE_IN_MESSAGE ? `${t.slice(0, TITLE_IN_MESSAGE - 1).trimEnd()}…` : t}"`;
}

export const NOTIFICATION_TEXT = {
  comment: (actor: string, postTitle: string) => ({
    title: 'New comment on your post',
    message: `${actor} commented on ${quoted(postTitle)}`,
  }),
  reply: (actor: string, postTitle: string) => ({
    title: 'New reply to your comment',
    message: `${actor} replied to your comment on ${quoted(postTitle)}`,
  }),
  mentionInComment: (actor: string, postTitle: string) => ({
    title: 'You were mentioned',
    message: `${actor} mentioned you in a comment on ${quoted(postTitle)}`,
  }),
  mentionInPost: (actor: string, postTitle: string) => ({
    title: 'You were mentioned',
    message: `${actor} mentioned you in ${quoted(postTitle)}`,
  }),
};

type Draft = { userId: number; type: TNotificationType; title: string; message: string };

/** Verified, not deleted members with these (lower-cased) usernames. Uses users_username_lower_key. */
async function mentionedUserIds(db: Db, usernames: string[]): Promise<number[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, usernames), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Stores one notification per recipient (the first draft for a user wins, so callers list them by
 * precedence), skipping the actor and deleted accounts, then pushes each to its recipient.
 */
async function deliver(
  db: Db,
  to: NotificationPush,
  actorId: number,
  target: { postId: number; commentId: number | null; postSlug: string },
  drafts: Draft[],
) {
  const byUser = new Map<number, Draft>();
  for (const d of drafts) if (d.userId !== actorId && !byUser.has(d.userId)) byUser.set(d.userId, d);
  if (byUser.size === 0) return;
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...byUser.keys()]), isNull(users.deletedAt)));
  let rows = active.map(({ id }) => {
    const d = byUser.get(id)!;
    return { userId: id, type: d.type, actorId, postId: target.postId, commentId: target.commentId, title: d.title, message: d.message };
  });
  const created = await db.transaction(async (tx) => {
    if (rows.some((r) => r.type === 'mention')) {
      // The actor's row is locked so two of their comments at once cannot both spend the last of the
      // hour's allowance (MENTIONS_PER_HOUR); the stored mentions are the count, in the database's time.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actorId)).for('update');
      const [spent] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.actorId, actorId), eq(notifications.type, 'mention'), gt(notifications.createdAt, sql`now() - interval '1 hour'`)));
      let left = MENTIONS_PER_HOUR - Number(spent?.n ?? 0);
      rows = rows.filter((r) => r.type !== 'mention' || left-- > 0);
    }
    return rows.length === 0 ? [] : tx.insert(notifications).values(rows).returning();
  });
  for (const row of created) pushToDevices(to, row, target);
  await Promise.all(
    created.map((row) => push(to, row.userId, { type: 'notification:new', notification: presentNotification(row, target.postSlug) })),
  );
}

/** The page a notification opens: the post, at the comment when there is one (the anchor the client scrolls to). */
export function notificationUrl(postSlug: string, commentId: number | null): string {
  const post = `/forum/posts/${encodeURIComponent(postSlug)}`;
  return commentId === null ? post : `${post}#comment-${commentId}`;
}

/**
 * The stored notification to the member's devices: its title and message, opening its page. One tag
 * per post, so a busy thread replaces its earlier notification on the device instead of piling up.
 */
function pushToDevices(to: NotificationPush, row: typeof notifications.$inferSelect, target: { postId: number; commentId: number | null; postSlug: string }) {
  try {
    to.sendToDevices(row.userId, { title: row.title, body: row.message, url: notificationUrl(target.postSlug, target.commentId), tag: `post:${target.postId}` });
  } catch (err) {
    // The row is stored and the sockets still hear of it; only the device misses this one.
    to.log.warn({ err, userId: row.userId, notificationId: row.id }, 'notification web push failed');
  }
}

/**
 * After a comment has committed: the parent comment's author hears of a reply, the post's author of
 * a comment, each @mentioned member of a mention; one notification each (reply before comment before
 * mention), never the commenter. Never throws: a failure is logged and the comment stands.
 */
async function notifyNewComment(db: Db, to: NotificationPush, { actor, comment }: DomainEvents['comment.created']): Promise<void> {
  try {
    const [post] = await db
      .select({ id: posts.id, title: posts.title, slug: posts.slug, authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, comment.postId), isNull(posts.deletedAt)));
    if (!post) return;
    const drafts: Draft[] = [];
    if (comment.parentId !== null) {
      const [parent] = await db.select({ authorId: comments.authorId }).from(comments).where(eq(comments.id, comment.parentId));
      if (parent?.authorId != null) drafts.push({ userId: parent.authorId, type: 'reply', ...NOTIFICATION_TEXT.reply(actor.username, post.title) });
    }
    if (post.authorId !== null) drafts.push({ userId: post.authorId, type: 'comment', ...NOTIFICATION_TEXT.comment(actor.username, post.title) });
    for (const id of await mentionedUserIds(db, parseMentions(comment.content))) {
      drafts.push({ userId: id, type: 'mention', ...NOTIFICATION_TEXT.mentionInComment(actor.username, post.title) });
    }
    await deliver(db, to, actor.id, { postId: post.id, commentId: comment.id, postSlug: post.slug }, drafts);
  } catch (err) {
    to.log.error({ err }, 'notifications for a new comment failed');
  }
}

/** After a post has committed: each @mentioned member (not the author) is told once. Never throws. */
async function notifyNewPost(db: Db, to: NotificationPush, { actor, post }: DomainEvents['post.created']): Promise<void> {
  try {
    const ids = await mentionedUserIds(db, parseMentions(post.content));
    if (ids.length === 0) return;
    const [row] = await db.select({ slug: posts.slug }).from(posts).where(eq(posts.id, post.id));
    if (!row) return;
    const drafts = ids.map((id): Draft => ({ userId: id, type: 'mention', ...NOTIFICATION_TEXT.mentionInPost(actor.username, post.title) }));
    await deliver(db, to, actor.id, { postId: post.id, commentId: null, postSlug: row.slug }, drafts);
  } catch (err) {
    to.log.error({ err }, 'notifications for a new post failed');
  }
}

// ---- Reading (the owner only) ----

/** Newest first, with the live post's slug for the link. Walks notifications_user_idx. */
async function listNotifications(db: Db, userId: number, limit: number): Promise<TNotification[]> {
  const rows = await db
    .select({ n: notifications, postSlug: posts.slug })
    .from(notifications)
    .leftJoin(posts, and(eq(posts.id, notifications.postId), isNull(posts.deletedAt)))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map((r) => presentNotification(r.n, r.postSlug));
}

/** Uses the partial index notifications_unread_idx. */
async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks every unread notification of the user read; all their sockets hear `markRead {ids: []}`. */
async function markAllRead(db: Db, to: NotificationPush, now: Date, userId: number): Promise<{ count: 0 }> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await push(to, userId, { type: 'notification:markRead', ids: [] });
  return { count: 0 };
}

/**
 * Marks one of the user's notifications read (again is fine); all their sockets hear
 * `markRead {ids: [id]}`. Anyone else's, or a missing one: 404, so ids reveal nothing.
 */
async function markRead(db: Db, to: NotificationPush, userId: number, id: number): Promise<TNotificationReadResponse> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_MSG.notFound);
  await push(to, userId, { type: 'notification:markRead', ids: [row.id] });
  return { id: row.id, isRead: true };
}

/**
 * The notifications service: buildApp creates it once from the core, with the gateway's sendToUser
 * for the sockets and the push service's sendToUser for the devices. New notifications come from
 * post.created and comment.created (routes.ts subscribes).
 */
export function createNotificationService({
  db,
  clock,
  log,
  sendToUser,
  sendToDevices,
}: Pick<Core, 'db' | 'clock' | 'log'> & { sendToUser: SendToUser; sendToDevices: SendToDevices }) {
  const to: NotificationPush = { sendToUser, sendToDevices, log };
  return {
    notifyNewPost: (event: DomainEvents['post.created']) => notifyNewPost(db, to, event),
    notifyNewComment: (event: DomainEvents['comment.created']) => notifyNewComment(db, to, event),
    list: (userId: number, limit: number) => listNotifications(db, userId, limit),
    unreadCount: (userId: number) => unreadCount(db, userId),
    markAllRead: (userId: number) => markAllRead(db, to, clock.now(), userId),
    markRead: (userId: number, id: number) => markRead(db, to, userId, id),
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
